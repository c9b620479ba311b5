import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { textLabel } from './text-label.ts';

const field = { property: 'item', title: 'Item', type: 'text-label', validation: { required: true } };

describe('text-label', () => {
  it('is registered as a display type that holds no value', () => {
    expect(fieldTypeOf('text-label')).toBe(textLabel);
    expect(textLabel).toMatchObject({ key: 'text-label', family: 'display', holdsValue: false, filterKind: 'none' });
    expect(textLabel.defaultParams).toEqual({ labelText: '' });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
