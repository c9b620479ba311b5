import { describe, expect, it } from 'vitest';
import {
  columnSortState,
  countFilters,
  dueStatusOf,
  emptyText,
  gridColumns,
  isLongValue,
  linkFilter,
  listQuery,
  NO_FILTERS,
  nameFieldOf,
  nextColumnSort,
  nextNameSort,
  nextSort,
} from './list-model.ts';

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

  it('sorts a column ascending, then descending, then back to the default; the header toggle leaves a column sort', () => {
    expect(nextColumnSort('default', 'flow_rate')).toBe('flow_rate');
    expect(nextColumnSort('flow_rate', 'flow_rate')).toBe('-flow_rate');
    expect(nextColumnSort('-flow_rate', 'flow_rate')).toBe('default');
    expect(nextColumnSort('-flow_rate', 'status')).toBe('status');
    expect(columnSortState('-flow_rate', 'flow_rate')).toBe('descending');
    expect(columnSortState('a_to_z', 'flow_rate')).toBe('none');
    expect(nextNameSort('flow_rate')).toBe('a_to_z');
    expect(nextNameSort('a_to_z')).toBe('z_to_a');
    expect(nextSort('-flow_rate')).toBe('default');
    expect(listQuery({ search: '', sort: '-flow_rate', filters: NO_FILTERS, linked: {} }, 1)).toMatchObject({ sort: '-flow_rate' });
  });

  it('names the field a record is named by: a formtitle of one field, else the first table-view field', () => {
    const fields = [
      { field_data: { property: 'location' } },
      { field_data: { property: 'number', flags: { tableView: true } } },
      { field_data: { property: 'flow', flags: { tableView: true } } },
    ];
    expect(nameFieldOf({ object_data: {}, fields })).toBe('number');
    expect(nameFieldOf({ object_data: { formtitle: '{flow}' }, fields })).toBe('flow');
    expect(nameFieldOf({ object_data: { formtitle: '{number} at {location}' }, fields })).toBeNull();
    expect(nameFieldOf({ object_data: {}, fields: [fields[0]!] })).toBeNull();
  });

  it('shrinks values over 24 characters and reads the due status from due_at', () => {
    expect(isLongValue('x'.repeat(24))).toBe(false);
    expect(isLongValue('x'.repeat(25))).toBe(true);
    const now = new Date(2026, 10, 26, 12, 0);
    expect(dueStatusOf(null, now)).toBeNull();
    expect(dueStatusOf('not a date', now)).toBeNull();
    expect(dueStatusOf(new Date(2026, 10, 26, 9, 0).toISOString(), now)?.kind).toBe('overdue');
    expect(dueStatusOf(new Date(2026, 10, 26, 18, 0).toISOString(), now)?.kind).toBe('today');
    expect(dueStatusOf(new Date(2026, 10, 28, 9, 0).toISOString(), now)?.kind).toBe('later');
  });
});
