// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { SensitiveActionsModal } from './SensitiveActionsModal.tsx';

const EMPTY_META = { current_page: 1, last_page: 1, per_page: 25, total: 0, from: null, to: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SensitiveActionsModal', () => {
  it("reads 'No sensitive action history' when there is none", async () => {
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/sensitive-actions': () => json(200, { data: [], meta: EMPTY_META }) }).fetch);
    renderRoutes([{ path: '/', element: <SensitiveActionsModal opened onClose={() => undefined} /> }], '/');
    expect(await screen.findByText('No sensitive action history')).toBeTruthy();
  });

  it('shows User, Date & Time and Notes, and an error with a retry', async () => {
    const entry = {
      id: 'e1',
      name: 'MFA reset',
      content: 'Multi-factor authentication reset for x@y.example.',
      created_at: '2026-11-21T10:00:00.000Z',
      user: { id: 'u1', display_name: 'Avery Admin' },
      tenant_id: null,
    };
    vi.stubGlobal(
      'fetch',
      routeFetch({ 'GET /api/sensitive-actions': () => json(200, { data: [entry], meta: { ...EMPTY_META, total: 1, from: 1, to: 1 } }) })
        .fetch,
    );
    renderRoutes([{ path: '/', element: <SensitiveActionsModal opened onClose={() => undefined} /> }], '/');
    expect(await screen.findByText('Avery Admin')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['User', 'Date & Time', 'Notes']);
    expect(screen.getByText('MFA reset')).toBeTruthy();
    cleanup();

    vi.stubGlobal(
      'fetch',
      routeFetch({ 'GET /api/sensitive-actions': () => json(403, { message: 'This action is unauthorized.' }) }).fetch,
    );
    renderRoutes([{ path: '/', element: <SensitiveActionsModal opened onClose={() => undefined} /> }], '/');
    expect(await screen.findByText('This action is unauthorized.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
