import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { containerButton } from './container-button.ts';

const field = { property: 'item', title: 'Item', type: 'container-button', validation: { required: true } };

describe('container-button', () => {
  it('is registered as a container type that holds no value', () => {
    expect(fieldTypeOf('container-button')).toBe(containerButton);
    expect(containerButton).toMatchObject({ key: 'container-button', family: 'container', holdsValue: false, filterKind: 'none' });
    expect(containerButton.defaultParams).toEqual({ fieldList: [], show_button_label: true, button_style: 'primary' });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
