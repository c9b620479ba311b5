import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';

const field: FieldDefinition = { property: 'officer', title: 'Officer', type: 'select-personnel', validation: { required: true } };
const id = '4c8a0d3e-6a7b-4f5e-9d1c-2b3a4c5d6e7f';

describe('select-personnel', () => {
  it('stores a reference { id, display_name } and prints the name', () => {
    expect(validateField(field, { id, display_name: 'Jo Smith', email: 'jo@example.org' })).toEqual({
      value: { id, display_name: 'Jo Smith' },
      errors: [],
    });
    expect(fieldText(field, { id, display_name: 'Jo Smith' })).toBe('Jo Smith');
  });

  it('stores a plain id as { id } and prints the id when there is no name', () => {
    expect(validateField(field, id)).toEqual({ value: { id }, errors: [] });
    expect(validateField(field, 42).value).toEqual({ id: '42' });
    expect(fieldText(field, { id })).toBe(id);
  });

  it('is required, and refuses objects without an id', () => {
    expect(validateField(field, '').errors).toEqual(['Officer is a required field.']);
    expect(validateField(field, { id: null }).errors).toEqual(['Officer is a required field.']);
    expect(validateField(field, { display_name: 'Jo Smith' }).errors).toEqual(['Officer is not valid.']);
    expect(validateField(field, [id]).errors).toEqual(['Officer is not valid.']);
  });
});

describe('select-personnel with params.multiple', () => {
  const crew = { property: 'crew', title: 'Crew', type: 'select-personnel', params: { multiple: true } };
  it('stores a list of references, repeats dropped, and prints them joined', async () => {
    const { validateField, fieldText } = await import('../validate.ts');
    const check = validateField(crew, ['a1', { id: 'b2', display_name: 'Bo' }, 'a1']);
    expect(check).toEqual({ value: [{ id: 'a1' }, { id: 'b2', display_name: 'Bo' }], errors: [] });
    expect(fieldText(crew, check.value)).toBe('a1, Bo');
    expect(validateField({ ...crew, validation: { required: true } }, []).errors).toEqual(['Crew is a required field.']);
    expect(validateField({ ...crew, params: {} }, [{ id: 'a1' }]).errors).toEqual(['Crew is not valid.']);
  });
});
