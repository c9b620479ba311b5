// @vitest-environment jsdom
import '../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@turnout/shared';
import { PERMISSIONS_REFRESH_MS } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { makeGlobalAdmin, makeUser } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { Can, usePermission } from './use-permission.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  return <span data-testid="probe">{usePermission('notice', 'update') ? 'may update' : 'may not update'}</span>;
}

function renderAs(user: CurrentUser, fetchedAgoMs = 0) {
  const routes = routeFetch({ 'GET /api/user': () => json(200, { data: user }) });
  vi.stubGlobal('fetch', routes.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user, { updatedAt: Date.now() - fetchedAgoMs });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <CurrentUserProvider user={user}>
          <Can action="create" on="notice" fallback={<span>no create button</span>}>
            <button type="button">Create notice</button>
          </Can>
          <Can action="view" on="show_deleted">
            <span>Show Deleted</span>
          </Can>
          <Probe />
        </CurrentUserProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return routes;
}

const notice = (create: boolean) => ({ notice: { create, update: false, delete: false, view: true, reassign: false } });

describe('<Can> and usePermission', () => {
  it('show what effective_permissions allow and hide the rest', () => {
    renderAs(makeUser({ effective_permissions: notice(true) }));
    expect(screen.getByRole('button', { name: 'Create notice' })).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe('may not update');
    expect(screen.queryByText('Show Deleted')).toBeNull();
    cleanup();
    renderAs(makeUser({ effective_permissions: notice(false) }));
    expect(screen.queryByRole('button', { name: 'Create notice' })).toBeNull();
    expect(screen.getByText('no create button')).toBeTruthy();
  });

  it('allow global admins everything and tenant admins all but vendor-only permissions', () => {
    renderAs(makeGlobalAdmin());
    expect(screen.getByRole('button', { name: 'Create notice' })).toBeTruthy();
    expect(screen.getByText('Show Deleted')).toBeTruthy();
    cleanup();
    renderAs(makeUser({ acting_role: 'Tenant Admin' }));
    expect(screen.getByRole('button', { name: 'Create notice' })).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe('may update');
    expect(screen.queryByText('Show Deleted')).toBeNull();
  });

  it('fetch GET /user again when the permissions are older than 2 minutes, not before', async () => {
    const fresh = renderAs(makeUser(), PERMISSIONS_REFRESH_MS - 10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fresh.calls).toHaveLength(0);
    cleanup();
    const stale = renderAs(makeUser(), PERMISSIONS_REFRESH_MS + 1_000);
    await waitFor(() => expect(stale.calls.map((c) => c.url.pathname)).toEqual(['/api/user']));
  });
});
