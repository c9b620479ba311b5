import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field = (validation: FieldDefinition['validation'] = {}): FieldDefinition => ({
  property: 'shared_with',
  title: 'Shared with',
  type: 'select-tenant-multiple',
  validation,
});

describe('select-tenant-multiple', () => {
  it('stores a list of references, from ids or objects, without repeats', () => {
    expect(validateField(field(), ['t1', { id: 't2', display_name: 'North FD' }, { id: 't1', display_name: 'Again' }])).toEqual({
      value: [{ id: 't1' }, { id: 't2', display_name: 'North FD' }],
      errors: [],
    });
    expect(validateField(field(), 't3').value).toEqual([{ id: 't3' }]);
  });

  it('prints names, else ids', () => {
    expect(fieldText(field(), [{ id: 't1' }, { id: 't2', display_name: 'North FD' }])).toBe('t1, North FD');
  });

  it('is required, holds to max selections, and refuses items without ids', () => {
    expect(validateField(field({ required: true }), []).errors).toEqual(['Shared with is a required field.']);
    expect(validateField(field({ max_selections: 1 }), ['t1', 't2']).errors).toEqual(['Shared with may have at most 1 selections.']);
    expect(validateField(field(), [{ name: 'x' }]).errors).toEqual(['Shared with is not valid.']);
  });
});
