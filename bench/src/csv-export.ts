/**
 * `npm run bench -- --export [--write]`: the CSV export of issue 21 (GET /entity/{type}/csv,
 * timed from the request to its answer, the file's url: the file is written by then).
 *
 * PostgreSQL (BENCH_DATABASE_URL, a superuser: the bench makes and drops its own database) and
 * PGlite (a copy of nothing: the same seed through the server's own start). A five-field type
 * holds BENCH_EXPORT_ROWS (20,000) generated records; one server process answers a warm-up
 * export, then BENCH_EXPORT_SAMPLES (7) timed ones; the median is reported. With
 * BENCH_EXPORT_BEFORE=/path/to/an/earlier/checkout the earlier code runs on the same database
 * at the same time, the two exports interleaved (before, after, before, …), side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseline, createDatabase, createFlushType, dropDatabase, healthy, seed } from './imports.ts';
import { writeMarked } from './marked.ts';
import { type RunningServer, startServer } from './server.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_EXPORT_SAMPLES ?? 7);
const BEFORE = process.env.BENCH_EXPORT_BEFORE;

async function exportSeconds(server: RunningServer, token: string, typeName: string): Promise<{ seconds: number; bytes: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const res = await fetch(`${server.base}/api/entity/${typeName}/csv?time_zone=America/Chicago`, { headers });
  if (!res.ok) throw new Error(`csv answered ${res.status}: ${await res.text()}`);
  const url = (await res.json()).url as string;
  const seconds = (performance.now() - started) / 1000;
  const file = await fetch(`${server.base}${url}`, { headers });
  return { seconds, bytes: (await file.arrayBuffer()).byteLength };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function csvExportBench({ write }: { write: boolean }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-export-'));
  const { url, name } = await createDatabase();
  try {
    const { token, tenantId } = await seed(url);
    const env = { DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') };
    const after = await startServer(env);
    let before: RunningServer | undefined;
    try {
      await healthy(after);
      const typeName = await createFlushType(after, token, 'Export Flush');
      await baseline(url, tenantId, typeName, ROWS);
      if (BEFORE) {
        before = await startServer({ ...env, DATA_DIR: path.join(dir, 'data-before') }, BEFORE);
        await healthy(before);
      }
      const servers = before
        ? ([
            ['before', before],
            ['after', after],
          ] as const)
        : ([['this commit', after]] as const);
      const samples = new Map<string, number[]>(servers.map(([label]) => [label, []]));
      const bytes = new Map<string, number>();
      for (const [label, server] of servers) bytes.set(label, (await exportSeconds(server, token, typeName)).bytes);
      for (let i = 0; i < SAMPLES; i++) {
        for (const [label, server] of servers) {
          const run = await exportSeconds(server, token, typeName);
          samples.get(label)!.push(run.seconds);
          process.stdout.write(`[export] ${label}: ${run.seconds.toFixed(3)} s\n`);
        }
      }
      const lines = [
        `Measured ${new Date().toISOString().slice(0, 10)} on PostgreSQL (${os.cpus().length} cores): ${ROWS.toLocaleString('en-US')} records of a five-field type, one warm-up then ${SAMPLES} exports each${before ? ', interleaved' : ''}.`,
        '',
        '| code | median | min | max | file |',
        '|---|---:|---:|---:|---:|',
        ...servers.map(([label]) => {
          const s = samples.get(label)!;
          return `| ${label} | ${median(s).toFixed(2)} s | ${Math.min(...s).toFixed(2)} s | ${Math.max(...s).toFixed(2)} s | ${(bytes.get(label)! / 1024 / 1024).toFixed(1)} MiB |`;
        }),
      ];
      const table = lines.join('\n');
      console.log(`\n${table}\n`);
      if (write) writeMarked('export', table);
    } finally {
      await after.stop();
      await before?.stop();
    }
  } finally {
    await dropDatabase(name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
