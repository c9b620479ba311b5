import { describe, expect, it } from 'vitest';
import { fieldFilters } from './filter-model.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property.toUpperCase(), type, ...extra },
});
const options = {
  params: {
    options: [
      { key: 'a', label: 'Alpha' },
      { key: 'b', label: 'Bravo' },
    ],
  },
};

describe('fieldFilters', () => {
  it('offers the filter kinds of spec 02 §5 for the listed field types only', () => {
    const type = {
      fields: [
        f('name', 'single-text'),
        f('kind', 'select-list', options),
        f('tag', 'select-adhoc', options),
        f('ok', 'yes-no'),
        f('on', 'date-picker'),
        f('span', 'date-range'),
        f('off', 'select-list', { params: { options: [], canUseAsFilter: false } }),
        f('secret', 'select-list', { ...options, permissions: { visible_to: ['Tenant Admin'] } }),
        f('unit', 'select-list', { params: { options: [], sourceName: 'apparatus' } }),
      ],
    } as never;
    const filters = fieldFilters(type, { role: 'Tenant User', isGlobalAdmin: false });
    expect(filters.map((x) => [x.property, x.kind])).toEqual([
      ['kind', 'dropdown'],
      ['tag', 'dropdown-adhoc'],
      ['ok', 'dropdown-boolean'],
      ['on', 'date'],
      ['span', 'date'],
      ['unit', 'dropdown'],
    ]);
    expect(filters[1]!.choices.at(-1)).toEqual({ value: 'NULL', label: 'Blank or missing' });
    expect(filters[2]!.choices).toEqual([
      { value: 'true', label: 'YES' },
      { value: 'false', label: 'NO' },
    ]);
    expect(filters[5]!.sourceName).toBe('apparatus');
    expect(fieldFilters(type, { role: 'Tenant Admin', isGlobalAdmin: false }).map((x) => x.property)).toContain('secret');
  });
});
