import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../apps/server/src/platform/config.ts';

/** The throwaway localhost certificate of the server's tests (apps/server/src/test/tls). */
const TLS_DIR = path.join(repoRoot, 'apps/server/src/test/tls');
export const TLS_ENV = { TLS_CERT_FILE: path.join(TLS_DIR, 'cert.pem'), TLS_KEY_FILE: path.join(TLS_DIR, 'key.pem') };

/**
 * fetch, or over https a request that trusts the throwaway certificate (Node's fetch takes no CA
 * of its own): enough for the bench's JSON calls to a server started with `tls`.
 */
export async function benchFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  if (!url.startsWith('https:')) return fetch(url, init);
  const ca = readFileSync(TLS_ENV.TLS_CERT_FILE);
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca, signal: init.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve(new Response(res.statusCode === 204 ? null : Buffer.concat(chunks), { status: res.statusCode ?? 500, headers }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export interface RunningServer {
  base: string;
  pid: number;
  rssMiB(): number;
  /** CPU time the server process has used (all its threads: compression's too), in ms; 10 ms steps. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** BENCH_SERVER_NODE_ARGS: extra node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'. */
const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * Starts the real server (apps/server/src/main.ts, through tsx) in its own process. `root`: another
 * checkout to run instead of this one (a side-by-side comparison with an earlier commit). `tls`:
 * HTTPS with HTTP/2 on the throwaway certificate, as a department serves it (decision 0049).
 */
export async function startServer(env: Record<string, string>, root = repoRoot, { tls = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: 'off', ...(tls ? TLS_ENV : {}), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // A loaded 2-core machine has taken well over 30 s to start the server with the demo data.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      // Each try gives up after 5 s: a server busy seeding may accept and not answer for minutes.
      if ((await benchFetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 240 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    base,
    pid,
    rssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    cpuMs() {
      // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms, after the name in parentheses.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
