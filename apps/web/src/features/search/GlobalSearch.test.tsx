// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { GlobalSearch } from './GlobalSearch.tsx';

const hit = (id: string, name: string) => ({
  id,
  display_name: name,
  uri: `/entity/hydrant/${id}`,
  place: 'created',
  updated_at: '2026-11-01T00:00:00.000Z',
  type: { id: 't1', name: 'hydrant', label: 'Hydrant' },
});

let routes: ReturnType<typeof routeFetch>;

beforeEach(() => {
  routes = routeFetch({
    'GET /api/search': (url) => {
      const q = url.searchParams.get('query') ?? '';
      const data = q === 'none' ? [] : [hit('h1', `Hydrant ${q} 1`), hit('h2', `Hydrant ${q} 2`)];
      return json(200, { data, meta: { total: data.length, current_page: 1, last_page: 1, per_page: 48, from: 1, to: data.length } });
    },
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSearch() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <CurrentUserProvider user={makeUser()}>
            <GlobalSearch />
          </CurrentUserProvider>
        ),
      },
      { path: '/entity/:type/:id', element: <p>Record screen</p> },
    ],
    '/',
  );
}

const searches = () => routes.calls.filter((c) => c.url.pathname === '/api/search');

describe('[SEARCH] global search box', () => {
  it('runs only with more than 2 characters, after a pause, and shows the results panel', async () => {
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox', { name: 'Search records' });
    fireEvent.change(box, { target: { value: 'hy' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'hyd' } });
    fireEvent.change(box, { target: { value: 'hydr' } });
    expect(await screen.findByText('Showing search results for hydr')).toBeTruthy();
    expect(await screen.findByRole('option', { name: /Hydrant hydr 1/ })).toBeTruthy();
    expect(searches().map((c) => c.url.searchParams.get('query'))).toEqual(['hydr']);

    // A shorter term clears the results at once.
    fireEvent.change(box, { target: { value: 'hy' } });
    expect(screen.queryByText(/Showing search results/)).toBeNull();
  });

  it('shows the empty state', async () => {
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'none' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('moves through results with the arrows and opens one with Enter', async () => {
    const { router } = renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox');
    fireEvent.change(box, { target: { value: 'main' } });
    await screen.findByRole('option', { name: /Hydrant main 2/ });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Hydrant main 2/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/hydrant/h2'));
  });
});
