import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { viewListInline } from './view-list-inline.ts';

const field = { property: 'item', title: 'Item', type: 'view-list-inline', validation: { required: true } };

describe('view-list-inline', () => {
  it('is registered as a input type that holds no value', () => {
    expect(fieldTypeOf('view-list-inline')).toBe(viewListInline);
    expect(viewListInline).toMatchObject({ key: 'view-list-inline', family: 'input', holdsValue: false, filterKind: 'none' });
    expect(viewListInline.defaultParams).toEqual({});
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
