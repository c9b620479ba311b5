import { describe, expect, it } from 'vitest';
import { countFilters, emptyText, gridColumns, linkFilter, listQuery, NO_FILTERS, nextSort } from './list-model.ts';

describe('entity list model', () => {
  it('cycles the sort default → a_to_z → z_to_a → default', () => {
    expect(nextSort('default')).toBe('a_to_z');
    expect(nextSort('a_to_z')).toBe('z_to_a');
    expect(nextSort('z_to_a')).toBe('default');
  });

  it('computes grid columns as round(width / 140), at least one', () => {
    expect(gridColumns(1120)).toBe(8);
    expect(gridColumns(358)).toBe(3);
    expect(gridColumns(50)).toBe(1);
  });

  it('reads the link filter: properties with id values only', () => {
    expect(linkFilter('{"apparatus":"a1","bad key":"x","n":{"id":"p2"},"o":{}}')).toEqual({ apparatus: 'a1', n: 'p2' });
    expect(linkFilter('not json')).toEqual({});
    expect(linkFilter('[1]')).toEqual({});
    expect(linkFilter(null)).toEqual({});
  });

  it('builds the list query of spec 01 §7', () => {
    expect(listQuery({ search: '', sort: 'default', filters: NO_FILTERS, linked: {} }, 1)).toEqual({
      page: 1,
      per_page: 48,
      sort: 'default',
    });
    const query = listQuery(
      {
        search: 'H-0',
        sort: 'a_to_z',
        filters: { custom: { status: 'in_service' }, dates: { last_tested: { from: '2025-01-01' } }, assignee: 'me', place: 'created' },
        linked: { apparatus: 'a1' },
      },
      2,
    );
    expect(query).toEqual({
      page: 2,
      per_page: '',
      sort: 'a_to_z',
      'filter[display_name]': 'H-0',
      'filter[custom][status]': 'in_service',
      'filter[custom][apparatus]': 'a1',
      'filter[custom][last_tested][from]': '2025-01-01',
      'filter[assignee]': 'me',
      'filter[place]': 'created',
    });
  });

  it('counts applied filters and words the empty list', () => {
    expect(countFilters({ custom: { a: '1' }, dates: { d: {}, e: { to: '2025-01-01' } }, place: 'created' })).toBe(3);
    expect(emptyText('Hydrant')).toBe("No 'Hydrant' found");
  });
});
