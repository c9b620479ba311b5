import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { SAMPLES } from '../../modules/files/test-samples.ts';
import { eventsOf } from '../../modules/notifications/stream.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/app.ts';
import { createTestDatabase, TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';

/**
 * HTTPS with HTTP/2 (and HTTP/1.1 through ALPN) when the server has a certificate (decision 0049),
 * tried over real sockets: app.inject never touches the transport.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/tls');
const tls = { cert: readFileSync(path.join(fixtures, 'cert.pem')), key: readFileSync(path.join(fixtures, 'key.pem')) };
const SCRIPT = `console.log(${JSON.stringify('turnout '.repeat(200))});`;
const LIMIT = 64 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on an HTTP/2 session; the body is sent whole (the server may answer before reading it all). */
function h2(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: Buffer,
): Promise<Answer & { stream: http2.ClientHttp2Stream }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks), stream }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/**
 * The server reset the stream with NO_ERROR after its answer: stop sending the rest (RFC 9113
 * §8.1). Node's client keeps such a stream, its upload cut short, until it is destroyed.
 */
async function expectResetAfterAnswer(stream: http2.ClientHttp2Stream): Promise<void> {
  await expect.poll(() => stream.closed).toBe(true);
  expect(stream.rstCode).toBe(http2.constants.NGHTTP2_NO_ERROR);
  stream.destroy();
}

/** One HTTP/1.1 GET (https when `agent` is an https.Agent); `onHead` when the status and headers are in. */
function h1(url: string, agent: http.Agent, onHead?: () => void): Promise<Answer & { version: string }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    get(url, { agent }, (res) => {
      onHead?.();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), version: res.httpVersion }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Node warns (once a process) when an HTTP/2 answer is given a `connection` header it then drops. */
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
const connectionWarnings = () => warnings.filter((w) => /connection/i.test(w.message)).map((w) => w.message);

describe(`HTTPS and HTTP/2 on ${TEST_DB}`, () => {
  let test: TestApp;
  let dist: string;
  let base: string;
  let session: http2.ClientHttp2Session;
  let user: Record<string, string>;

  beforeAll(async () => {
    process.on('warning', onWarning);
    dist = mkdtempSync(path.join(tmpdir(), 'turnout-tls-web-'));
    mkdirSync(path.join(dist, 'assets'));
    const page = '<!doctype html><title>Turnout</title><div id="root"></div>';
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    test = await createTestApp({ webDist: dist, tls, uploadMaxBytes: LIMIT });
    const tenant = await makeTenant(test, 'Secure');
    user = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenant.id }])).email);
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    // The fixture certificate names 127.0.0.1, so the client checks it like any other.
    session = http2.connect(base, { ca: tls.cert });
  });
  afterEach(() => {
    const found = connectionWarnings();
    warnings.length = 0;
    expect(found).toEqual([]);
  });
  afterAll(async () => {
    session?.close();
    await test?.close();
    rmSync(dist, { recursive: true, force: true });
    process.off('warning', onWarning);
  });

  it('listens on https and answers GET /api/health over HTTP/2 and over HTTP/1.1', async () => {
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const overH2 = await h2(session, { ':path': '/api/health' });
    expect(session.alpnProtocol).toBe('h2');
    expect(overH2.status).toBe(200);
    expect(overH2.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(overH2.body.toString())).toMatchObject({ status: 'ok', database: { ok: true } });

    const agent = new https.Agent({ keepAlive: true, ca: tls.cert });
    try {
      const overH1 = await h1(`${base}/api/health`, agent);
      expect(overH1.version).toBe('1.1');
      expect(overH1.status).toBe(200);
      expect(JSON.parse(overH1.body.toString())).toMatchObject({ status: 'ok' });
    } finally {
      agent.destroy();
    }
  });

  it('compresses an API answer over 1 KiB over HTTP/2, as the client accepts', async () => {
    const plain = await h2(session, { ':path': '/api/user', ...user });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await h2(session, { ':path': '/api/user', 'accept-encoding': 'gzip, deflate, br', ...user });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());

    const gz = await h2(session, { ':path': '/api/user', 'accept-encoding': 'gzip', ...user });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });

  it("sends a built web file's precompressed copy with its immutable cache header over HTTP/2", async () => {
    const res = await h2(session, { ':path': '/assets/app-abc123.js', 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('opens the server events stream over HTTP/2 with its first comment, and cleans up when the client leaves', async () => {
    const streams = eventsOf(test.app.server)?.streams;
    const stream = session.request({ ':path': '/api/events', ...user });
    let text = '';
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await expect.poll(() => text).toContain(': connected\n\n');
    expect(answer[':status']).toBe(200);
    expect(answer['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.connection).toBeUndefined();
    await expect.poll(() => text).toMatch(/event: unread\ndata: \{"total":\d+\}/);
    expect(streams?.size).toBe(1);
    stream.close();
    await expect.poll(() => streams?.size).toBe(0);
  });

  it('refuses an upload over the limit before reading it with 413 over HTTP/2, and the session serves on', async () => {
    const { payload, headers } = multipartForm([
      { name: 'file', filename: 'huge.png', content: Buffer.concat([SAMPLES.png, Buffer.alloc(8 * 1024 * 1024)]) },
    ]);
    const res = await h2(session, { ':path': '/api/files', ':method': 'POST', ...headers, ...user }, payload);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toMatchObject({ message: 'The file is too large.' });
    expect(res.headers.connection).toBeUndefined();
    await expectResetAfterAnswer(res.stream);

    // Fastify's own refusal of a JSON body over BODY_LIMIT (it sets `connection: close` itself).
    const json = Buffer.from(JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }));
    const tooLarge = await h2(session, { ':path': '/api/user/login', ':method': 'POST', 'content-type': 'application/json' }, json);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.connection).toBeUndefined();
    await expectResetAfterAnswer(tooLarge.stream);

    expect((await h2(session, { ':path': '/api/health' })).status).toBe(200);
  });
});

/**
 * An app with two slow answers that end only once the server has stopped listening, i.e. once
 * app.close() has done all it does to connections at once: GET /api/slow has not begun its answer
 * by then; GET /api/slow-stream has sent its headers and first part.
 */
async function appWithSlowRoutes(withTls: boolean) {
  const database = await createTestDatabase();
  const app: FastifyInstance = await buildApp({ config: testConfig(withTls ? { tls } : {}), db: database.db, logger: false });
  const closing = async () => {
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
  };
  let started = 0;
  app.get('/api/slow', async () => {
    started += 1;
    await closing();
    return { slow: 'x'.repeat(10_000) };
  });
  app.get('/api/slow-stream', (_request, reply) => {
    async function* parts() {
      yield 'first,';
      await closing();
      yield 'last';
    }
    reply.type('text/plain').send(Readable.from(parts()));
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, database, started: () => started };
}

describe(`closing with requests in flight, on ${TEST_DB}`, () => {
  it('on the TLS server, lets slow requests finish over HTTP/2 and over HTTP/1.1, then resolves', async () => {
    const { app, base, database, started } = await appWithSlowRoutes(true);
    const session = http2.connect(base, { ca: tls.cert });
    let goaway = false;
    session.on('goaway', () => (goaway = true));
    // keepAlive: the client asks for `connection: keep-alive`, as browsers do.
    const agent = new https.Agent({ keepAlive: true, ca: tls.cert });
    try {
      let streaming = false;
      const overH2 = h2(session, { ':path': '/api/slow' });
      const overH1 = h1(`${base}/api/slow`, agent);
      const underWay = h1(`${base}/api/slow-stream`, agent, () => (streaming = true));
      await expect.poll(started).toBe(2);
      await expect.poll(() => streaming).toBe(true);
      const closed = app.close();
      const [a2, a1, streamed] = await Promise.all([overH2, overH1, underWay]);
      await closed;

      expect(a2.status).toBe(200);
      expect(JSON.parse(a2.body.toString()).slow).toHaveLength(10_000);
      expect(a1.version).toBe('1.1');
      expect(a1.status).toBe(200);
      expect(JSON.parse(a1.body.toString()).slow).toHaveLength(10_000);
      expect(streamed.body.toString()).toBe('first,last');
      // The HTTP/1.1 answer not begun tells the client not to reuse its connection (the one under
      // way had said keep-alive; the server closes it after); the session got GOAWAY.
      expect(a1.headers.connection).toBe('close');
      expect(streamed.headers.connection).toBe('keep-alive');
      expect(goaway).toBe(true);
    } finally {
      agent.destroy();
      session.destroy();
      await app.close();
      await database.drop();
    }
  });

  it('on the plain HTTP server, lets slow keep-alive requests finish, then resolves', async () => {
    const { app, base, database, started } = await appWithSlowRoutes(false);
    const agent = new http.Agent({ keepAlive: true });
    try {
      let streaming = false;
      const notBegun = h1(`${base}/api/slow`, agent);
      const underWay = h1(`${base}/api/slow-stream`, agent, () => (streaming = true));
      await expect.poll(started).toBe(1);
      await expect.poll(() => streaming).toBe(true);
      const closed = app.close();
      const [a1, streamed] = await Promise.all([notBegun, underWay]);
      await closed;
      expect(a1.status).toBe(200);
      expect(JSON.parse(a1.body.toString()).slow).toHaveLength(10_000);
      expect(a1.headers.connection).toBe('close');
      expect(streamed.body.toString()).toBe('first,last');
      expect(streamed.headers.connection).toBe('keep-alive');
    } finally {
      agent.destroy();
      await app.close();
      await database.drop();
    }
  });
});
