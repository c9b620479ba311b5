import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { containerRow } from './container-row.ts';

const field = { property: 'item', title: 'Item', type: 'container-row', validation: { required: true } };

describe('container-row', () => {
  it('is registered as a container type that holds no value', () => {
    expect(fieldTypeOf('container-row')).toBe(containerRow);
    expect(containerRow).toMatchObject({ key: 'container-row', family: 'container', holdsValue: false, filterKind: 'none' });
    expect(containerRow.defaultParams).toEqual({ fieldList: [] });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
