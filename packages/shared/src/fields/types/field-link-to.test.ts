import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { fieldLinkTo } from './field-link-to.ts';

const field = { property: 'item', title: 'Item', type: 'field-link-to', validation: { required: true } };

describe('field-link-to', () => {
  it('is registered as a input type that holds no value', () => {
    expect(fieldTypeOf('field-link-to')).toBe(fieldLinkTo);
    expect(fieldLinkTo).toMatchObject({ key: 'field-link-to', family: 'input', holdsValue: false, filterKind: 'none' });
    expect(fieldLinkTo.defaultParams).toEqual({});
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
