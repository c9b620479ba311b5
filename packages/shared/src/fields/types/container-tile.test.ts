import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { containerTile } from './container-tile.ts';

const field = { property: 'item', title: 'Item', type: 'container-tile', validation: { required: true } };

describe('container-tile', () => {
  it('is registered as a container type that holds no value', () => {
    expect(fieldTypeOf('container-tile')).toBe(containerTile);
    expect(containerTile).toMatchObject({ key: 'container-tile', family: 'container', holdsValue: false, filterKind: 'none' });
    expect(containerTile.defaultParams).toEqual({ fieldList: [] });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
