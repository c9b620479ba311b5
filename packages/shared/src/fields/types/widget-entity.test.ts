import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { widgetEntity } from './widget-entity.ts';

const field = { property: 'item', title: 'Item', type: 'widget-entity', validation: { required: true } };

describe('widget-entity', () => {
  it('is registered as a input type that holds no value', () => {
    expect(fieldTypeOf('widget-entity')).toBe(widgetEntity);
    expect(widgetEntity).toMatchObject({ key: 'widget-entity', family: 'input', holdsValue: false, filterKind: 'none' });
    expect(widgetEntity.defaultParams).toEqual({});
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
