import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_COUNT, fieldTypeLabel, fieldTypeSelectData, isFileLike, validationKeysFor } from './field-types.ts';

describe('the type select', () => {
  it('groups the 70 types by family; query-logic only for global admins', () => {
    const all = fieldTypeSelectData(true);
    expect(all.map((g) => g.group)).toEqual([
      'Selectors',
      'Dates',
      'Text',
      'Numbers and choice',
      'Other inputs',
      'Computed',
      'Display',
      'Containers',
      'Quiz fields',
    ]);
    expect(all.flatMap((g) => g.items)).toHaveLength(FIELD_TYPE_COUNT);
    expect(FIELD_TYPE_COUNT).toBe(70);
    const tenant = fieldTypeSelectData(false).flatMap((g) => g.items.map((i) => i.value));
    expect(tenant).toHaveLength(69);
    expect(tenant).not.toContain('query-logic');
  });

  it('labels types for people', () => {
    expect(fieldTypeLabel('date-time-picker')).toBe('Date time picker');
    expect(fieldTypeLabel('yes-no')).toBe('Yes / No');
    expect(fieldTypeLabel('mystery')).toBe('Mystery');
  });
});

describe('validationKeysFor', () => {
  it('offers required and on_create_only for fields holding a value, nothing for display, container and computed fields', () => {
    expect(validationKeysFor('single-text', {})).toEqual(['required', 'on_create_only']);
    expect(validationKeysFor('heading', {})).toEqual([]);
    expect(validationKeysFor('container-row', {})).toEqual([]);
    expect(validationKeysFor('formula-result', {})).toEqual([]);
  });

  it('follows spec 03 §5 for numbers: ranges take min and max, plain numbers digits, sliders all', () => {
    expect(validationKeysFor('number-entry', {})).toEqual(['required', 'on_create_only', 'digits', 'integer']);
    expect(validationKeysFor('number-entry', { isNumberRange: true })).toEqual(['required', 'on_create_only', 'min', 'max', 'integer']);
    expect(validationKeysFor('number-slider', {})).toEqual(['required', 'on_create_only', 'min', 'max', 'integer', 'digits']);
    expect(validationKeysFor('year-entry', {})).toEqual(['required', 'on_create_only']);
  });

  it('gives multi-selects their selection bounds', () => {
    expect(validationKeysFor('checkbox-multiselect-adhoc', {})).toContain('max_selections');
    expect(validationKeysFor('select-list', {})).not.toContain('max_selections');
  });

  it('knows which fields print as images on a report', () => {
    expect(isFileLike('signature-pad')).toBe(true);
    expect(isFileLike('single-file')).toBe(true);
    expect(isFileLike('single-text')).toBe(false);
  });
});
