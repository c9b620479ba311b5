// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { TasksPage } from './TasksPage.tsx';

const task = (id: string, name: string) => ({
  id,
  display_name: name,
  uri: null,
  place: 'created',
  updated_at: '2026-11-01T00:00:00.000Z',
  due_at: '2026-12-01T08:00:00.000Z',
  type: { id: 't1', name: 'station_task', label: 'Station Task' },
});
const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 48, total, from: total ? 1 : null, to: total || null });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TasksPage', () => {
  it("shows My Tasks by default (assignee=me) and All Tasks after 'Show All'", async () => {
    const routes = routeFetch({
      'GET /api/tasks': (url) =>
        url.searchParams.get('assignee') === 'me'
          ? json(200, { data: [task('1', 'Roll hose')], meta: meta(1) })
          : json(200, { data: [task('1', 'Roll hose'), task('2', 'Order foam')], meta: meta(2) }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    renderRoutes(
      [
        { path: '/tasks', element: <TasksPage /> },
        { path: '/tasks/add', element: <p>type picker</p> },
      ],
      '/tasks',
    );
    expect(await screen.findByRole('heading', { name: 'My Tasks' })).toBeTruthy();
    expect(await screen.findByText('Roll hose')).toBeTruthy();
    expect(screen.queryByText('Order foam')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(await screen.findByRole('heading', { name: 'All Tasks' })).toBeTruthy();
    expect(await screen.findByText('Order foam')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Tasks for Me Only' })).toBeTruthy();
    await waitFor(() => expect(routes.calls.some((c) => c.url.searchParams.get('assignee') === 'all')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('type picker')).toBeTruthy();
  });

  it("says No 'Tasks' found", async () => {
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/tasks': () => json(200, { data: [], meta: meta(0) }) }).fetch);
    renderRoutes([{ path: '/tasks', element: <TasksPage /> }], '/tasks');
    expect(await screen.findByText("No 'Tasks' found")).toBeTruthy();
  });
});
