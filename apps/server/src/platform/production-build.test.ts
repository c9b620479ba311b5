import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../test/database.ts';
import { repoRoot } from './config.ts';

/**
 * The production server (docs/decisions/0032): the bundle apps/server/scripts/build.mjs writes
 * starts under plain node — the migrations and NERIS definitions it reads by path at start are
 * found beside it, from another working directory — answers, and on SIGTERM finishes and exits 0. On the embedded database only (it
 * makes its own); the PostgreSQL run of the server tests skips it.
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

describe.skipIf(TEST_DB !== 'pglite')('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-dist-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds, starts with node alone, serves the API and drains on SIGTERM', async () => {
    execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'pipe' });
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: tmpdir(),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 240_000;
      let health: { status: string; database: { kind: string } } | undefined;
      while (!health && Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (res.ok) health = await res.json();
        } catch {}
        if (!health) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health, log).toMatchObject({ status: 'ok', database: { kind: 'pglite' } });
      child.kill('SIGTERM');
      expect(await exited, log).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 360_000);
});
