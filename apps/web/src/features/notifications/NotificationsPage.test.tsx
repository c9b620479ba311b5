// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notification } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreen } from '../../app/first-screen.ts';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { bellLabel, NotificationBell } from './NotificationBell.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

const meta = (total: number, count = total) => ({
  current_page: 1,
  last_page: 1,
  per_page: 48,
  total,
  from: count ? 1 : null,
  to: count ? count : null,
});

const item = (id: string, subject: string, read: boolean, path = `/entity/hydrant/${id}`): Notification => ({
  id,
  data: { subject, path },
  created_at: '2026-11-21T10:00:00.000Z',
  read_at: read ? '2026-11-21T11:00:00.000Z' : null,
});

const ROUTES = [
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/entity/*', element: <p>Record screen</p> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it('lists notifications with unread ones marked; opening one marks it read and goes to its path', async () => {
    const list = [item('n1', 'Engineer Ellis updated Hydrant H-1', false), item('n2', 'You were assigned Wash Engine 1', true)];
    const { fetch, calls } = routeFetch({
      'GET /api/notifications': () => json(200, { data: list, meta: meta(2) }),
      'GET /api/notifications/unread': () => json(200, { data: [list[0]], meta: meta(1) }),
      'POST /api/notifications/n1/read': () => json(200, { data: { ...list[0], read_at: '2026-11-21T12:00:00.000Z' } }),
    });
    vi.stubGlobal('fetch', fetch);
    const { router } = renderRoutes(ROUTES, '/notifications');
    expect(screen.getByText('Loading notifications…')).toBeTruthy();
    const rows = await screen.findAllByTestId('notification');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Unread: Engineer Ellis updated Hydrant H-1');
    expect(rows[0]?.closest('li')?.hasAttribute('data-unread')).toBe(true);
    expect(rows[1]?.closest('li')?.hasAttribute('data-unread')).toBe(false);
    expect(screen.getByRole('list', { name: 'Notifications' })).toBeTruthy();

    fireEvent.click(rows[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/hydrant/n1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/n1/read')).toBe(true));
  });

  it("'Mark all read' sends every unread id and says so", async () => {
    const list = [item('a', 'First', false), item('b', 'Second', false), item('c', 'Third', true)];
    const { fetch, calls } = routeFetch({
      'GET /api/notifications': () => json(200, { data: list, meta: meta(3) }),
      'GET /api/notifications/unread': () => json(200, { data: list.slice(0, 2), meta: meta(2) }),
      'POST /api/notifications/batch-read': () => json(200, { message: 'Notifications marked as read', data: { marked: 2, unread: 0 } }),
    });
    vi.stubGlobal('fetch', fetch);
    renderRoutes(ROUTES, '/notifications');
    await screen.findAllByTestId('notification');
    const button = screen.getByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Notifications marked as read')).toBeTruthy();
    const batch = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/batch-read');
    expect(batch?.body).toEqual({ notification_ids: ['a', 'b'] });
  });

  it("says 'No notifications' when there are none, and offers nothing to mark", async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch({
        'GET /api/notifications': () => json(200, { data: [], meta: meta(0) }),
        'GET /api/notifications/unread': () => json(200, { data: [], meta: meta(0) }),
      }).fetch,
    );
    renderRoutes(ROUTES, '/notifications');
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      routeFetch({
        'GET /api/notifications': () =>
          fail ? json(403, { message: 'Tenant must be selected first' }) : json(200, { data: [], meta: meta(0) }),
        'GET /api/notifications/unread': () => json(200, { data: [], meta: meta(0) }),
      }).fetch,
    );
    renderRoutes(ROUTES, '/notifications');
    expect(await screen.findByText('Tenant must be selected first')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});

describe('NotificationBell', () => {
  it('links to /notifications and says the unread count', async () => {
    // The bell's count waits for the first screen to paint (decision 0043).
    firstScreen.mark();
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/notifications/unread': () => json(200, { data: [], meta: meta(3, 0) }) }).fetch);
    renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    const link = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
    expect(bellLabel(0)).toBe('Notifications');
  });
});
