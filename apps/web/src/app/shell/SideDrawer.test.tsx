// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CurrentUser } from '@turnout/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION } from '../../features/home/fixtures.ts';
import { CurrentUserProvider } from '../../features/identity/current-user.tsx';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import { firstScreen } from '../first-screen.ts';
import { Shell } from './Shell.tsx';

function renderShell(user: CurrentUser, at = '/') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <CurrentUserProvider user={user}>
            <Shell>
              <p>Screen</p>
            </Shell>
          </CurrentUserProvider>
        ),
      },
    ],
    at,
  );
}

beforeEach(() => {
  // The drawer's navigation waits for the screen beside it to paint (decision 0043).
  firstScreen.mark();
  const routes = routeFetch({
    'GET /api/home': () => json(200, { data: NAVIGATION }),
    'GET /api/home/alerts': () => json(200, { data: [], meta: { total: 0 } }),
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drawer = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('[SHELL] the drawer', () => {
  it('says it is loading its categories as a status while the home navigation is on its way', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderShell(makeUser());
    // A name on a plain div is an axe-core violation (aria-prohibited-attr): the loader is a status.
    expect(within(drawer()).getByRole('status', { name: 'Loading categories' }).getAttribute('aria-busy')).toBe('true');
  });

  it('lists Dashboard, the home-tree categories, the Home Screen buttons, Documents and My Profile', async () => {
    renderShell(makeUser());
    const nav = drawer();
    expect(await within(nav).findByRole('link', { name: 'Operations' })).toBeTruthy();
    for (const name of ['Dashboard', 'Training', 'My Tasks', 'Documents', 'My Profile']) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href'), name).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Operations' }).getAttribute('href')).toBe('/category/ops');
    expect(within(nav).queryByRole('link', { name: 'My Department' })).toBeNull();
    // The bottom tabs of the phone.
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Tasks', 'Calendar', 'Settings', 'Menu']);
  });

  it('does not light My Profile on a settings sub-screen; the Settings tab is lit (issue 20)', async () => {
    renderShell(makeUser(), '/settings/manage-logins');
    const nav = drawer();
    await within(nav).findByRole('link', { name: 'Operations' });
    expect(within(nav).getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBeNull();
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(0);
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });

  it('lights My Profile on the settings page', async () => {
    renderShell(makeUser(), '/settings');
    const profile = within(drawer()).getByRole('link', { name: 'My Profile' });
    expect(profile.getAttribute('aria-current')).toBe('page');
    expect(profile.hasAttribute('data-active')).toBe(true);
  });

  it("lights a list's category in the drawer and Home in the tabs, in the accent colour (issue 20)", async () => {
    renderShell(makeUser(), '/entity-list/?type=incident_report');
    const operations = await within(drawer()).findByRole('link', { name: 'Operations' });
    expect(operations.getAttribute('aria-current')).toBe('page');
    expect(drawer().querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    const home = within(tabs).getByRole('button', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(tabs.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(home.querySelector('span')?.getAttribute('style')).toContain('var(--mantine-primary-color-filled)');
  });

  it('lights nothing on a list of a type outside the home tree', async () => {
    renderShell(makeUser(), '/entity-list/?type=system_alert');
    await within(drawer()).findByRole('link', { name: 'Operations' });
    expect(drawer().querySelectorAll('[aria-current="page"]')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Tabs' }).querySelectorAll('[aria-current="page"]')).toHaveLength(0);
  });

  it('lights Messages on a conversation', async () => {
    renderShell(makeUser(), '/conversations/c1');
    await within(drawer()).findByRole('link', { name: 'Operations' });
    expect(within(drawer()).getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a category section to show its sub-categories, and closes it again', async () => {
    renderShell(makeUser());
    const operations = await within(drawer()).findByRole('link', { name: 'Operations' });
    expect(operations.getAttribute('data-expanded')).toBeNull();
    fireEvent.click(operations);
    expect(operations.getAttribute('data-expanded')).toBe('true');
    expect(within(drawer()).getByRole('link', { name: 'Water Supply', hidden: true }).getAttribute('href')).toBe('/category/water');
    fireEvent.click(operations);
    expect(operations.getAttribute('data-expanded')).toBeNull();
  });

  it('shows My Department to tenant admins and trainer admins only', async () => {
    renderShell(makeUser({ acting_role: 'Trainer Admin' }));
    expect((await within(drawer()).findByRole('link', { name: 'My Department' })).getAttribute('href')).toBe('/admin/tenant/view');
  });
});
