import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function processCpuSeconds(pid: number): number {
  try {
    // The fields after the command, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each PostgreSQL backend connected to `database` (on this machine), by pid. */
export function postgresCpuSeconds(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (args.startsWith('postgres:') && args.includes(` ${database} `)) seconds.set(Number(entry), processCpuSeconds(Number(entry)));
    } catch {}
  }
  return seconds;
}

/**
 * The CPU milliseconds per request of the server and of its database over `fn`'s requests. A
 * backend that ends during the run (an idle pool connection closing) drops out of both sums.
 */
export async function cpuPerRequest<T extends { samples: number[] }>(
  serverPid: number,
  database: string,
  fn: () => Promise<T>,
): Promise<{ result: T; serverMs: number; postgresMs: number }> {
  const server = processCpuSeconds(serverPid);
  const before = postgresCpuSeconds(database);
  const result = await fn();
  const after = postgresCpuSeconds(database);
  let postgres = 0;
  for (const [pid, seconds] of after) postgres += seconds - (before.get(pid) ?? 0);
  const n = Math.max(1, result.samples.length);
  return { result, serverMs: ((processCpuSeconds(serverPid) - server) * 1000) / n, postgresMs: (postgres * 1000) / n };
}
