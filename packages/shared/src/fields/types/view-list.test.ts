import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { viewList } from './view-list.ts';

const field = { property: 'item', title: 'Item', type: 'view-list', validation: { required: true } };

describe('view-list', () => {
  it('is registered as a input type that holds no value', () => {
    expect(fieldTypeOf('view-list')).toBe(viewList);
    expect(viewList).toMatchObject({ key: 'view-list', family: 'input', holdsValue: false, filterKind: 'none' });
    expect(viewList.defaultParams).toEqual({});
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
