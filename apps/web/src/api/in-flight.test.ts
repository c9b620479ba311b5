import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';

function deferredFetch() {
  const answers: ((response: Response) => void)[] = [];
  const signals: AbortSignal[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(
    (_url, init) =>
      new Promise((resolve, reject) => {
        answers.push(resolve);
        const signal = init?.signal;
        if (signal) {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(signal.reason));
        }
      }),
  );
  const answer = (index: number, body: unknown) =>
    answers[index]?.(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  return { fetch, answer, signals };
}

function client(fetch: typeof globalThis.fetch, token: () => string | null = () => 't') {
  return createApiClient({
    auth: { token, clear: () => undefined },
    environment: () => 'development',
    build: { hash: 'dev', timestamp: 'now', platform: 'web' },
    fetch,
  });
}

describe('api client: identical GETs in flight are shared', () => {
  it('sends one request for identical GETs and gives every caller the answer', async () => {
    const { fetch, answer } = deferredFetch();
    const api = client(fetch);
    const first = api.get('/tenant', { query: { page: 1 } });
    const second = api.get('/tenant', { query: { page: 1 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(0, { data: [1] });
    await expect(first).resolves.toEqual({ data: [1] });
    await expect(second).resolves.toEqual({ data: [1] });

    // Once answered, the next GET is a new request.
    const third = api.get('/tenant', { query: { page: 1 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(1, { data: [2] });
    await expect(third).resolves.toEqual({ data: [2] });
  });

  it('does not share different URLs, other users, or writes', async () => {
    const { fetch } = deferredFetch();
    let token = 'alice';
    const api = client(fetch, () => token);
    void api.get('/tenant', { query: { page: 1 } });
    void api.get('/tenant', { query: { page: 2 } });
    token = 'bob';
    void api.get('/tenant', { query: { page: 1 } });
    void api.post('/notifications/1/read');
    void api.post('/notifications/1/read');
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('lets one caller abort without aborting the others, and aborts the request when all have gone', async () => {
    const { fetch, answer, signals } = deferredFetch();
    const api = client(fetch);
    const a = new AbortController();
    const b = new AbortController();
    const first = api.get('/search', { signal: a.signal });
    const second = api.get('/search', { signal: b.signal });
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals[0]?.aborted).toBe(false);
    answer(0, { hits: 3 });
    await expect(second).resolves.toEqual({ hits: 3 });

    const c = new AbortController();
    const d = new AbortController();
    const third = api.get('/search', { signal: c.signal });
    const fourth = api.get('/search', { signal: d.signal });
    c.abort();
    d.abort();
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
    await expect(fourth).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals[1]?.aborted).toBe(true);

    // An abandoned request is not joined: the next caller starts afresh.
    void api.get('/search');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
