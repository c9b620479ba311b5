// @vitest-environment jsdom
import '../../test/dom.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser, PermissionLevel } from '@turnout/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { makeEditView } from '../../test/permissions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LAKESIDE, makeGlobalAdmin, makeUser, RIVERSIDE } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { ManagePermissionsPage } from './ManagePermissionsPage.tsx';
import type { EditView } from './permissions-api.ts';

const tenantRow = (t: typeof RIVERSIDE) => ({
  ...t,
  color: null,
  date_format: 'DATE_SHORT',
  time_format: 'TIME_WITH_SECONDS',
  SYSTEM_display_picture: null,
});

let routes: ReturnType<typeof routeFetch>;
let editView: EditView;
let saveAnswer: () => Response;

function setUp(user: CurrentUser) {
  routes = routeFetch({
    'GET /api/user': () => json(200, { data: user }),
    'GET /api/tenant': () =>
      json(200, {
        data: [tenantRow(LAKESIDE), tenantRow(RIVERSIDE)],
        meta: { current_page: 1, last_page: 1, per_page: 240, total: 2, from: 1, to: 2 },
      }),
    'GET /api/permissions-v2/edit': () => json(200, { data: editView }),
    'POST /api/permissions-v2': () => saveAnswer(),
    'GET /api/admin/logins/personnel': () =>
      json(200, {
        data: [
          {
            id: 'p1',
            tenant_id: RIVERSIDE.id,
            tenant_name: RIVERSIDE.display_name,
            display_name: 'Frankie Firefighter',
            email_address: 'firefighter@riverside.example',
            date_of_birth: { value: null, display_value: '' },
            member_status1: 'current',
            role: 'Tenant User',
          },
          {
            id: 'p2',
            tenant_id: LAKESIDE.id,
            tenant_name: LAKESIDE.display_name,
            display_name: 'Lee Chief',
            email_address: null,
            date_of_birth: { value: null, display_value: '' },
            member_status1: 'current',
            role: 'Tenant Admin',
          },
        ],
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 2, from: 1, to: 2 },
      }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  return renderRoutes(
    [
      {
        path: '/settings/manage-permissions',
        element: (
          <CurrentUserProvider user={user}>
            <ManagePermissionsPage />
          </CurrentUserProvider>
        ),
      },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    '/settings/manage-permissions',
  );
}

beforeEach(() => {
  editView = makeEditView();
  saveAnswer = () => json(200, { message: 'Permissions saved' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cell = (key: string, action: string) => screen.getByTestId(`permission-${key}-${action}`);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const editCalls = () => routes.calls.filter((c) => c.url.pathname === '/api/permissions-v2/edit').map((c) => c.url.search);
const saves = () => routes.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/permissions-v2').map((c) => c.body);

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** As the global admin: Riverside, Firefighter, Edit Permissions. */
async function openRiversideFirefighter() {
  const view = setUp(makeGlobalAdmin());
  await choose('Tenant', RIVERSIDE.display_name);
  await choose('Role', 'Firefighter (Tenant User)');
  expect(screen.getByTestId('permission-target-summary').textContent).toBe(
    `You will edit the Firefighter role in ${RIVERSIDE.display_name}.`,
  );
  fireEvent.click(button('Edit Permissions'));
  await screen.findByTestId('permission-notice-create');
  return view;
}

describe('Manage Permissions', () => {
  it('edits the role level chosen in the picker: a matrix of keys × actions with the inherited values', async () => {
    await openRiversideFirefighter();
    expect(editCalls()).toEqual([`?tenant=${RIVERSIDE.id}&role=Tenant+User`]);
    expect(screen.getByRole('heading', { name: `${RIVERSIDE.display_name} · Firefighter` })).toBeTruthy();
    expect(screen.getByTestId('permission-level').textContent).toBe('Role level');
    const table = screen.getByRole('table', { name: `Permissions: ${RIVERSIDE.display_name} · Firefighter` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Permission', 'Create', 'Update', 'Delete', 'View', 'Reassign', 'Lock children', 'Entity types', 'Special permissions']);
    expect(cell('notice', 'create').getAttribute('aria-label')).toBe('Notices, Create: Inherit. Inherited from system defaults: allowed.');
    expect(cell('notice', 'delete').getAttribute('aria-label')).toBe('Notices, Delete: Inherit. Not set above: denied.');
    // A special permission takes its one function only; a locked one says so and cannot be changed here.
    expect(screen.queryByTestId('permission-modify_entity_types-create')).toBeNull();
    expect(cell('modify_entity_types', 'update').getAttribute('aria-disabled')).toBe('false');
    expect(cell('manage_logins', 'update').getAttribute('aria-disabled')).toBe('true');
    expect(cell('manage_logins', 'update').getAttribute('aria-label')).toMatch(/Locked at the system level/);
    expect(button('Save').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
  });

  it("saves the changed keys whole and says 'Permissions saved'; Save and Revert then disable again", async () => {
    await openRiversideFirefighter();
    fireEvent.click(cell('notice', 'create'));
    expect(cell('notice', 'create').getAttribute('aria-label')).toMatch(/^Notices, Create: Allow\./);
    fireEvent.click(cell('notice', 'create'));
    expect(cell('notice', 'create').getAttribute('aria-label')).toMatch(/^Notices, Create: Deny\./);
    expect(cell('notice', 'create').getAttribute('data-changed')).toBe('true');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    editView = makeEditView({ set: { notice: { create: false } } as PermissionLevel });
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Permissions saved')).toBeTruthy();
    expect(saves()).toEqual([
      {
        tenant: RIVERSIDE.id,
        role: 'Tenant User',
        personnel: null,
        permissions: { notice: { create: false, update: null, delete: null, view: null, reassign: null, lock_children: null } },
      },
    ]);
    await waitFor(() => expect(button('Save').disabled).toBe(true));
    expect(button('Revert').disabled).toBe(true);
    expect(cell('notice', 'create').getAttribute('data-changed')).toBe('false');
    expect(cell('notice', 'create').getAttribute('aria-label')).toMatch(/^Notices, Create: Deny\./);
  });

  it("keeps the changes and says 'Error saving permissions' when the server refuses", async () => {
    saveAnswer = () => json(403, { message: "'Manage logins' is set globally." });
    await openRiversideFirefighter();
    fireEvent.click(cell('notice', 'view'));
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Error saving permissions')).toBeTruthy();
    expect(screen.getByText("'Manage logins' is set globally.")).toBeTruthy();
    expect(button('Save').disabled).toBe(false);
  });

  it("reverts with 'Changes reverted successfully'", async () => {
    await openRiversideFirefighter();
    fireEvent.click(cell('notice', 'update'));
    expect(button('Revert').disabled).toBe(false);
    fireEvent.click(button('Revert'));
    expect(await screen.findByText('Changes reverted successfully')).toBeTruthy();
    expect(cell('notice', 'update').getAttribute('aria-label')).toMatch(/^Notices, Update: Inherit\./);
    expect(button('Save').disabled).toBe(true);
    expect(button('Revert').disabled).toBe(true);
  });

  it('works from the keyboard: arrows move, D denies, I inherits, A allows', async () => {
    await openRiversideFirefighter();
    const first = cell('notice', 'create');
    expect(first.tabIndex).toBe(0);
    expect(cell('notice', 'update').tabIndex).toBe(-1);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('notice', 'update'));
    fireEvent.keyDown(cell('notice', 'update'), { key: 'd' });
    expect(cell('notice', 'update').getAttribute('aria-label')).toMatch(/: Deny\./);
    fireEvent.keyDown(cell('notice', 'update'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('modify_entity_types', 'update'));
    fireEvent.keyDown(cell('modify_entity_types', 'update'), { key: 'a' });
    expect(cell('modify_entity_types', 'update').getAttribute('aria-label')).toMatch(/: Allow\./);
    fireEvent.keyDown(cell('modify_entity_types', 'update'), { key: 'i' });
    expect(cell('modify_entity_types', 'update').getAttribute('aria-label')).toMatch(/: Inherit\./);
  });

  it("asks 'Unsaved Changes' on Back with unsaved changes; Cancel stays, Discard goes back to the picker", async () => {
    await openRiversideFirefighter();
    fireEvent.click(cell('notice', 'update'));
    fireEvent.click(button('Back'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(within(dialog).getByText('Changes have been made. Would you like to save first?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull());
    expect(cell('notice', 'update').getAttribute('data-changed')).toBe('true');

    fireEvent.click(button('Back'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard Changes' }),
    );
    // Back at the picker, with the choice kept.
    expect(await screen.findByRole('button', { name: 'Edit Permissions' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLInputElement).value).toBe('Firefighter (Tenant User)');
    expect(saves()).toEqual([]);
  });

  it('saves first when asked to on leaving', async () => {
    setUp(makeGlobalAdmin());
    await choose('Tenant', 'System defaults');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(button('Edit Permissions'));
    await screen.findByTestId('permission-notice-create');
    expect(editCalls()).toEqual(['']);
    fireEvent.click(cell('notice', 'reassign'));
    fireEvent.click(button('Back'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit Permissions' })).toBeTruthy();
    expect(saves()).toEqual([
      {
        tenant: null,
        role: null,
        personnel: null,
        permissions: { notice: { create: null, update: null, delete: null, view: null, reassign: true, lock_children: null } },
      },
    ]);
  });

  it('edits the tenant level without a role, and blocks leaving the screen with unsaved changes until answered', async () => {
    const { router } = setUp(makeGlobalAdmin());
    await choose('Tenant', LAKESIDE.display_name);
    expect(screen.getByTestId('permission-target-summary').textContent).toBe(
      `You will edit the tenant level of ${LAKESIDE.display_name}: what all its roles inherit.`,
    );
    fireEvent.click(button('Edit Permissions'));
    await screen.findByTestId('permission-notice-create');
    expect(editCalls()).toEqual([`?tenant=${LAKESIDE.id}`]);
    // Nothing changed: leaving is free.
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('Somewhere else')).toBeTruthy();
    await act(() => router.navigate('/settings/manage-permissions'));
    await choose('Tenant', LAKESIDE.display_name);
    fireEvent.click(button('Edit Permissions'));
    fireEvent.click(await screen.findByTestId('permission-notice-view'));
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull());
    expect(router.state.location.pathname).toBe('/settings/manage-permissions');
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard Changes' }),
    );
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('edits one person: personnel of the chosen tenant only, sent without the role', async () => {
    setUp(makeGlobalAdmin());
    await choose('Tenant', RIVERSIDE.display_name);
    fireEvent.click(screen.getByRole('combobox', { name: 'Personnel' }));
    expect(await screen.findByRole('option', { name: 'Frankie Firefighter — Firefighter' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Lee Chief/ })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Frankie Firefighter — Firefighter' }));
    const role = screen.getByRole('combobox', { name: 'Role' }) as HTMLInputElement;
    expect(role.disabled).toBe(true);
    expect(role.value).toBe('Firefighter (Tenant User)');
    fireEvent.click(button('Edit Permissions'));
    await screen.findByTestId('permission-notice-create');
    expect(editCalls()).toEqual([`?tenant=${RIVERSIDE.id}&personnel=p1`]);
  });

  it('shows loading, error and empty states', async () => {
    setUp(makeGlobalAdmin());
    editView = makeEditView({ keys: [] });
    await choose('Tenant', RIVERSIDE.display_name);
    fireEvent.click(button('Edit Permissions'));
    expect(screen.getByLabelText('Loading permissions')).toBeTruthy();
    expect(await screen.findByText('No permissions to edit')).toBeTruthy();
    cleanup();

    setUp(makeGlobalAdmin());
    routes.fetch.mockImplementation(async (input) =>
      String(input).includes('/permissions-v2/edit')
        ? json(403, { message: 'This action is unauthorized.' })
        : json(200, { data: [], meta: { current_page: 1, last_page: 1 } }),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    fireEvent.click(await screen.findByRole('option', { name: 'System defaults' }));
    fireEvent.click(button('Edit Permissions'));
    expect(await screen.findByText('The permissions could not be loaded')).toBeTruthy();
    expect(screen.getByText('This action is unauthorized.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Manage Permissions for tenant admins and others', () => {
  it('keeps a tenant admin to their own tenant: no tenant choice, no system defaults, globally-set keys disabled', async () => {
    editView = makeEditView({ can_edit_globally_set: false, inherited: { ...makeEditView().inherited, manage_logins: {} } });
    setUp(
      makeUser({
        acting_role: 'Tenant Admin',
        roles: [{ id: 'r', name: 'Tenant Admin', label: 'Fire Chief', pivot: { tenant_id: RIVERSIDE.id } }],
      }),
    );
    const tenant = screen.getByRole('textbox', { name: 'Tenant' }) as HTMLInputElement;
    expect(tenant.value).toBe(RIVERSIDE.display_name);
    expect(tenant.readOnly).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Personnel' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.queryByRole('option', { name: /Office Staff/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Lieutenant' }));
    fireEvent.click(button('Edit Permissions'));
    await screen.findByTestId('permission-notice-create');
    expect(editCalls()).toEqual([`?tenant=${RIVERSIDE.id}&role=Lieutenant`]);
    const globallySet = cell('manage_logins', 'update');
    expect(globallySet.getAttribute('aria-disabled')).toBe('true');
    expect(globallySet.getAttribute('aria-label')).toMatch(/Set globally: only global admins can change it\./);
    fireEvent.click(globallySet);
    expect(globallySet.getAttribute('aria-label')).toMatch(/: Inherit\./);
    expect(button('Save').disabled).toBe(true);
  });

  it('refuses a firefighter', () => {
    setUp(makeUser());
    expect(screen.getByText('Only global admins and department administrators can manage permissions.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Permissions' })).toBeNull();
  });
});
