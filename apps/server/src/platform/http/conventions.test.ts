import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';

describe(`API conventions on ${TEST_DB}`, () => {
  let test: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp({ bodyLimit: 64 * 1024 });
    ({ headers } = await createTenantUser(test));
  });
  afterAll(() => test.close());

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title": "Hose test",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<notice><title>x</title></notice>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported content type/);
  });

  it('answers an oversized body with 413 and writes nothing', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'big', body: 'x'.repeat(100 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
    const list = await test.app.inject({ method: 'GET', url: '/api/notices', headers });
    expect(list.json().data.map((n: { title: string }) => n.title)).not.toContain('big');
  });

  it('answers a missing required property with 422 keyed by property', async () => {
    const res = await test.app.inject({ method: 'POST', url: '/api/notices', headers, payload: { body: 'no title' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The given data was invalid.', errors: { title: ['The title field is required.'] } });
  });

  it('answers an empty body on a JSON route with a 4xx, never a 500', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers bad query parameters with 422 keyed by parameter', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/notices?page=0&per_page=100000', headers });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'per_page']);
  });

  it('puts a request id on every response and keeps a sane one the client sent', async () => {
    const generated = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await test.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await test.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(hostile.headers['x-request-id']).not.toContain('<');
  });

  it('sends security headers and no CORS headers by default', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only the configured origins when CORS is on', async () => {
    const withCors = await createTestApp({ corsOrigins: ['https://app.turnout.example'] });
    try {
      const allowed = await withCors.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.turnout.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.turnout.example');
      const other = await withCors.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await withCors.close();
    }
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const doc = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/notices']));
    expect(openapi.paths['/api/notices'].post.requestBody.content['application/json'].schema.required).toContain('title');
  });

  it('hides internal errors behind a plain 500 without a stack trace', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.db.kysely.schema.dropTable('notice').execute();
      const { headers: h } = await createTenantUser(broken);
      const res = await broken.app.inject({ method: 'GET', url: '/api/notices', headers: h });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Server Error' });
      expect(res.body).not.toMatch(/notice|relation|at .*\.ts/);
    } finally {
      await broken.close();
    }
  });
});
