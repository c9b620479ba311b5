import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memory-storage.ts';
import { createAuthStore } from './auth-store.ts';
import { createApiClient } from './client.ts';
import { ApiError, SignedOutError } from './errors.ts';
import { storedValue } from './stored-value.ts';

const BUILD = { hash: 'abc1234', timestamp: '2026-11-21T10:00:00.000Z', platform: 'web' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(token: string | null = 'secret-token') {
  const auth = createAuthStore(storedValue<string>('turnout.token', (raw) => raw || null, memoryStorage()));
  if (token) auth.setToken(token);
  const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, { ok: true }));
  const onSignedOut = vi.fn();
  const api = createApiClient({ auth, environment: () => 'staging', build: BUILD, fetch, onSignedOut });
  const sent = (call = 0) => {
    const [url, init] = fetch.mock.calls[call] ?? [];
    return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { auth, fetch, onSignedOut, api, sent };
}

describe('api client: requests', () => {
  it('prefixes /api and sends the accept, bearer and frontend-version headers', async () => {
    const { api, sent } = setup();
    await api.get('/entity/incident', { query: { page: 2, 'filter[display_name]': 'Main St', skip: undefined, 'ids[]': [1, 2] } });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/entity/incident?page=2&filter%5Bdisplay_name%5D=Main+St&ids%5B%5D=1&ids%5B%5D=2');
    expect(init.method).toBe('GET');
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['frontend-version']).toBe('env=staging; build=abc1234; platform=web; timestamp=2026-11-21T10:00:00.000Z');
  });

  it('sends no Authorization header without a token', async () => {
    const { api, sent } = setup(null);
    await api.get('/health');
    expect(sent().headers.Authorization).toBeUndefined();
  });

  it('sends JSON bodies with a content type, and multipart bodies without one', async () => {
    const { api, sent } = setup();
    await api.post('/user/login', { email: 'a@b.org' });
    await api.put('/entity/incident/1', { name: 'x' });
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'hello.txt');
    await api.postMultipart('/files', form);
    await api.delete('/entity/incident/1');
    expect(sent(0).init).toMatchObject({ method: 'POST', body: '{"email":"a@b.org"}' });
    expect(sent(0).headers['Content-Type']).toBe('application/json');
    expect(sent(1).init.method).toBe('PUT');
    expect(sent(2).init.body).toBe(form);
    expect(sent(2).headers['Content-Type']).toBeUndefined();
    expect(sent(3).init.method).toBe('DELETE');
  });

  it('parses the answer with the schema given', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(json(200, { n: 1 }));
    const parsed = await api.get('/count', { schema: { parse: (data) => (data as { n: number }).n + 1 } });
    expect(parsed).toBe(2);
  });

  it('answers undefined for 204 No Content', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/entity/incident/1')).resolves.toBeUndefined();
  });
});

describe('api client: errors', () => {
  it('turns a 422 into an ApiError with statusCode, message, body and field errors', async () => {
    const { api, fetch } = setup();
    const body = { message: 'The given data was invalid.', errors: { email: ['The email field is required.'] } };
    fetch.mockResolvedValueOnce(json(422, body));
    const error = await api.post('/user/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 422, message: 'The given data was invalid.', body });
    expect((error as ApiError).fieldErrors).toEqual({ email: ['The email field is required.'] });
  });

  it('keeps a body that is not our error shape and still gives a message', async () => {
    const { api, fetch } = setup();
    fetch.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/x')).rejects.toMatchObject({ statusCode: 502, message: 'Bad Gateway', body: '<html>Bad Gateway</html>' });
  });

  it("turns a network failure ('Failed to fetch') into an ApiError with statusCode 0", async () => {
    const { api, fetch } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ name: 'ApiError', statusCode: 0, message: 'Failed to fetch' });
  });

  it('lets an abort through as an abort, not as an ApiError', async () => {
    const { api, fetch } = setup();
    fetch.mockImplementationOnce(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('on a 401 to a request that carried a token, forgets the token and signs out without an ApiError', async () => {
    const { api, fetch, auth, onSignedOut } = setup();
    fetch.mockResolvedValueOnce(json(401, { message: 'Unauthenticated.' }));
    const error = await api.get('/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignedOutError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(auth.token()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('keeps a newer token when an older request comes back 401', async () => {
    const { api, fetch, auth, onSignedOut } = setup('old');
    let answer: (response: Response) => void = () => undefined;
    fetch.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const pending = api.post('/user/logout').catch((e: unknown) => e);
    auth.setToken('new');
    answer(json(401, { message: 'Unauthenticated.' }));
    expect(await pending).toBeInstanceOf(SignedOutError);
    expect(auth.token()).toBe('new');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('treats a 401 without a token (wrong password) as an ordinary ApiError', async () => {
    const { api, fetch, onSignedOut } = setup(null);
    fetch.mockResolvedValueOnce(json(401, { message: 'These credentials do not match our records.' }));
    await expect(api.post('/user/login', {})).rejects.toMatchObject({
      statusCode: 401,
      message: 'These credentials do not match our records.',
    });
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});
