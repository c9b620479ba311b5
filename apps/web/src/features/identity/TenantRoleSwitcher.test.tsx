// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LAKESIDE, makeGlobalAdmin, makeUser, RIVERSIDE } from '../../test/users.ts';
import { TenantRoleSwitcher } from './TenantRoleSwitcher.tsx';

const role = (id: string, name: string, label: string, tenant: string | null) => ({ id, name, label, pivot: { tenant_id: tenant } });

let routes: ReturnType<typeof routeFetch>;
const onDone = vi.fn();

beforeEach(() => {
  onDone.mockReset();
  routes = routeFetch({
    'POST /api/user/select-tenant': (_url, body) => {
      const { tenant, role: key } = body as { tenant: string; role: string };
      return json(200, { data: makeUser({ tenant_id: tenant, acting_role: key, current_tenant: LAKESIDE.display_name }) });
    },
    'POST /api/user/select-global': () => json(200, { data: makeGlobalAdmin() }),
    'GET /api/tenant': (url) =>
      json(200, {
        data: [
          url.searchParams.get('page') === '1'
            ? { ...LAKESIDE, color: null, date_format: 'DATE_SHORT', time_format: 'TIME_WITH_SECONDS', SYSTEM_display_picture: null }
            : { ...RIVERSIDE, color: null, date_format: 'DATE_SHORT', time_format: 'TIME_WITH_SECONDS', SYSTEM_display_picture: null },
        ],
        meta: { current_page: Number(url.searchParams.get('page')), last_page: 2, per_page: 1, total: 2, from: 1, to: 1 },
      }),
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TenantRoleSwitcher', () => {
  it("lists the roles of the chosen tenant and sends select-tenant with the tenant's id and the role key", async () => {
    const user = makeUser({
      tenants: [RIVERSIDE, LAKESIDE],
      roles: [role('a', 'Tenant User', 'Firefighter', RIVERSIDE.id), role('b', 'Lieutenant', 'Lieutenant', LAKESIDE.id)],
    });
    renderRoutes([{ path: '/', element: <TenantRoleSwitcher user={user} onDone={onDone} /> }], '/');
    const roleInput = screen.getByRole('combobox', { name: 'Role' }) as HTMLInputElement;
    expect(roleInput.value).toBe('Firefighter');
    expect(roleInput.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Change to Global' })).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    fireEvent.click(await screen.findByRole('option', { name: LAKESIDE.display_name }));
    await waitFor(() => expect(roleInput.value).toBe('Lieutenant'));
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(routes.calls.find((call) => call.url.pathname === '/api/user/select-tenant')?.body).toEqual({
      tenant: LAKESIDE.id,
      role: 'Lieutenant',
    });
  });

  it('loads every page of GET /tenant for a global admin and can change to global', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <TenantRoleSwitcher user={makeGlobalAdmin({ is_global: false, tenant_id: RIVERSIDE.id })} onDone={onDone} />,
        },
      ],
      '/',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    expect(await screen.findByRole('option', { name: LAKESIDE.display_name })).toBeTruthy();
    expect(screen.getByRole('option', { name: RIVERSIDE.display_name })).toBeTruthy();
    expect(routes.calls.filter((call) => call.url.pathname === '/api/tenant').map((call) => call.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Change to Global' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(routes.calls.find((call) => call.url.pathname === '/api/user/select-global')?.body).toEqual({ tenant: null });
  });
});
