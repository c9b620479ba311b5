// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, screen, within } from '@testing-library/react';
import type { FieldDefinition, ListedRecord } from '@turnout/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInTheme } from '../../test/render.tsx';
import { RecordGrid, RecordList, RecordTable } from './RecordItems.tsx';

const VIEWER = 'aaaaaaaa-0000-4000-8000-000000000001';
const DANA = 'aaaaaaaa-0000-4000-8000-000000000002';
const SAM = 'aaaaaaaa-0000-4000-8000-000000000003';

const field = (property: string, title: string, table_sort_order: number): FieldDefinition =>
  ({ property, title, type: 'single-text', page: 1, table_sort_order, flags: { tableView: true } }) as FieldDefinition;

/** Five table-view fields of an incident: more than the three a card used to show. */
const COLUMNS = [
  field('incident_type', 'Incident type', 11),
  field('subtype', 'Incident subtype', 12),
  field('address', 'Incident address', 13),
  field('unit', 'First unit', 14),
  field('outcome', 'Outcome', 15),
];

const item = (overrides: Partial<ListedRecord>): ListedRecord => ({
  id: 'r1',
  version: 1,
  display_name: '2026-0412',
  place: 'created',
  assignee: null,
  due_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  incident_type: 'Fire',
  subtype: 'Structure fire',
  address: '1200 North Riverside Boulevard, Springfield',
  unit: 'Engine 7',
  outcome: 'Extinguished',
  ...overrides,
});

const RECORDS = [
  item({ id: 'r1', assignee: DANA, assigned_to: [{ id: DANA, display_name: 'Dana Reyes' }] }),
  item({ id: 'r2', assignee: VIEWER, assignee_2: SAM, assigned_to: [{ id: SAM, display_name: 'Sam Ortiz' }] }),
  // An assignee the server gave no name for (not a member of the department).
  item({ id: 'r3', assignee: SAM }),
];

const props = { records: RECORDS, selectedId: null, onOpen: () => undefined, columns: COLUMNS, showLabels: true, userId: VIEWER };

afterEach(cleanup);

describe('list items', () => {
  it('shows every table-view field on a card, each under its title, and who it is assigned to by name', () => {
    renderInTheme(<RecordGrid {...props} />);
    const [first, second, third] = screen.getAllByTestId('entity-list-item');
    // The fourth and fifth fields too, not only the first three.
    for (const text of ['Incident type', 'Fire', 'First unit', 'Engine 7', 'Outcome', 'Extinguished'])
      expect(within(first!).getByText(text)).toBeTruthy();
    expect(within(first!).getByText('Assigned: Dana Reyes')).toBeTruthy();
    expect(within(second!).getByText('Assigned: You +1')).toBeTruthy();
    expect(within(third!).getByText('Assigned')).toBeTruthy();
  });

  it('shows the values alone when the type hides labels, and a long value shrinks', () => {
    renderInTheme(<RecordList {...props} showLabels={false} />);
    const row = screen.getAllByTestId('entity-list-item')[0]!;
    expect(within(row).queryByText('Incident type')).toBeNull();
    expect(within(row).getByText('Extinguished')).toBeTruthy();
    expect(within(row).getByText('1200 North Riverside Boulevard, Springfield').className).toMatch(/long/);
    expect(within(row).getByText('Fire').className).not.toMatch(/long/);
  });

  it('gives the table a column per field, the place, and the assignees by name', () => {
    renderInTheme(<RecordTable {...props} nameTitle="Incident number" sort="default" onSort={() => undefined} showAssignee />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Incident number',
      'Incident type',
      'Incident subtype',
      'Incident address',
      'First unit',
      'Outcome',
      'Place',
      'Assignee',
    ]);
    const [, first, second, third] = screen.getAllByRole('row');
    expect(within(first!).getByText('Dana Reyes')).toBeTruthy();
    expect(within(second!).getByText('You, Sam Ortiz')).toBeTruthy();
    expect(within(third!).getByText('Assigned')).toBeTruthy();
  });
});
