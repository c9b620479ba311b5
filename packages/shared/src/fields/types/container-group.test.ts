import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { containerGroup } from './container-group.ts';

const field = { property: 'item', title: 'Item', type: 'container-group', validation: { required: true } };

describe('container-group', () => {
  it('is registered as a container type that holds no value', () => {
    expect(fieldTypeOf('container-group')).toBe(containerGroup);
    expect(containerGroup).toMatchObject({ key: 'container-group', family: 'container', holdsValue: false, filterKind: 'none' });
    expect(containerGroup.defaultParams).toEqual({ fieldList: [] });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
