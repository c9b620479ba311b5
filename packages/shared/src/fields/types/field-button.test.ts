import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { fieldButton } from './field-button.ts';

const field = { property: 'item', title: 'Item', type: 'field-button', validation: { required: true } };

describe('field-button', () => {
  it('is registered as a input type that holds no value', () => {
    expect(fieldTypeOf('field-button')).toBe(fieldButton);
    expect(fieldButton).toMatchObject({ key: 'field-button', family: 'input', holdsValue: false, filterKind: 'none' });
    expect(fieldButton.defaultParams).toEqual({ show_button_label: true, button_style: 'primary' });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
