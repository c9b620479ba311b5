import { afterEach, describe, expect, it, vi } from 'vitest';
import { listQuery, NO_FILTERS } from '../features/entity-list/list-model.ts';
import { memoryStorage } from '../test/memory-storage.ts';
import { createAuthStore } from './auth-store.ts';
import { createApiClient, queryString } from './client.ts';
import { type EarlyAnswers, earlyRequests, takeEarlyAnswer } from './early-requests.ts';
import { storedValue } from './stored-value.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('earlyRequests: what a first visit asks for before the app has run', () => {
  it('asks for the user on every screen, and for home its navigation, alerts and widgets', () => {
    expect(earlyRequests('/', '')).toEqual({
      urls: ['/api/user', '/api/health', '/api/home', '/api/home/alerts', '/api/widgets?position=home_screen'],
      typeName: null,
    });
    expect(earlyRequests('/calendar', '')).toEqual({ urls: ['/api/user', '/api/health'], typeName: null });
  });

  it("asks for a plain list's first page exactly as the list screen does, and its type", () => {
    const plan = earlyRequests('/entity-list/', '?type=hydrant');
    const screens = `/api/entity/hydrant?${queryString(listQuery({ search: '', sort: 'default', filters: NO_FILTERS, linked: {} }, 1))}`;
    expect(plan.urls).toContain(screens);
    expect(plan.urls).toContain('/api/entity-type/lite');
    expect(plan.typeName).toBe('hydrant');
    // A filtered list or one with a record open beside it asks for something else.
    expect(earlyRequests('/entity-list', '?type=hydrant&filter=%7B%7D').urls).toEqual(['/api/user', '/api/health']);
    expect(earlyRequests('/entity-list', '?type=hydrant&split.id=1').typeName).toBeNull();
  });

  it('asks for a record and its type, not for the edit route', () => {
    expect(earlyRequests('/entity/hydrant/abc-1', '')).toEqual({
      urls: ['/api/user', '/api/health', '/api/entity-type/lite', '/api/entity/hydrant/abc-1'],
      typeName: 'hydrant',
    });
    expect(earlyRequests('/entity/edit/abc-1', '').typeName).toBeNull();
  });

  it('works written out as text, as the preload script holds it (no outside names)', () => {
    const copied = new Function(`return (${earlyRequests.toString()})`)() as typeof earlyRequests;
    for (const [path, search] of [
      ['/', ''],
      ['/entity-list/', '?type=hydrant'],
      ['/entity/hydrant/abc-1', ''],
    ] as const) {
      expect(copied(path, search)).toEqual(earlyRequests(path, search));
    }
  });
});

describe('takeEarlyAnswer', () => {
  const early = (at = performance.now()): EarlyAnswers => ({
    token: 't1',
    at,
    answers: new Map([['/api/user', Promise.resolve(json({ id: 'u' }))]]),
  });

  it('gives an answer once, for the same URL and token only', async () => {
    const e = early();
    expect(takeEarlyAnswer('/api/user', 't2', e)).toBeUndefined();
    expect(takeEarlyAnswer('/api/home', 't1', e)).toBeUndefined();
    const answer = await takeEarlyAnswer('/api/user', 't1', e);
    expect(await answer?.json()).toEqual({ id: 'u' });
    expect(takeEarlyAnswer('/api/user', 't1', e)).toBeUndefined();
  });

  it('does not give an answer older than 30 seconds', () => {
    expect(takeEarlyAnswer('/api/user', 't1', early(performance.now() - 31_000))).toBeUndefined();
  });
});

describe('the API client with early answers', () => {
  afterEach(() => {
    delete (globalThis as { turnoutEarly?: unknown }).turnoutEarly;
  });

  function client() {
    const auth = createAuthStore(storedValue<string>('turnout.token', (raw) => raw || null, memoryStorage()));
    auth.setToken('t1');
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json({ asked: 'again' }));
    const api = createApiClient({ auth, environment: () => 'production', build: { hash: 'h', timestamp: 't', platform: 'web' }, fetch });
    return { api, fetch };
  }

  it('uses the early answer instead of asking, once', async () => {
    const { api, fetch } = client();
    (globalThis as { turnoutEarly?: unknown }).turnoutEarly = {
      token: 't1',
      at: performance.now(),
      answers: new Map([['/api/user', Promise.resolve(json({ early: true }))]]),
    };
    expect(await api.get('/user')).toEqual({ early: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api.get('/user')).toEqual({ asked: 'again' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early request failed', async () => {
    const { api, fetch } = client();
    (globalThis as { turnoutEarly?: unknown }).turnoutEarly = {
      token: 't1',
      at: performance.now(),
      answers: new Map([['/api/user', Promise.resolve(null)]]),
    };
    expect(await api.get('/user')).toEqual({ asked: 'again' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
