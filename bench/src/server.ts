import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { repoRoot } from '../../apps/server/src/platform/config.ts';

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
 * checkout to run instead of this one (a side-by-side comparison with an earlier commit).
 */
export async function startServer(env: Record<string, string>, root = repoRoot): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // A loaded 2-core machine has taken well over 30 s to start the server with the demo data.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      // Each try gives up after 5 s: a server busy seeding may accept and not answer for minutes.
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
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
