// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liteType } from '../test/entity-types.ts';
import { json, routeFetch } from '../test/fetch-mock.ts';
import { ENTITY_PAGE, searchesWith } from './common/entity-search.ts';
import { renderField } from './common/test-render.tsx';
import { radioTableGrid } from './radio-table.tsx';

const HYDRANT = liteType({ id: 't1', name: 'hydrant', label: 'Hydrant' });

/** GET /api/entity-type/lite and GET /api/entity-type/t1 answer the hydrant type with these fields. */
const hydrantWith = (fields: object[]) =>
  routeFetch({
    'GET /api/entity-type/lite': () => json(200, { data: [HYDRANT] }),
    'GET /api/entity-type/t1': () =>
      json(200, { data: { ...HYDRANT, pages: 1, fields, actions: [], alarms: [], reports: [], allowed_transitions: [] } }),
  });

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `o${i}`, label: `Option ${i}` }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('select lists (spec 02 §5)', () => {
  it('search appears only above 5 options', () => {
    renderField({ property: 'a', title: 'Five', type: 'select-list', params: { options: options(5) } });
    expect(screen.getByRole('combobox', { name: 'Five' })).toHaveProperty('readOnly', true);
    cleanup();
    renderField({ property: 'b', title: 'Six', type: 'select-list', params: { options: options(6) } });
    expect(screen.getByRole('combobox', { name: 'Six' })).toHaveProperty('readOnly', false);
  });

  it('has (No Selection) first, the placeholder Select an item, and (None) read-only', async () => {
    const { changes } = renderField(
      { property: 'a', title: 'Unit', type: 'select-list', params: { options: options(3) } },
      { value: 'o1' },
    );
    const input = screen.getByRole('combobox', { name: 'Unit' });
    expect(input.getAttribute('placeholder')).toBe('Select an item');
    fireEvent.click(input);
    const rows = await screen.findAllByRole('option');
    expect(rows[0]!.textContent).toBe('(No Selection)');
    fireEvent.click(rows[0]!);
    expect(changes.at(-1)).toBeNull();
    cleanup();
    renderField({ property: 'a', title: 'Unit', type: 'select-list', params: { options: options(3) } }, { editable: false });
    expect(screen.getByText('(None)')).toBeTruthy();
  });

  it('stores a number key as a number', async () => {
    const { changes } = renderField({
      property: 'a',
      title: 'Count',
      type: 'select-list',
      params: { options: [{ key: 1, label: 'One' } as never, { key: 2, label: 'Two' } as never] },
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Count' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Two' }));
    expect(changes).toEqual([2]);
  });

  it('radio lists show as a row up to 3 options and as a list above', () => {
    const { container } = renderField({ property: 'a', title: 'Row', type: 'radio-list', params: { options: options(3) } });
    expect(container.querySelector('[data-layout="row"]')).not.toBeNull();
    cleanup();
    const list = renderField({ property: 'a', title: 'List', type: 'radio-list', params: { options: options(4) } });
    expect(list.container.querySelector('[data-layout="list"]')).not.toBeNull();
  });

  it('checkbox multi-select disables the rest at max_selections and says the bounds', () => {
    renderField(
      {
        property: 'a',
        title: 'Hazards',
        type: 'checkbox-multiselect',
        params: { options: options(4) },
        validation: { min_selections: 1, max_selections: 2 },
      },
      { value: ['o0', 'o1'] },
    );
    expect(screen.getByText('Choose 1 to 2.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Option 2' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Option 0' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('ad-hoc checkboxes add a new value', () => {
    const { changes } = renderField({
      property: 'a',
      title: 'Agencies',
      type: 'checkbox-multiselect-adhoc',
      params: { options: options(2) },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Other Agencies' }), { target: { value: 'Coast Guard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(changes.at(-1)).toEqual(['Coast Guard']);
  });

  it('the required marker shows only when the field is editable', () => {
    const { container } = renderField({
      property: 'a',
      title: 'Unit',
      type: 'select-list',
      params: { options: options(2) },
      validation: { required: true },
    });
    expect(container.querySelector('.mantine-InputWrapper-required')).not.toBeNull();
    cleanup();
    const view = renderField(
      { property: 'a', title: 'Unit', type: 'select-list', params: { options: options(2) }, validation: { required: true } },
      { editable: false },
    );
    expect(view.container.querySelector('.mantine-InputWrapper-required')).toBeNull();
  });

  it('radio tables keep at most 50 rows and 5 columns, one choice per row', () => {
    const grid = radioTableGrid({ rowHeaders: options(60), columnHeaders: options(7) });
    expect(grid.rows).toHaveLength(50);
    expect(grid.columns).toHaveLength(5);
    const { changes } = renderField({
      property: 't',
      title: 'Check',
      type: 'radio-table',
      params: { rowHeaders: options(2), columnHeaders: options(2) },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Option 0: Option 1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Option 0: Option 0' }));
    expect(changes.at(-1)).toEqual([{ rowId: 'o0', rowDisplayName: 'Option 0', columnId: 'o0', columnDisplayName: 'Option 0' }]);
  });
});

describe('entity selectors', () => {
  it('search with 0 or at least 3 characters', () => {
    expect(searchesWith('')).toBe(true);
    expect(searchesWith('ab')).toBe(false);
    expect(searchesWith('abc')).toBe(true);
    expect(ENTITY_PAGE).toBe(24);
  });

  it("query the department's members (GET /personnel) 300 ms after typing, 24 a page, with Load more", async () => {
    const page = (n: number) => Array.from({ length: 24 }, (_, i) => ({ id: `p${n}-${i}`, display_name: `Person ${n}-${i}` }));
    const { fetch, calls } = routeFetch({
      'GET /api/personnel': (url) =>
        json(200, { data: page(Number(url.searchParams.get('page'))), meta: { current_page: 1, last_page: 3 } }),
    });
    vi.stubGlobal('fetch', fetch);
    renderField({ property: 'officer', title: 'Officer', type: 'select-personnel' });
    const input = screen.getByRole('textbox', { name: 'Officer' });
    fireEvent.focus(input);
    await screen.findByText('Person 1-0');
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('24');
    fireEvent.change(input, { target: { value: 'ri' } });
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'riv' } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('search') === 'riv')).toBe(true));
    expect(calls.some((c) => c.url.searchParams.get('search') === 'ri')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('page') === '2')).toBe(true));
  });

  it('lockedToCreator fills in the creator in add mode and cannot be changed', async () => {
    const { changes } = renderField(
      { property: 'member', title: 'Member', type: 'select-personnel', params: { lockedToCreator: true } },
      { mode: 'add' },
    );
    await waitFor(() => expect(changes).toEqual([{ id: 'p1', display_name: 'Frankie Firefighter' }]));
    expect(screen.getByText('Frankie Firefighter')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Member' })).toBeNull();
  });

  it('select-entity-type and select-field show labels, not raw keys, in view mode', async () => {
    const { fetch } = hydrantWith([{ field_data: { property: 'flow_gpm', title: 'Flow', type: 'number-entry', page: 1 } }]);
    vi.stubGlobal('fetch', fetch);
    renderField({ property: 'target', title: 'Target', type: 'select-entity-type' }, { editable: false, mode: 'view', value: 'hydrant' });
    expect(await screen.findByText('Hydrant')).toBeTruthy();
    cleanup();
    renderField(
      { property: 'column', title: 'Column', type: 'select-field', params: { entityTypeTarget: 'hydrant' } },
      { editable: false, mode: 'view', value: 'flow_gpm' },
    );
    expect(await screen.findByText('Flow (flow_gpm)')).toBeTruthy();
  });

  it('select-filters offers the filters of its type: filterable fields the role may see, then assignee, place, tenant', async () => {
    const field = (property: string, type: string, extra: object = {}) => ({
      field_data: { property, title: property, type, page: 1, ...extra },
    });
    const { fetch } = hydrantWith([
      field('condition', 'select-list', { title: 'Condition', params: { options: [{ key: 'ok', label: 'OK' }] } }),
      field('notes', 'single-text'),
      field('zone', 'select-list', { params: { canUseAsFilter: false, options: [{ key: 'a', label: 'A' }] } }),
      field('secret', 'yes-no', { permissions: { visible_to: ['Tenant Admin'] } }),
      field('inspected', 'date-picker', { title: 'Inspected' }),
    ]);
    vi.stubGlobal('fetch', fetch);
    const { changes } = renderField(
      { property: 'filters', title: 'Filters', type: 'select-filters', params: { entityTypeTarget: 'hydrant' } },
      { record: { user: { id: 'u1', name: 'Frankie Firefighter', isGlobalAdmin: false, role: 'Tenant User' } } },
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Filters' }));
    await waitFor(() => {
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Condition', 'Inspected', 'Assignee', 'Place', 'Tenant']);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Condition' }));
    expect(changes.at(-1)).toEqual(['condition']);
  });
});
