import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { heading } from './heading.ts';

const field = { property: 'item', title: 'Item', type: 'heading', validation: { required: true } };

describe('heading', () => {
  it('is registered as a display type that holds no value', () => {
    expect(fieldTypeOf('heading')).toBe(heading);
    expect(heading).toMatchObject({ key: 'heading', family: 'display', holdsValue: false, filterKind: 'none' });
    expect(heading.defaultParams).toEqual({ headingText: '' });
  });

  it('is never required, stores nothing and prints nothing', () => {
    expect(validateField(field, 'something')).toEqual({ value: undefined, errors: [] });
    expect(validateField(field, null).errors).toEqual([]);
    expect(fieldText(field, 'something')).toBe('');
  });
});
