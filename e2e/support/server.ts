import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Generous: a first start migrates a fresh embedded database, slow on a loaded 2-core machine.
const STARTUP_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 200;

/** A TCP port nobody listens on right now, found by letting the system pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface ServerOptions {
  /** Where the server sends mail (smtp://host:port); without it mail stays in its outbox table. */
  smtpUrl?: string;
  /** Where the embedded database lives; kept when the server stops (a restart on the same data). Default: a fresh temporary folder, removed on stop. */
  dataDir?: string;
}

/**
 * Starts the real server (apps/server/src/main.ts) on `port` with a fresh embedded database in a
 * temporary folder, the demo data on and APP_ENV=development, serving the built web app.
 */
export async function startServer(port: number, options: ServerOptions = {}): Promise<RunningServer> {
  const webDist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: build the web app first (npm run build, or npm run test:e2e).');
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'turnout-e2e-')));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'on',
      APP_ENV: 'development',
      WEB_DIST: webDist,
      // Mail goes to the test SMTP server when there is one; links in it point at this server.
      SMTP_URL: options.smtpUrl ?? '',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: process.env.TURNOUT_E2E_SERVER_LOG ? 'info' : 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    if (process.env.TURNOUT_E2E_SERVER_LOG) process.stderr.write(chunk);
    log.push(...chunk.toString().split('\n').filter(Boolean));
    if (log.length > LOG_LINES_KEPT) log.splice(0, log.length - LOG_LINES_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) break;
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseURL, stop };
    } catch {
      // Not listening yet: the first start of the embedded database takes a few seconds.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const reason = exited(child) ? `exited with ${child.exitCode ?? child.signalCode}` : `did not answer within ${STARTUP_TIMEOUT_MS} ms`;
  await stop();
  throw new Error(`The Turnout server ${reason}. Its last output:\n${log.join('\n')}`);
}
