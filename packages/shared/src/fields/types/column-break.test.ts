import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { columnBreak } from './column-break.ts';

const field = { property: 'item', title: 'Item', type: 'column-break', validation: { required: true } };

describe('column-break', () => {
  it('is registered as a display type that holds no value', () => {
    expect(fieldTypeOf('column-break')).toBe(columnBreak);
    expect(columnBreak).toMatchObject({ key: 'column-break', family: 'display', holdsValue: false, filterKind: 'none' });
    expect(columnBreak.defaultParams).toEqual({});
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
