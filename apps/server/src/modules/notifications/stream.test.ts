import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { hashToken, requireSignIn } from '../../platform/auth/context.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { EventBus } from '../../platform/events/bus.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/app.ts';
import { createTestDatabase, TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { eventsOf, openEventStream } from './stream.ts';

const f = (property: string, type: string) => ({ field_data: { property, title: property, type, page: 1 } });

interface Frame {
  event: string;
  data: unknown;
}

/** Reads GET /api/events over real HTTP the way the web app does: fetch and a stream reader. */
async function openStream(base: string, headers: Record<string, string>, path = '/api/events') {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  const frames: Frame[] = [];
  const comments: string[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          // 'records' (a record changed, for live figures) is not what these tests are about.
          if (event === 'records') continue;
          if (event && data !== undefined) frames.push({ event, data: JSON.parse(data) });
          else comments.push(...lines.filter((l) => l.startsWith(':')));
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    frames,
    comments,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe(`[EVENTS] GET /api/events over real HTTP on ${TEST_DB}`, () => {
  let test: TestApp;
  let base: string;
  let tenantId: string;
  let chief: Record<string, string>;
  let watcher: Record<string, string>;
  let watcherId: string;
  let watcherEmail: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  /** A hydrant the watcher watches; each `change()` saves it as the chief. */
  async function watchedHydrant() {
    const created = (await call('POST', '/api/entity/hydrant', chief, { number: `H-${Date.now()}` })).json().data;
    await call('POST', `/api/entity/hydrant/${created.id}/toggleWatch`, watcher);
    let version = created.version as number;
    return {
      id: created.id as string,
      async change(on: TestApp = test) {
        const res = await on.app.inject({
          method: 'PUT',
          url: `/api/entity/hydrant/${created.id}`,
          headers: chief,
          payload: { version, number: `H-${version}` },
        });
        if (res.statusCode !== 200) throw new Error(res.body);
        version = res.json().data.version;
      },
    };
  }

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    tenantId = a.id;
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    const w = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    watcherId = w.id;
    watcherEmail = w.email;
    watcher = await signIn(test, w.email);
    const res = await call('POST', '/api/entity-type', chief, { label: 'Hydrant', fields: [f('number', 'single-text')] });
    if (res.statusCode !== 201) throw new Error(res.body);
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it('streams the unread count, then each new notification and the new count; stops listening on disconnect', async () => {
    const hydrant = await watchedHydrant();
    const before = (await call('GET', '/api/notifications/unread', watcher)).json().meta.total;
    const stream = await openStream(base, watcher);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('x-request-id')).toBeTruthy();
    await expect.poll(() => stream.frames).toEqual([{ event: 'unread', data: { total: before } }]);

    await hydrant.change();
    await expect.poll(() => stream.frames.length).toBe(3);
    expect(stream.frames[1]).toMatchObject({
      event: 'notification',
      data: { data: { path: `/entity/hydrant/${hydrant.id}` }, read_at: null },
    });
    expect(stream.frames[2]).toEqual({ event: 'unread', data: { total: before + 1 } });

    // Marking read in another tab updates this one.
    const id = (stream.frames[1]?.data as { id: string } | undefined)?.id ?? '';
    expect((await call('POST', `/api/notifications/${id}/read`, watcher)).statusCode).toBe(200);
    await expect.poll(() => stream.frames.at(-1)).toEqual({ event: 'unread', data: { total: before } });

    const events = eventsOf(test.app.server);
    expect(events?.streams.size).toBe(1);
    const listeners = events?.bus.listenerCount() ?? 0;
    await stream.close();
    await expect.poll(() => events?.streams.size).toBe(0);
    expect(events?.bus.listenerCount()).toBe(listeners - 1);
  });

  it("leaves out another tenant's events and ends when the session ends", async () => {
    const stream = await openStream(base, watcher);
    await expect.poll(() => stream.frames.length).toBe(1);
    const bus = new EventBus(test.database.db, test.app.log);
    await bus.start();
    try {
      await bus.publish(watcherId, { type: 'notification', tenant_id: '00000000-0000-4000-8000-000000000000', notification: { id: 'x' } });
      await bus.publish(watcherId, { type: 'resync', tenant_id: null });
      await expect.poll(() => stream.frames.map((f) => f.event)).toEqual(['unread', 'resync', 'unread']);

      const token = watcher.authorization?.slice('Bearer '.length) ?? '';
      await test.database.db.kysely.deleteFrom('user_session').where('token_hash', '=', hashToken(token)).execute();
      // Ended by another process: this one reads the session again within the read-cache
      // period (2 s) and ends the stream at the next event.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await bus.publish(watcherId, { type: 'resync', tenant_id: null });
      await expect.poll(() => stream.ended()).toBe(true);
      expect(stream.frames.map((f) => f.event)).toEqual(['unread', 'resync', 'unread']);
    } finally {
      await bus.close();
      await stream.close();
      watcher = await signIn(test, watcherEmail);
    }
  });

  it('sends a heartbeat comment and ends at a heartbeat once the session has ended', async () => {
    // An app of its own whose stream beats every 50 ms instead of 25 s.
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    const bus = new EventBus(database.db, app.log);
    await app.register(async (api) => {
      requireSignIn(api);
      api.get('/api/fast-events', (request, reply) => openEventStream(request, reply, bus, new Set(), 50));
    });
    try {
      await bus.start();
      const own: TestApp = { app, database, close: async () => undefined };
      const t = await makeTenant(own, 'Beat');
      const user = await makeUser(own, [{ roleKey: 'Tenant User', tenantId: t.id }]);
      const headers = await signIn(own, user.email);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(url, headers, '/api/fast-events');
      await expect.poll(() => stream.comments).toContain(': heartbeat');
      const token = headers.authorization.slice('Bearer '.length);
      await database.db.kysely.deleteFrom('user_session').where('token_hash', '=', hashToken(token)).execute();
      // Within the read-cache period (2 s) of the session, at a heartbeat.
      await expect.poll(() => stream.ended(), { timeout: 5000 }).toBe(true);
      expect(bus.listenerCount()).toBe(0);
    } finally {
      await bus.close();
      await app.close();
      await database.drop();
    }
  });

  it('does not hold up shutdown: close() ends open streams at once', async () => {
    const own = await createTestApp();
    try {
      const t = await makeTenant(own, 'Shut');
      const headers = await signIn(own, (await makeUser(own, [{ roleKey: 'Tenant User', tenantId: t.id }])).email);
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(url, headers);
      await expect.poll(() => stream.frames.length).toBe(1);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect.poll(() => stream.ended()).toBe(true);
    } finally {
      await own.database.drop();
    }
  });

  // The embedded database belongs to one process; only PostgreSQL has other processes to reach.
  it.skipIf(TEST_DB !== 'postgres')(
    'delivers an event published by one server process to a stream on another (PostgreSQL only: an embedded database has one process)',
    async () => {
      const secondDb = await openDatabase({ databaseUrl: test.database.url, poolSize: 2 });
      const second = await buildApp({ config: testConfig(), db: secondDb, logger: false });
      try {
        const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
        const hydrant = await watchedHydrant();
        const stream = await openStream(secondBase, watcher);
        await expect.poll(() => stream.frames.length).toBe(1);
        const total = (stream.frames[0]?.data as { total: number } | undefined)?.total ?? 0;
        // The change is saved through the first instance; the stream is served by the second.
        await hydrant.change(test);
        await expect.poll(() => stream.frames.map((f) => f.event)).toEqual(['unread', 'notification', 'unread']);
        expect(stream.frames[2]?.data).toEqual({ total: total + 1 });
        expect(tenantId).toBeTruthy();
        await stream.close();
      } finally {
        await second.close();
      }
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'reconnects a lost LISTEN connection and tells subscribers to resync (PostgreSQL only: PGlite listens in-process)',
    async () => {
      const bus = new EventBus(test.database.db, test.app.log);
      await bus.start();
      const heard: string[] = [];
      const stop = bus.subscribe(watcherId, (e) => heard.push(e.type));
      try {
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'turnout-events' AND datname = current_database()`.execute(test.database.db.kysely);
        await expect.poll(() => heard, { timeout: 10_000 }).toContain('resync');
        await bus.publish(watcherId, { type: 'ping', tenant_id: null });
        await expect.poll(() => heard).toContain('ping');
      } finally {
        stop();
        await bus.close();
      }
    },
  );
});
