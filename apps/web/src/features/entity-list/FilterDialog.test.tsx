// @vitest-environment jsdom
import '../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { theme } from '../../app/theme.ts';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { RIVERSIDE } from '../../test/users.ts';
import { FilterDialog } from './FilterDialog.tsx';
import { fieldFilters } from './filter-model.ts';
import { NO_FILTERS } from './list-model.ts';

const f = (property: string, title: string, type: string, params: Record<string, unknown> = {}) => ({
  field_data: { property, title, type, params },
});
const TYPE = {
  fields: [
    f('kind', 'Kind', 'select-list', { options: [{ key: 'attack', label: 'Attack' }] }),
    f('tag', 'Tag', 'select-adhoc', { options: [{ key: 'red', label: 'Red' }] }),
    f('ok', 'Passed', 'yes-no'),
    f('tested', 'Tested', 'date-picker'),
  ],
} as never;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 5_000 }));
}

function open(withTenant: boolean) {
  vi.stubGlobal(
    'fetch',
    routeFetch({
      'GET /api/tenant': () =>
        json(200, {
          data: [{ ...RIVERSIDE, color: null, date_format: 'DATE_SHORT', time_format: 'TIME_WITH_SECONDS', SYSTEM_display_picture: null }],
          meta: { current_page: 1, last_page: 1, per_page: 240, total: 1, from: 1, to: 1 },
        }),
    }).fetch,
  );
  const onApply = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <FilterDialog
          opened
          filters={fieldFilters(TYPE, { role: 'Tenant User', isGlobalAdmin: false })}
          applied={NO_FILTERS}
          withTenant={withTenant}
          onApply={onApply}
          onClose={vi.fn()}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onApply, dialog: screen.getByRole('dialog', { name: 'Apply Filters' }) };
}

describe('FilterDialog', () => {
  it("shows the dropdown texts of spec 02 §5: '(No Selection)' first, 'Select an item', 'Start Typing' while open", async () => {
    const { dialog } = open(false);
    const kind = within(dialog).getByRole('combobox', { name: 'Kind' });
    expect(kind.getAttribute('placeholder')).toBe('Select an item');
    fireEvent.click(kind);
    expect(await screen.findByRole('option', { name: '(No Selection)' }, { timeout: 5_000 })).toBeTruthy();
    expect(kind.getAttribute('placeholder')).toBe('Start Typing');
  });

  it('offers every filter kind and applies the choices', async () => {
    const { onApply, dialog } = open(false);
    expect(within(dialog).queryByRole('combobox', { name: 'Tenant' })).toBeNull();
    await choose(dialog, 'Kind', 'Attack');
    await choose(dialog, 'Tag', 'Blank or missing');
    await choose(dialog, 'Passed', 'YES');
    fireEvent.change(within(dialog).getByLabelText('Tested from'), { target: { value: '2026-01-01' } });
    await choose(dialog, 'Assignee', 'Me');
    await choose(dialog, 'Place', 'In Progress');
    expect(within(dialog).queryByText(/arrives with/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      custom: { kind: 'attack', tag: 'NULL', ok: 'true' },
      dates: { tested: { from: '2026-01-01' } },
      assignee: 'me',
      place: 'in_progress',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    expect(onApply).toHaveBeenLastCalledWith(NO_FILTERS);
  }, 30_000);

  it('offers the tenant filter to global admins', async () => {
    const { onApply, dialog } = open(true);
    await choose(dialog, 'Tenant', RIVERSIDE.display_name);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ...NO_FILTERS, tenantId: RIVERSIDE.id });
  }, 30_000);
});
