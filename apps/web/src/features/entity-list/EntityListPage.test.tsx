// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser, EntityTypeLite } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeUser, RIVERSIDE } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { EntityListPage } from './EntityListPage.tsx';

const HYDRANT: EntityTypeLite = {
  id: 't-hydrant',
  name: 'hydrant',
  label: 'Hydrant',
  tenant_id: RIVERSIDE.id,
  sort_order: 1,
  is_module: false,
  is_core: false,
  is_task: false,
  is_global: false,
  date_significant: false,
  modified_at: '2026-11-01T00:00:00.000Z',
  object_data: {},
};
const FULL = { ...HYDRANT, pages: 1, fields: [], actions: [], alarms: [], reports: [], allowed_transitions: [] };

const record = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  offline_id: null,
  version: 1,
  type: { id: HYDRANT.id, name: 'hydrant', label: 'Hydrant' },
  entity_type_id: HYDRANT.id,
  tenant_id: RIVERSIDE.id,
  display_name: `H-${String(n).padStart(3, '0')}`,
  uri: null,
  place: 'created',
  available_transitions: [],
  assignee: null,
  assignee_2: null,
  assignee_3: null,
  assignee_4: null,
  assignee_5: null,
  parent_entity_id: null,
  due_at: null,
  created_by: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  deleted_at: null,
  data_requiring_approval: {},
});
const page = (count: number, total = count) => ({
  data: Array.from({ length: count }, (_, i) => record(i + 1)),
  meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 48)), per_page: 48, total, from: 1, to: count },
});

let routes: ReturnType<typeof routeFetch>;

function open(user: CurrentUser, list: () => Response, path = '/entity-list?type=hydrant') {
  routes = routeFetch({
    'GET /api/user': () => json(200, { data: user }),
    'GET /api/entity-type/lite': () => json(200, { data: [HYDRANT] }),
    'GET /api/entity-type/t-hydrant': () => json(200, { data: FULL }),
    'GET /api/entity/hydrant': list,
    'GET /api/home/alerts': () => json(200, { data: [], meta: { total: 0 } }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  const element = (
    <CurrentUserProvider user={user}>
      <EntityListPage />
    </CurrentUserProvider>
  );
  return renderRoutes(
    [
      { path: '/entity-list', element },
      { path: '/entity-list-detail', element },
      { path: '/entity/add', element: <p>add screen</p> },
    ],
    path,
  );
}

const creator = makeUser({ effective_permissions: { hydrant: { view: true, create: true } } });
const viewer = makeUser({ effective_permissions: { hydrant: { view: true, create: false } } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EntityListPage', () => {
  it('lists a page of 48, asks for the next page on Load more, and shows Add to those who may create', async () => {
    open(creator, () => json(200, page(48, 60)));
    expect(await screen.findByText('H-048')).toBeTruthy();
    expect(screen.getAllByTestId('entity-list-item')).toHaveLength(48);
    expect(screen.getByText('60 found')).toBeTruthy();
    const first = routes.calls.find((c) => c.url.pathname === '/api/entity/hydrant')!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ page: '1', per_page: '48', sort: 'default' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(routes.calls.some((c) => c.url.searchParams.get('page') === '2')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('add screen')).toBeTruthy();
  }, 30_000);

  it('hides Add without create permission and cycles the sort', async () => {
    open(viewer, () => json(200, page(3)));
    expect(await screen.findByText('H-003')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sort: Default' }));
    await waitFor(() => expect(routes.calls.some((c) => c.url.searchParams.get('sort') === 'a_to_z')).toBe(true));
    expect(screen.getByRole('button', { name: 'Sort: A to Z' })).toBeTruthy();
  });

  it('says the total is at least the count when the server stopped counting at its cap', async () => {
    const capped = page(48, 1000);
    open(creator, () => json(200, { ...capped, meta: { ...capped.meta, total_capped: true } }));
    expect(await screen.findByText('1000+ found')).toBeTruthy();
  });

  it("says No 'Hydrant' found for an empty list", async () => {
    open(viewer, () => json(200, page(0)));
    expect(await screen.findByText("No 'Hydrant' found")).toBeTruthy();
  });

  it('clears the list on 403 and says the user may not view it', async () => {
    open(viewer, () => json(403, { message: 'This action is unauthorized.' }));
    expect(await screen.findByText('You may not view Hydrant records.')).toBeTruthy();
    expect(screen.queryAllByTestId('entity-list-item')).toHaveLength(0);
  });

  it("says 'Entity Type not found.' for a type the user does not have", async () => {
    open(viewer, () => json(404, { message: 'Entity Type not found.' }), '/entity-list?type=nope');
    expect(await screen.findByText('Entity Type not found.')).toBeTruthy();
  });

  it('sends the link filter of View associated records as a custom filter', async () => {
    open(
      viewer,
      () => json(200, page(1)),
      `/entity-list?type=hydrant&sourceName=Engine%207&filter=${encodeURIComponent('{"apparatus":"a1"}')}`,
    );
    expect(await screen.findByText('H-001')).toBeTruthy();
    expect(screen.getByText(/For Engine 7/)).toBeTruthy();
    const call = routes.calls.find((c) => c.url.pathname === '/api/entity/hydrant')!;
    expect(call.url.searchParams.get('filter[custom][apparatus]')).toBe('a1');
  });
});
