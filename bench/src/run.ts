/**
 * `npm run bench [-- --db pglite|postgres|both] [--write]`
 * `npm run bench -- --records [--write]`: only the records benchmark (bench/src/records.ts,
 * PostgreSQL, 1,000,000 generated records; several minutes).
 * `npm run bench -- --records --sizes [--write]`: the list at 10,000, 100,000 and 1,000,000 records
 * of one tenant's type side by side (bench/src/records-scaling.ts; a kept database, bench_1m).
 * `npm run bench -- --imports [--write]`: only the imports benchmark (bench/src/imports.ts,
 * PostgreSQL, 10,000 and 100,000 CSV rows; a few minutes).
 * `npm run bench -- --widgets [--write]`: only the widgets benchmark (bench/src/widgets.ts,
 * PostgreSQL, 100,000 records, 8 widgets; a few minutes).
 * `npm run bench -- --reports [--write]`: only the reports benchmark (bench/src/reports.ts,
 * PostgreSQL, CSV, Excel and PDF of 20,000 and 50,000 records; a few minutes).
 * `npm run bench -- --export [--write]`: the CSV export of 20,000 records (bench/src/csv-export.ts,
 * PostgreSQL; BENCH_EXPORT_BEFORE=<checkout> runs an earlier commit beside it).
 * `npm run bench -- --conversations [--write]`: only the conversations benchmark (bench/src/conversations.ts,
 * PostgreSQL: message delivery over the event stream, the list of 500 conversations).
 * `npm run bench -- --calendar [--write]`: the calendar month call (bench/src/calendar.ts, PostgreSQL).
 * `npm run bench -- --documents [--write]`: a 5,000-document folder and a 100 MB upload (bench/src/documents.ts, PostgreSQL).
 * `npm run bench -- --offline [--write]`: 50 queued saves with 20 photos replayed against the same saves one by one (bench/src/offline-queue.ts, PostgreSQL).
 * `npm run bench -- --dashboard [--write]`: the dashboard and the kiosk in Chromium (build first).
 * `npm run bench -- --web [--write]`: the web app in Chromium (bench/src/web.ts; build first).
 * `npm run bench -- --offline-shell [--write]`: precache size and a cold offline start (bench/src/offline-shell.ts; build first).
 *
 * Starts the real server on each database, loads generated data, and measures named scenarios
 * through HTTP next to a baseline of the same SQL run straight on the database, so the API's
 * overhead shows as a ratio. Prints a Markdown table; with --write, puts it into
 * docs/performance.md between the bench markers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { sql } from 'kysely';
import pg from 'pg';
import { repoRoot } from '../../apps/server/src/platform/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { BENCH_LOGIN, seedBenchData } from './data.ts';
import { writeMarked } from './marked.ts';
import { permissionBench } from './permissions.ts';
import { type RunningServer, startServer } from './server.ts';
import { sqlScenarios } from './sql.ts';
import { fmt, measure, type Summary, summarise, throughput } from './stats.ts';

const args = process.argv.slice(2);
const which = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'both';
const write = args.includes('--write');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const LOGIN_SAMPLES = Math.max(20, Math.round(SAMPLES / 4));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  database: string;
  scenario: string;
  api: Summary;
  baseline: Summary;
  baselineLabel: string;
  rps: number;
}

interface DbRun {
  label: string;
  rows: Row[];
  idleRss: { fresh: number; afterLoad: number };
}

async function apiScenarios(server: RunningServer, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  let page = 0;
  const get = async (url: string) => {
    const res = await fetch(`${server.base}${url}`, { headers });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  };
  return {
    health: () => get('/api/health'),
    'notices.list page 1': () => get('/api/notices?per_page=48'),
    'notices.list pages 1–100': () => get(`/api/notices?per_page=48&page=${(page++ % 100) + 1}`),
  };
}

async function runOn(label: string, databaseUrl: string | undefined): Promise<DbRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-'));
  let created: string | undefined;
  let url = databaseUrl;
  if (databaseUrl) {
    created = `turnout_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${created}`);
    await admin.end();
    const parsed = new URL(databaseUrl);
    parsed.pathname = `/${created}`;
    url = parsed.toString();
  }
  const openDb = () => openDatabase({ databaseUrl: url, pgliteDir: url ? undefined : path.join(dataDir, 'pglite') });

  // Load generated data before the server starts: the embedded database is one process's.
  process.stdout.write(`[${label}] loading data… `);
  let db: Database = await openDb();
  const seeded = await seedBenchData(db);
  await db.close();
  process.stdout.write(`${seeded.notices} notices in ${seeded.tenants} tenants\n`);

  const env: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
  const server = await startServer(env);
  await new Promise((r) => setTimeout(r, 3000));
  const fresh = server.rssMiB();
  const api = await apiScenarios(server, seeded.token);
  const apiResults: Record<string, { summary: Summary; rps: number }> = {};
  for (const [name, fn] of Object.entries(api)) {
    process.stdout.write(`[${label}] API ${name}… `);
    const summary = summarise(await measure(fn, SAMPLES));
    const rps = await throughput(fn, 8, 3000);
    apiResults[name] = { summary, rps };
    process.stdout.write(`median ${fmt(summary.median)} ms\n`);
  }
  // Sign-in: argon2id at the production cost dominates; measured with fewer samples.
  process.stdout.write(`[${label}] API login… `);
  const loginSamples = summarise(
    await measure(async () => {
      const res = await fetch(`${server.base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_LOGIN),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }, LOGIN_SAMPLES),
  );
  process.stdout.write(`median ${fmt(loginSamples.median)} ms\n`);
  await new Promise((r) => setTimeout(r, 3000));
  const afterLoad = server.rssMiB();
  await server.stop();

  db = await openDb();
  const baselines = sqlScenarios(db, seeded);
  const rows: Row[] = [];
  for (const [name, result] of Object.entries(apiResults)) {
    const baseline = baselines[name as keyof typeof baselines];
    process.stdout.write(`[${label}] SQL ${name}… `);
    const summary = summarise(await measure(baseline.run, SAMPLES));
    process.stdout.write(`median ${fmt(summary.median)} ms\n`);
    rows.push({ database: label, scenario: name, api: result.summary, baseline: summary, baselineLabel: baseline.label, rps: result.rps });
  }
  // RLS cost: the same page read as the table owner with only the explicit tenant predicate.
  const hash = (
    await db.kysely.selectFrom('app_user').select('password_hash').where('email', '=', BENCH_LOGIN.email).executeTakeFirstOrThrow()
  ).password_hash!;
  const verifyOnly = summarise(await measure(() => argon2.verify(hash, BENCH_LOGIN.password), LOGIN_SAMPLES));
  rows.push({
    database: label,
    scenario: `login (argon2id ${/m=(\d+)/.exec(hash)?.[1]} KiB, t=${/t=(\d+)/.exec(hash)?.[1]})`,
    api: loginSamples,
    baseline: verifyOnly,
    baselineLabel: 'argon2.verify alone',
    rps: Number.NaN,
  });
  const rlsOn = summarise(await measure(baselines.rlsOn.run, SAMPLES));
  const rlsOff = summarise(await measure(baselines.rlsOff.run, SAMPLES));
  rows.push({
    database: label,
    scenario: `RLS cost: page 1 SQL, ${baselines.rlsOn.label} (in API columns)`,
    api: rlsOn,
    baseline: rlsOff,
    baselineLabel: baselines.rlsOff.label,
    rps: Number.NaN,
  });
  await sql`SELECT 1`.execute(db.kysely);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (created && databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${created} WITH (FORCE)`);
    await admin.end();
  }
  return { label, rows, idleRss: { fresh, afterLoad } };
}

function markdown(runs: DbRun[]): string {
  const lines = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; ${SAMPLES} sequential samples per scenario after a warm-up; req/s with 8 concurrent callers for 3 s.`,
    '',
    '| database | scenario | API median ms | API p99 ms | baseline | baseline median ms | baseline p99 ms | ratio of medians | API req/s |',
    '|---|---|---:|---:|---|---:|---:|---:|---:|',
  ];
  for (const run of runs) {
    for (const r of run.rows) {
      lines.push(
        `| ${r.database} | ${r.scenario} | ${fmt(r.api.median)} | ${fmt(r.api.p99)} | ${r.baselineLabel} | ${fmt(r.baseline.median)} | ${fmt(r.baseline.p99)} | ${(r.api.median / r.baseline.median).toFixed(1)}× | ${Number.isNaN(r.rps) ? '–' : r.rps.toFixed(0)} |`,
      );
    }
  }
  lines.push('', '| database | idle RSS after start | idle RSS after the load above |', '|---|---:|---:|');
  for (const run of runs) lines.push(`| ${run.label} | ${run.idleRss.fresh.toFixed(0)} MiB | ${run.idleRss.afterLoad.toFixed(0)} MiB |`);
  return lines.join('\n');
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function foundationBench(): Promise<void> {
  const permissionsTable = permissionBench();
  console.log(`\n${permissionsTable}\n`);
  const runs: DbRun[] = [];
  if (which === 'pglite' || which === 'both') runs.push(await runOn('PGlite (embedded)', undefined));
  if (which === 'postgres' || which === 'both') {
    if (await postgresReachable()) runs.push(await runOn('PostgreSQL 15 (server)', ADMIN_URL));
    else console.warn(`PostgreSQL at ${ADMIN_URL} is not reachable; set BENCH_DATABASE_URL. Skipping it.`);
  }
  const table = markdown(runs);
  console.log(`\n${table}\n`);
  if (write) {
    const file = path.join(repoRoot, 'docs/performance.md');
    const start = '<!-- bench:foundation:start -->';
    const end = '<!-- bench:foundation:end -->';
    const doc = readFileSync(file, 'utf8');
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (from < 0 || to < 0) throw new Error(`docs/performance.md lacks the ${start} … ${end} markers`);
    let next = `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`;
    const pStart = '<!-- bench:permissions:start -->';
    const pEnd = '<!-- bench:permissions:end -->';
    if (next.includes(pStart))
      next = `${next.slice(0, next.indexOf(pStart) + pStart.length)}\n${permissionsTable}\n${next.slice(next.indexOf(pEnd))}`;
    writeFileSync(file, next);
    console.log('written to docs/performance.md');
  }
}

if (args.includes('--records') && args.includes('--sizes')) await (await import('./records-scaling.ts')).scalingBench({ write });
else if (args.includes('--records')) await (await import('./records.ts')).recordsBench({ write });
else if (args.includes('--imports')) await (await import('./imports.ts')).importsBench({ write });
else if (args.includes('--widgets')) await (await import('./widgets.ts')).widgetsBench({ write });
else if (args.includes('--export')) await (await import('./csv-export.ts')).csvExportBench({ write });
else if (args.includes('--reports')) await (await import('./reports.ts')).reportsBench({ write });
else if (args.includes('--conversations')) await (await import('./conversations.ts')).conversationsBench({ write });
else if (args.includes('--calendar')) await (await import('./calendar.ts')).calendarBench({ write });
else if (args.includes('--documents')) await (await import('./documents.ts')).documentsBench({ write });
else if (args.includes('--offline')) await (await import('./offline-queue.ts')).offlineQueueBench({ write });
else if (args.includes('--dashboard')) await (await import('./dashboard-web.ts')).dashboardBench({ write });
else if (args.includes('--offline-shell')) {
  const table = await (await import('./offline-shell.ts')).offlineShellBench();
  console.log(`\n${table}\n`);
  if (write) writeMarked('offline-shell', table);
} else if (args.includes('--web')) {
  const table = await (await import('./web.ts')).webBench();
  console.log(`\n${table}\n`);
  if (write) writeMarked('web', table);
} else await foundationBench();
