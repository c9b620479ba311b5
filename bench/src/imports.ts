/**
 * `npm run bench -- --imports [--write]`: the imports benchmark of issue 28.
 *
 * PostgreSQL only (BENCH_DATABASE_URL, a superuser: the bench creates and drops its own
 * database). Writes CSV files of 10,000 and 100,000 rows of a five-field type, then, each on a
 * fresh server process, uploads the file, waits for its test run, runs the final import and
 * times it (rows per second, from POST /run-final-import to the job's 'complete'), sampling the
 * server's resident memory throughout and reading its peak (VmHWM) at the end. In the same run
 * the same 100,000 rows go into the same table with plain batched INSERTs through `pg` (500
 * rows a statement, no RLS, no versions, no checks): the baseline the final import is held to
 * (target: at least a third of its rate), run just before and just after the largest import
 * (the mean of the two is the baseline). Takes 2–4 minutes on 2 quiet cores.
 */

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { writeMarked } from './marked.ts';
import { type RunningServer, startServer } from './server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '10000,100000').split(',').map(Number);
const BASELINE_BATCH = 500;
const RESULTS = ['Passed', 'Failed', 'Needs service'];

/** The n-th generated row: unit, result (an option label), checked on (M/d/yyyy), pressure, notes. */
function row(n: number): string[] {
  const day = (n % 28) + 1;
  return [
    `Hydrant H-${String(n).padStart(6, '0')}`,
    RESULTS[n % 3]!,
    `11/${day}/2026`,
    String(40 + (n % 160)),
    `Flushed and checked, round ${n % 12}`,
  ];
}

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('Unit,Result,Checked On,Pressure,Notes\r\n');
  for (let n = 1; n <= rows; n++) {
    if (!out.write(`${row(n).join(',')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export async function createDatabase(): Promise<{ url: string; name: string }> {
  const name = `turnout_bench_imports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(ADMIN_URL);
  parsed.pathname = `/${name}`;
  return { url: parsed.toString(), name };
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A tenant and a Tenant Admin acting in it; the bearer token. */
export async function seed(url: string): Promise<{ token: string; tenantId: string; userId: string }> {
  const db = await openDatabase({ databaseUrl: url });
  await migrate(db);
  const k = db.kysely;
  const tenant = await k
    .insertInto('tenant')
    .values({ name: 'bench-imports', display_name: 'Bench Imports' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await k
    .insertInto('app_user')
    .values({ email: 'imports@bench.example', display_name: 'Importer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await k
    .insertInto('user_session')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      tenant_id: tenant.id,
      acting_role: 'Tenant Admin',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  await db.close();
  return { token, tenantId: tenant.id, userId: user.id };
}

interface ImportRun {
  rows: number;
  fileMiB: number;
  testRunSeconds: number;
  finalSeconds: number;
  finalRowsPerSecond: number;
  created: number;
  failed: number;
  idleRssMiB: number;
  peakRssMiB: number;
}

/** startServer gives up waiting after 30 s; on a busy machine a start can take longer. */
export async function healthy(server: RunningServer): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function importOnce(server: RunningServer, token: string, typeName: string, file: string, rows: number): Promise<ImportRun> {
  const headers = { authorization: `Bearer ${token}` };
  const wait = async (id: string) => {
    for (;;) {
      const res = await fetch(`${server.base}/api/long-running-job-notes/${id}`, { headers });
      const job = (await res.json()).data as { status: string; error: string | null; notes: Record<string, number> };
      if (job.status === 'complete') {
        if (job.error) throw new Error(`import ${id} failed: ${job.error}`);
        return job;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const idleRssMiB = server.rssMiB();
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), path.basename(file));
  const testStart = performance.now();
  const upload = await fetch(`${server.base}/api/entity/${typeName}/template/import?time_zone=UTC`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (!upload.ok) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const testId = (await upload.json()).importId as string;
  const tested = await wait(testId);
  const testRunSeconds = (performance.now() - testStart) / 1000;
  if (tested.notes.importedItems !== rows) throw new Error(`the test run passed ${tested.notes.importedItems} of ${rows} rows`);
  const finalStart = performance.now();
  const started = await fetch(`${server.base}/api/run-final-import/${testId}`, { method: 'POST', headers });
  const finalId = (await started.json()).importId as string;
  const final = await wait(finalId);
  const finalSeconds = (performance.now() - finalStart) / 1000;
  return {
    rows,
    fileMiB: statSync(file).size / (1024 * 1024),
    testRunSeconds,
    finalSeconds,
    finalRowsPerSecond: rows / finalSeconds,
    created: final.notes.created ?? 0,
    failed: final.notes.failedCount ?? 0,
    idleRssMiB,
    peakRssMiB: peakRss(server.pid),
  };
}

/** The same rows with plain batched INSERTs through pg (as the owner: no RLS), into the same table. */
export async function baseline(url: string, tenantId: string, typeName: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const type = await client.query<{ id: string }>('SELECT id FROM entity_type WHERE name = $1', [typeName]);
  const typeId = type.rows[0]!.id;
  const started = performance.now();
  for (let first = 1; first <= rows; first += BASELINE_BATCH) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let n = first; n < Math.min(first + BASELINE_BATCH, rows + 1); n++) {
      const [unit, result, date, pressure, notes] = row(n);
      const data = {
        unit,
        result: result!.toLowerCase().replace(' ', '_'),
        checked_on: { value: date },
        pressure: Number(pressure),
        notes,
      };
      const i = values.length;
      tuples.push(`($${i + 1}, $${i + 2}, $${i + 3}, 'created', $${i + 4})`);
      values.push(tenantId, typeId, unit, JSON.stringify(data));
    }
    await client.query(`INSERT INTO entity (tenant_id, entity_type_id, display_name, place, data) VALUES ${tuples.join(', ')}`, values);
  }
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return rows / seconds;
}

/** The five-field type the generated rows fill (unit, result, checked on, pressure, notes); answers its name. */
export async function createFlushType(server: RunningServer, token: string, label: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const options = RESULTS.map((r) => ({ key: r.toLowerCase().replace(' ', '_'), label: r }));
  const field = (property: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({
    field_data: { property, title, type, page: 1, ...extra },
  });
  const created = await fetch(`${server.base}/api/entity-type`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      label,
      object_data: { formtitle: '{unit}' },
      fields: [
        field('unit', 'Unit', 'single-text', { validation: { required: true } }),
        field('result', 'Result', 'select-list', { params: { options } }),
        field('checked_on', 'Checked On', 'date-picker'),
        field('pressure', 'Pressure', 'number-entry'),
        field('notes', 'Notes', 'textarea'),
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`the type was not created: ${await created.text()}`);
  return (await created.json()).data.name as string;
}

export async function importsBench({ write }: { write: boolean }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-imports-'));
  const { url, name } = await createDatabase();
  try {
    const { token, tenantId } = await seed(url);
    const files = new Map<number, string>();
    for (const rows of SIZES) {
      const file = path.join(dir, `rows-${rows}.csv`);
      await writeCsv(file, rows);
      files.set(rows, file);
    }
    const runs: ImportRun[] = [];
    let typeName = '';
    const baselines: number[] = [];
    for (const rows of SIZES) {
      // A fresh server for each size: its peak resident memory is that import's alone.
      const server = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(dir, `data-${rows}`) });
      try {
        await healthy(server);
        typeName = await createFlushType(server, token, `Hydrant Flush ${rows}`);
        process.stdout.write(`[imports] ${rows} rows… `);
        if (rows === Math.max(...SIZES)) baselines.push(await baseline(url, tenantId, typeName, rows));
        const run = await importOnce(server, token, typeName, files.get(rows)!, rows);
        runs.push(run);
        process.stdout.write(`final ${run.finalRowsPerSecond.toFixed(0)} rows/s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB\n`);
      } finally {
        await server.stop();
      }
    }
    const largest = Math.max(...SIZES);
    process.stdout.write(`[imports] baseline: ${largest} plain INSERTs… `);
    baselines.push(await baseline(url, tenantId, typeName, largest));
    // The mean of the baseline run just before and just after the largest import.
    const baselineRate = baselines.reduce((a, b) => a + b, 0) / baselines.length;
    process.stdout.write(`${baselines.map((b) => b.toFixed(0)).join(' and ')} rows/s\n`);
    const big = runs.find((r) => r.rows === largest)!;
    const small = runs.find((r) => r.rows === Math.min(...SIZES))!;
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on PostgreSQL (${os.cpus().length} cores), one server process, batches of 500 rows.`,
      '',
      '| rows | file | test run | final import | final rows/s | created | peak RSS (idle before) |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      ...runs.map(
        (r) =>
          `| ${r.rows.toLocaleString('en-US')} | ${r.fileMiB.toFixed(1)} MiB | ${r.testRunSeconds.toFixed(1)} s | ${r.finalSeconds.toFixed(1)} s | ${r.finalRowsPerSecond.toFixed(0)} | ${r.created.toLocaleString('en-US')} | ${r.peakRssMiB.toFixed(0)} MiB (${r.idleRssMiB.toFixed(0)} MiB) |`,
      ),
      '',
      `| target | measured | met |`,
      '|---|---:|:---:|',
      `| final import ≥ ⅓ of plain batched INSERTs (${baselines.map((b) => b.toFixed(0)).join(' before, ')} after: mean ${baselineRate.toFixed(0)} rows/s) | ${(big.finalRowsPerSecond / baselineRate).toFixed(2)}× | ${big.finalRowsPerSecond * 3 >= baselineRate ? 'yes' : 'no'} |`,
      `| peak RSS flat with file size (${small.rows.toLocaleString('en-US')} vs ${big.rows.toLocaleString('en-US')} rows) | ${small.peakRssMiB.toFixed(0)} vs ${big.peakRssMiB.toFixed(0)} MiB (${(big.peakRssMiB / small.peakRssMiB).toFixed(2)}×) | ${big.peakRssMiB <= small.peakRssMiB * 1.25 ? 'yes' : 'no'} |`,
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    if (write) writeMarked('imports', table);
  } finally {
    await dropDatabase(name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
