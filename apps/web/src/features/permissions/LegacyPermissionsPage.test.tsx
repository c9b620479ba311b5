// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { makeLegacyPermissions } from '../../test/permissions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeGlobalAdmin, makeUser, RIVERSIDE } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { LegacyPermissionsPage } from './LegacyPermissionsPage.tsx';

let routes: ReturnType<typeof routeFetch>;

function setUp(user: CurrentUser) {
  routes = routeFetch({
    'GET /api/user': () => json(200, { data: user }),
    'GET /api/permissions': () => json(200, { data: makeLegacyPermissions() }),
    'POST /api/permissions': () => json(200, { message: 'Permissions Updated Successfully' }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <CurrentUserProvider user={user}>
            <LegacyPermissionsPage />
          </CurrentUserProvider>
        ),
      },
    ],
    '/',
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Permissions Editor (deprecated)', () => {
  it('shows roles (in ROLES order) × permissions, saves changed roles and says so', async () => {
    setUp(makeGlobalAdmin({ is_global: false, tenant_id: RIVERSIDE.id, current_tenant: RIVERSIDE.display_name }));
    expect(screen.getByText('Deprecated')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Roles and permissions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Permission', 'Fire Chief', 'Lieutenant', 'Firefighter']);
    expect(box('Firefighter: View Notices').checked).toBe(true);
    expect(box('Firefighter: Create Notices').checked).toBe(false);
    expect(box('Fire Chief: Manage logins').disabled).toBe(false);
    expect(button('Save').disabled).toBe(true);

    fireEvent.click(box('Firefighter: Create Notices'));
    expect(button('Save').disabled).toBe(false);
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Permissions Updated Successfully')).toBeTruthy();
    expect(routes.calls.find((c) => c.method === 'POST')?.body).toEqual({
      roles: [{ name: 'Tenant User', permissions: ['create notice', 'view notice'] }],
    });
    await waitFor(() => expect(button('Save').disabled).toBe(true));
  });

  it("reverts with 'Changes reverted successfully'; globally-set permissions are disabled for tenant users", async () => {
    setUp(makeUser({ acting_role: 'Tenant Admin' }));
    await screen.findByRole('table', { name: 'Roles and permissions' });
    expect(box('Fire Chief: Manage logins').disabled).toBe(true);
    fireEvent.click(box('Lieutenant: View Notices'));
    fireEvent.click(button('Revert'));
    expect(await screen.findByText('Changes reverted successfully')).toBeTruthy();
    expect(box('Lieutenant: View Notices').checked).toBe(false);
    expect(button('Revert').disabled).toBe(true);
  });

  it('asks a global admin at global level to select a tenant first, and refuses people without the permission', async () => {
    setUp(makeGlobalAdmin());
    expect(screen.getByText(/Tenant must be selected first/)).toBeTruthy();
    expect(routes.calls.filter((c) => c.url.pathname === '/api/permissions')).toEqual([]);
    cleanup();
    setUp(makeUser());
    expect(screen.getByText('The Permissions Editor needs permission to update tenant-level or privileged permissions.')).toBeTruthy();
  });
});
