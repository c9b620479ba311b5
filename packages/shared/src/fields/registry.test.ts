import { describe, expect, it } from 'vitest';
import { ALL_FIELD_TYPE_KEYS, FIELD_TYPE_KEYS } from './keys.ts';
import { FIELD_TYPES, fieldTypeOf } from './registry.ts';

describe('field-type registry', () => {
  it('has every field type of spec 02 §3, each under its own key and family', () => {
    expect(ALL_FIELD_TYPE_KEYS).toHaveLength(70);
    for (const [family, keys] of Object.entries(FIELD_TYPE_KEYS)) {
      for (const key of keys) {
        const type = FIELD_TYPES[key];
        expect(type, key).toBeDefined();
        expect(type?.key, key).toBe(key);
        expect(type?.family, key).toBe(family);
      }
    }
  });

  it('offers filters exactly for the types spec 02 §5 names', () => {
    const filters = Object.fromEntries(
      ALL_FIELD_TYPE_KEYS.filter((k) => FIELD_TYPES[k]?.filterKind !== 'none').map((k) => [k, FIELD_TYPES[k]?.filterKind]),
    );
    expect(filters).toEqual({
      'select-list': 'dropdown',
      'checkbox-multiselect': 'dropdown',
      'select-list-multiple': 'dropdown',
      'radio-list': 'dropdown',
      'select-adhoc': 'dropdown-adhoc',
      'radio-adhoc': 'dropdown-adhoc',
      'checkbox-multiselect-adhoc': 'dropdown-adhoc',
      'yes-no': 'dropdown-boolean',
      'date-picker': 'date',
      'date-time-picker': 'date',
      'date-range': 'date',
    });
  });

  it('holds no value for headings, labels, column breaks and layout containers', () => {
    for (const key of [
      'heading',
      'text-label',
      'column-break',
      'container-row',
      'container-group',
      'container-tile',
      'container-button',
    ] as const) {
      expect(FIELD_TYPES[key]?.holdsValue, key).toBe(false);
    }
  });

  it('treats an unknown type as text', () => {
    expect(fieldTypeOf('made-up').key).toBe('single-text');
    expect(fieldTypeOf(undefined).key).toBe('single-text');
  });
});
