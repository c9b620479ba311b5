// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LoginList } from './LoginList.tsx';

function tenant(n: number) {
  return { id: `t${n}`, name: `dept${n}`, display_name: `Department ${n}`, signInEnabled: true, signInDisabledError: null };
}

let routes: ReturnType<typeof routeFetch>;

beforeEach(() => {
  routes = routeFetch({
    'GET /api/admin/logins/tenants': (url) => {
      const page = Number(url.searchParams.get('page'));
      if (url.searchParams.get('search') === 'nothing') {
        return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, from: null, to: null } });
      }
      const rows = page === 1 ? Array.from({ length: 25 }, (_, i) => tenant(i + 1)) : [tenant(26)];
      return json(200, { data: rows, meta: { current_page: page, last_page: 2, per_page: 25, total: 26, from: 1, to: rows.length } });
    },
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(onOpen = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <LoginList
            kind="tenants"
            emptyText="No tenants"
            searchLabel="Search tenants"
            renderRow={(row) => row.display_name}
            onOpen={onOpen}
          />
        ),
      },
    ],
    '/',
  );
  return onOpen;
}

const tenantCalls = () => routes.calls.filter((call) => call.url.pathname === '/api/admin/logins/tenants').map((call) => call.url.search);

describe('LoginList', () => {
  it('pages with Load more up to last_page, and opens a row', async () => {
    const onOpen = renderList();
    expect(await screen.findByText('Department 25')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 26')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Department 26')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Department 3' }));
    expect(onOpen).toHaveBeenCalledWith(tenant(3));
    expect(tenantCalls()).toEqual(['?page=1&sort=a_to_z', '?page=2&sort=a_to_z']);
  });

  it("searches 200 ms after the last keystroke, sorts Z–A, and says 'No tenants' when nothing matches", async () => {
    renderList();
    await screen.findByText('Department 1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const search = screen.getByRole('searchbox', { name: 'Search tenants' });
      fireEvent.change(search, { target: { value: 'not' } });
      fireEvent.change(search, { target: { value: 'nothing' } });
      vi.advanceTimersByTime(150);
      expect(tenantCalls()).toHaveLength(1);
      vi.advanceTimersByTime(100);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('No tenants')).toBeTruthy();
    expect(tenantCalls()).toEqual(['?page=1&sort=a_to_z', '?page=1&search=nothing&sort=a_to_z']);
    fireEvent.click(screen.getByText('Z–A'));
    await waitFor(() => expect(tenantCalls().at(-1)).toBe('?page=1&search=nothing&sort=z_to_a'));
  });
});
