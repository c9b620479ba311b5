import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/database.ts';
import { hashToken, newToken } from '../auth/context.ts';
import { repoRoot } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

/**
 * The embedded database must survive the server being stopped (SIGTERM) and killed (SIGKILL)
 * in the middle of a stream of writes: every write the API acknowledged is there after a
 * restart, and the restart needs no manual repair. Runs the real server in a child process.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** Every server a test started: whatever a failed assertion left running is killed after the file. */
const started = new Set<ChildProcess>();

/** Waits until the stream has at least `count` acknowledged writes (at most 30 s: the machine may be busy). */
async function acknowledgedAtLeast(stream: { acknowledged: string[] }, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (stream.acknowledged.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.on('exit', () => started.delete(child));
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base, exited, output: () => log };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${log}`);
}

/** Posts notices with `parallel` requests in flight until stopped; returns the acknowledged titles. */
function writeStream(base: string, token: string, prefix: string, parallel = 4) {
  const acknowledged: string[] = [];
  let attempted = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const title = `${prefix}-${attempted++}`;
      try {
        const res = await fetch(`${base}/api/notices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, body: 'x'.repeat(500) }),
        });
        if (res.status === 201) acknowledged.push(title);
      } catch {
        // The server went away mid-request: this write was never acknowledged.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: parallel }, worker));
  return {
    acknowledged,
    attempted: () => attempted,
    stop: async () => {
      stopped = true;
      await done;
    },
    done,
  };
}

async function listTitles(base: string, token: string): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/notices?per_page=240&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { title: string }[]; meta: { last_page: number } };
    titles.push(...body.data.map((n) => n.title));
    if (page >= body.meta.last_page) return titles;
  }
}

describe.runIf(TEST_DB === 'pglite')('embedded database durability', () => {
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-durability-'));
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(db);
    const tenant = await db.kysely.insertInto('tenant').values({ name: 'd', display_name: 'D' }).returning('id').executeTakeFirstOrThrow();
    const user = await db.kysely
      .insertInto('app_user')
      .values({ email: 'd@test.example', display_name: 'D' })
      .returning('id')
      .executeTakeFirstOrThrow();
    token = newToken();
    await db.kysely
      .insertInto('user_session')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        tenant_id: tenant.id,
        acting_role: 'Tenant User',
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    await db.close();
  }, 60_000);

  afterAll(() => {
    for (const child of started) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const allAcknowledged: string[] = [];

  it('keeps every acknowledged write when killed with SIGKILL mid-stream', async () => {
    const server = await startServer(dataDir);
    const stream = writeStream(server.base, token, 'kill');
    await acknowledgedAtLeast(stream, 6);
    expect(stream.acknowledged.length).toBeGreaterThan(5);
    server.child.kill('SIGKILL');
    const exit = await server.exited;
    await stream.done;
    expect(exit.signal).toBe('SIGKILL');
    allAcknowledged.push(...stream.acknowledged);

    const again = await startServer(dataDir);
    try {
      const titles = await listTitles(again.base, token);
      for (const title of stream.acknowledged) expect(titles, `lost ${title}`).toContain(title);
      expect(new Set(titles).size).toBe(titles.length);
      expect(titles.length).toBeLessThanOrEqual(stream.attempted());
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);

  it('finishes in-flight writes and closes cleanly on SIGTERM', async () => {
    const server = await startServer(dataDir);
    const stream = writeStream(server.base, token, 'term');
    await acknowledgedAtLeast(stream, 6);
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    await stream.done;
    expect(exit.code, server.output()).toBe(0);
    expect(stream.acknowledged.length).toBeGreaterThan(5);
    allAcknowledged.push(...stream.acknowledged);

    const again = await startServer(dataDir);
    try {
      const titles = await listTitles(again.base, token);
      for (const title of allAcknowledged) expect(titles, `lost ${title}`).toContain(title);
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      again.child.kill('SIGTERM');
      const last = await again.exited;
      expect(last.code).toBe(0);
    }
  }, 120_000);

  it('refuses to open a data directory another live server holds', async () => {
    const server = await startServer(dataDir);
    try {
      await expect(startServer(dataDir)).rejects.toThrow(/in use by process/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
