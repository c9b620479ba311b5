// @vitest-environment jsdom
import '../../../test/dom.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, EntityTypeLite } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { makeGlobalAdmin, makeUser, RIVERSIDE } from '../../../test/users.ts';
import { CurrentUserProvider } from '../../identity/current-user.tsx';
import { ManageEntityTypesPage } from './ManageEntityTypesPage.tsx';

const lite = (id: string, label: string, name: string, sort_order: number): EntityTypeLite => ({
  id,
  name,
  label,
  tenant_id: RIVERSIDE.id,
  sort_order,
  is_module: false,
  is_core: false,
  is_task: false,
  is_global: false,
  date_significant: false,
  modified_at: '2026-11-01T00:00:00.000Z',
  object_data: { icon: 'flame' },
});

const TYPES = [lite('t2', 'Hydrant', 'hydrant', 2000), lite('t1', 'Incident Report', 'incident_report', 1000)];
const MISSING = "Entity type 'apparatus' not found (Import type 'apparatus' first.)";

let routes: ReturnType<typeof routeFetch>;

function open(user: CurrentUser, importAnswer: (body: Record<string, unknown>) => Response = () => json(201, {})) {
  routes = routeFetch({
    'GET /api/entity-type/lite': () => json(200, { data: TYPES }),
    'DELETE /api/entity-type/t2': () => json(200, { message: 'Deleted Successfully' }),
    'POST /api/entity-type': (_url, body) => importAnswer(body as Record<string, unknown>),
  });
  vi.stubGlobal('fetch', routes.fetch);
  return renderRoutes(
    [
      {
        path: '/settings/admin-tools/manage-entity-types/index',
        element: (
          <CurrentUserProvider user={user}>
            <ManageEntityTypesPage />
          </CurrentUserProvider>
        ),
      },
    ],
    '/settings/admin-tools/manage-entity-types/index',
  );
}

const rowNames = () => screen.getAllByRole('link', { name: /^Edit / }).map((link) => link.getAttribute('aria-label'));

async function importFile(mode: 'Import as new entity type' | 'Import as updated entity type', text: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: mode }));
  const input = screen.getByLabelText('Entity type JSON file') as HTMLInputElement;
  const file = new File([text], 'apparatus_check.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage Entity Types', { timeout: 20_000 }, () => {
  it('lists the types in sort order, sorts A–Z and Z–A, and searches after a pause', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }));
    await screen.findByRole('link', { name: 'Edit Hydrant' });
    expect(rowNames()).toEqual(['Edit Incident Report', 'Edit Hydrant']);
    expect(screen.getByRole('button', { name: "Drag to reorder 'Hydrant'" })).toBeTruthy();
    fireEvent.click(screen.getByText('Z–A'));
    expect(rowNames()).toEqual(['Edit Incident Report', 'Edit Hydrant']);
    fireEvent.click(screen.getByText('A–Z'));
    expect(rowNames()).toEqual(['Edit Hydrant', 'Edit Incident Report']);
    expect(screen.queryByRole('button', { name: "Drag to reorder 'Hydrant'" })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search entity types' }), { target: { value: 'incid' } });
    await waitFor(() => expect(rowNames()).toEqual(['Edit Incident Report']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search entity types' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText("No entity types match 'nothing like it'")).toBeTruthy();
  });

  it('deletes a type from its menu after warning that its records become inaccessible', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Hydrant' }));
    expect(await screen.findByRole('menuitem', { name: "View 'Hydrant' list" })).toHaveProperty(
      'href',
      expect.stringContaining('/entity-list/?type=hydrant'),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: "Delete type 'Hydrant'" }));
    const dialog = await screen.findByRole('dialog', { name: "Delete type 'Hydrant'" });
    expect(dialog.textContent).toContain('All of its records will become inaccessible.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeTruthy();
    expect(routes.calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/entity-type/t2')).toBe(true);
  });

  it("offers 'Skip Type Checks and Try Again' when an imported type names a missing one, and resends with skipTypeChecks", async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }), (body) =>
      (body.importArgs as { skipTypeChecks?: boolean }).skipTypeChecks
        ? json(200, { data: {}, message: 'Entity type updated successfully.' })
        : json(422, { message: MISSING, errors: { 'fields.0.field_data.params.sourceName': [MISSING] } }),
    );
    await screen.findByRole('link', { name: 'Edit Hydrant' });
    await importFile('Import as updated entity type', JSON.stringify({ name: 'apparatus_check', label: 'Apparatus Check', fields: [] }));
    expect(await screen.findByText(`An error occurred: ${MISSING}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip Type Checks and Try Again' }));
    expect(await screen.findByText('Entity type updated successfully.')).toBeTruthy();
    const sent = routes.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { importArgs: unknown }).importArgs);
    expect(sent).toEqual([{ mode: 'update' }, { mode: 'update', skipTypeChecks: true }]);
  });

  it('refuses a file that is not an export without sending it', async () => {
    open(makeGlobalAdmin({ tenant_id: RIVERSIDE.id }));
    await screen.findByRole('link', { name: 'Edit Hydrant' });
    await importFile('Import as new entity type', 'not json');
    expect(await screen.findByText('An error occurred: The file is not JSON.')).toBeTruthy();
    expect(routes.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is closed to users who may not modify entity types', async () => {
    open(makeUser());
    expect(await screen.findByText('Managing entity types needs permission to modify entity types.')).toBeTruthy();
  });
});
