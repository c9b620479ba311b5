// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SystemAlert } from '@turnout/shared';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { NAVIGATION } from './fixtures.ts';
import { homeRoutes } from './home-routes.tsx';

const ALERT: SystemAlert = {
  id: 'a1',
  title: 'Hose testing',
  alert: 'Saturday at Station 1',
  uri: '/calendar',
  ends_at: { value: '2030-01-05T10:00:00.000Z', valueUtc: '2030-01-05T10:00:00.000Z', display_value: '01/05/2030 10:00:00 AM' },
};

function renderAt(path: string, user = makeUser()) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <CurrentUserProvider user={user}>
            <Outlet />
          </CurrentUserProvider>
        ),
        children: [...homeRoutes, { path: '*', element: <p>Elsewhere</p> }],
      },
    ],
    path,
  );
}

let routes: ReturnType<typeof routeFetch>;
let alerts: SystemAlert[];
let homeStatus: number;

beforeEach(() => {
  alerts = [ALERT];
  homeStatus = 200;
  routes = routeFetch({
    'GET /api/home': () =>
      homeStatus === 200 ? json(200, { data: NAVIGATION }) : json(homeStatus, { message: 'This action is unauthorized.' }),
    'GET /api/home/alerts': () => json(200, { data: alerts, meta: { total: alerts.length } }),
    'GET /api/widgets': () => json(200, { data: [] }),
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[HOME] home and category screens', () => {
  it("shows a global admin at global level the global home, not No 'Categories' found", async () => {
    homeStatus = 403;
    renderAt('/', makeUser({ is_global_admin: true, is_global: true, tenant_id: null, tenant_record: null, current_tenant: null }));
    expect((await screen.findByRole('link', { name: /Tenants/ }, { timeout: 15_000 })).getAttribute('href')).toBe('/admin/tenant');
    expect(screen.getByRole('link', { name: /Manage Logins/ }).getAttribute('href')).toBe('/settings/manage-logins');
    expect(screen.queryByText("No 'Categories' found")).toBeNull();
  }, 30_000);

  it('shows the categories and the Home Screen buttons as tiles under their sub-headings', async () => {
    renderAt('/');
    const categories = await screen.findByRole('region', { name: 'Categories' });
    expect(
      within(categories)
        .getByRole('link', { name: /Operations/ })
        .getAttribute('href'),
    ).toBe('/category/ops');
    expect(
      within(categories)
        .getByRole('link', { name: /Training/ })
        .getAttribute('href'),
    ).toBe('/category/training');
    const shortcuts = screen.getByRole('region', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getByRole('link', { name: /My Tasks/ })
        .getAttribute('href'),
    ).toBe('/tasks');
  });

  it('opens the Active Alerts list from the banner, with Ends: and a link to the uri', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: /1 active alert/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Active Alerts' });
    expect(within(dialog).getByRole('link', { name: 'Hose testing' }).getAttribute('href')).toBe('/calendar');
    expect(within(dialog).getByText(/^Ends: /)).toBeTruthy();
  });

  it('hides the banner when no alert is active', async () => {
    alerts = [];
    renderAt('/');
    await screen.findByRole('region', { name: 'Categories' });
    expect(screen.queryByTestId('active-alerts-banner')).toBeNull();
  });

  it('a category lists its buttons, sub-categories and types under their headers', async () => {
    renderAt('/category/ops');
    expect(await screen.findByRole('heading', { name: 'Operations', level: 1 })).toBeTruthy();
    const incidents = screen.getByRole('region', { name: 'Incidents' });
    expect(
      within(incidents)
        .getByRole('link', { name: /Incident Report/ })
        .getAttribute('href'),
    ).toBe('/entity-list/?type=incident_report');
    expect(within(screen.getByRole('region', { name: 'Scheduling' })).getAllByRole('link')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Categories' })).getByRole('link', { name: /Water Supply/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it("shows No '{labels}' found for an empty category, and the category tree by its id parameter", async () => {
    renderAt('/categorytree?parent=Training&id=training');
    expect(await screen.findByText("No 'Training' found")).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    homeStatus = 403;
    renderAt('/');
    expect(await screen.findByRole('alert')).toBeTruthy();
    homeStatus = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Categories' })).toBeTruthy();
  });
});
