/**
 * `npm run bench -- --records [--write]`: the records benchmark of issue 6 ('Performance').
 *
 * PostgreSQL only (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
 * superuser, since the bench creates and drops its own database and measures RLS off as the
 * superuser). Loads 1,000,000 records over 200 tenants and 10 types (one tenant with 100,000 of
 * one type), starts the real server on them and measures, for that tenant, at 10 concurrent
 * clients: list pages (custom filter, sort, text search and variants), saves, the same list SQL
 * straight through `pg` with RLS on and off, and the plans (EXPLAIN ANALYZE, BUFFERS) of the
 * list's count and page queries. Takes 5–9 minutes on 2 cores (about 1.5 of them loading the data).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ListQuery, updateRecord } from '../../apps/server/src/modules/entities/service.ts';
import type { AuthContext } from '../../apps/server/src/platform/auth/context.ts';
import { hashToken } from '../../apps/server/src/platform/auth/context.ts';
import { repoRoot } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { cpuPerRequest } from './cpu.ts';
import { CLIENTS, PRIORITIES, RECORD_TOTAL, type SeededRecords, seedRecords } from './records-data.ts';
import {
  type CapturedList,
  captureList,
  captureStatements,
  estimateRows,
  explain,
  indexesOf,
  onTable,
  type ReplayMode,
  replayList,
  type Statement,
  shapeOf,
  type TxTiming,
  tenantTransactions,
} from './records-sql.ts';
import { type RunningServer, startServer } from './server.ts';
import { concurrently, fmt, type Summary, summarise } from './stats.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Per scenario: up to SAMPLES requests, or as many as RUN_SECONDS allow (slow scenarios). */
const SAMPLES = Number(process.env.BENCH_RECORDS_SAMPLES ?? 1000);
const RUN_MS = Number(process.env.BENCH_RECORDS_SECONDS ?? 10) * 1000;
const SAVES = Number(process.env.BENCH_RECORDS_SAVES ?? 1000);
const WARMUP = 50;
const WARMUP_MS = 4000;
/** Requests one at a time (up to 40, or 8 s), for the cost of one request without queueing. */
const SEQUENTIAL = 40;
const SEQUENTIAL_MS = 8000;
/** BENCH_KEEP_DB=1 keeps the database for looking at plans afterwards (its name is printed). */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
/** Street names of the searches, about 1 in 40 titles each; requests take them in turn. */
const SEARCH_TERMS = ['maple', 'cedar', 'harbor', 'willow', 'summit'];

const TARGETS = { listP50: 15, listP99: 60, saveP50: 25, apiOverSql: 2, rls: 1.2 };

interface Variant {
  key: string;
  label: string;
  params: (term: string) => string;
  query: (term: string) => ListQuery;
  searches: boolean;
}

const base: ListQuery = { page: 1, perPage: 48, sort: 'default', custom: {} };
const VARIANTS: Variant[] = [
  {
    key: 'target',
    label: 'filter + sort + search',
    params: (t) => `per_page=48&filter[custom][priority]=high&sort=a_to_z&filter[display_name]=${t}`,
    query: (t) => ({ ...base, sort: 'a_to_z', displayName: t, custom: { priority: 'high' } }),
    searches: true,
  },
  {
    key: 'filter-sort',
    label: 'filter + sort, no search',
    params: () => 'per_page=48&filter[custom][priority]=high&sort=a_to_z',
    query: () => ({ ...base, sort: 'a_to_z', custom: { priority: 'high' } }),
    searches: false,
  },
  {
    key: 'search',
    label: 'search only (default sort)',
    params: (t) => `per_page=48&filter[display_name]=${t}`,
    query: (t) => ({ ...base, displayName: t }),
    searches: true,
  },
  {
    key: 'plain',
    label: 'first page, no filter (default sort)',
    params: () => 'per_page=48',
    query: () => base,
    searches: false,
  },
];

// ---------------------------------------------------------------------------------------------
// HTTP with keep-alive sockets, lighter on the two shared cores than fetch.

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function call(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${pathAndQuery}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------

interface SqlFigures {
  total: Summary;
  count: Summary;
  page: Summary;
}

interface ListResult {
  variant: Variant;
  /** Rows the filters match in the big tenant (counted directly, whatever the API answers). */
  matched: number;
  /** The planner's estimate of the same, as the app role sees it. */
  estimate: number;
  api: Summary;
  rps: number;
  /** CPU milliseconds a request of the 10-client run: the server process, and PostgreSQL's backends of the bench database. */
  cpu: { server: number; postgres: number };
  apiAlone: Summary;
  sqlOn: SqlFigures;
  sqlOff: SqlFigures;
  /** The same SQL on the table under its row-level security policy (lists before migration 0013). */
  sqlPolicy: SqlFigures;
  /** The SQL of a filter's first run, when it differs from later runs (a broad filter is counted once). */
  sqlFirst?: SqlFigures | undefined;
  lists: CapturedList[];
}

interface SaveResult {
  summary: Summary;
  alone: Summary;
  rps: number;
  ok: number;
  conflicts: number;
  errors: number;
}

interface PlanSet {
  variant: Variant;
  term: string;
  pageOn: string;
  pageOff: string;
  countOn: string[];
  countOff: string[];
}

const log = (line: string) => process.stdout.write(`[records] ${line}\n`);

/** One caller, after a short warm-up: the latency of a request that waits for nothing else. */
async function oneAtATime(fn: () => Promise<unknown>): Promise<Summary> {
  await concurrently(fn, 1, 5, 2000);
  return summarise((await concurrently(fn, 1, SEQUENTIAL, SEQUENTIAL_MS)).samples);
}
const timings = (list: TxTiming[], key: keyof TxTiming) => summarise(list.map((t) => t[key]));

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `turnout_records_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(ADMIN_URL);
  parsed.pathname = `/${name}`;
  try {
    return await fn(parsed.toString());
  } finally {
    if (KEEP_DB) log(`kept the database: ${parsed.toString()}`);
    else {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    }
  }
}

async function settings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const show = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0]![name] as string;
    const superuser = (await client.query(`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`)).rows[0]?.rolsuper === true;
    return {
      version: (await show('server_version')).split(' ')[0]!,
      sharedBuffers: await show('shared_buffers'),
      workMem: await show('work_mem'),
      jit: await show('jit'),
      parallel: await show('max_parallel_workers_per_gather'),
      superuser,
    };
  } finally {
    await client.end();
  }
}

function authOf(seeded: SeededRecords, c = 0): AuthContext {
  const user = seeded.users[c]!;
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    tenantId: seeded.bigTenantId,
    actingRole: 'Tenant User',
    isGlobal: false,
    isGlobalAdmin: false,
    tokenHash: hashToken(seeded.tokens[c]!),
    signedInAsBy: null,
  };
}

/** Rows the page query's filters match: the page query without its limit, counted as the superuser. */
async function matchedRows(pool: pg.Pool, list: CapturedList): Promise<number> {
  const m = /\blimit \$(\d+)(?: offset \$(\d+))?\s*$/i.exec(list.page.sql);
  if (!m) throw new Error(`the page query does not end with limit/offset: ${list.page.sql}`);
  const parameters = [...list.page.parameters];
  parameters[Number(m[1]) - 1] = null;
  if (m[2]) parameters[Number(m[2]) - 1] = 0;
  const result = await pool.query<{ n: number }>(`SELECT count(*) AS n FROM (${onTable(list.page).sql}) t`, parameters);
  return Number(result.rows[0]!.n);
}

async function measureList(
  variant: Variant,
  server: RunningServer,
  url: string,
  pool: pg.Pool,
  seeded: SeededRecords,
): Promise<ListResult> {
  const serverBase = server.base;
  const terms = variant.searches ? SEARCH_TERMS : [''];
  const lists: CapturedList[] = [];
  let firstRun: CapturedList | undefined;
  for (const term of terms) {
    // Captured as a list runs once its filter has been seen: a filter found to match the count
    // cap is not counted again for 5 minutes (list-breadth.ts); the first run is measured apart.
    const first = await captureList(url, authOf(seeded), seeded.typeName, variant.query(term));
    if (term === terms[0]) firstRun = first;
    lists.push(await captureList(url, authOf(seeded), seeded.typeName, variant.query(term)));
  }
  // Counted and estimated from the list as it runs with count=exact: a plain count and a plain
  // ordered page (the default list may answer both from one statement).
  const exact = await captureList(url, authOf(seeded), seeded.typeName, { ...variant.query(terms[0]!), exactCount: true });
  const matched = await matchedRows(pool, exact);
  const estimate = await estimateRows(pool, exact);
  const pathFor = (i: number) => `/api/entity/${seeded.typeName}?${variant.params(terms[i % terms.length]!)}`;

  let n = 0;
  const get = async (c: number) => {
    const res = await call(serverBase, 'GET', pathFor(n++), seeded.tokens[c]!);
    if (res.status !== 200) throw new Error(`${variant.label}: the API answered ${res.status}: ${res.text.slice(0, 300)}`);
  };
  await concurrently(get, CLIENTS, WARMUP, WARMUP_MS);
  const measured = await cpuPerRequest(server.pid, new URL(url).pathname.slice(1), () => concurrently(get, CLIENTS, SAMPLES, RUN_MS));
  const api = measured.result;
  const cpu = { server: measured.serverMs, postgres: measured.postgresMs };
  const apiSummary = summarise(api.samples);
  const rps = api.samples.length / api.seconds;
  log(
    `${variant.label}: API p50 ${fmt(apiSummary.median)} ms, p99 ${fmt(apiSummary.p99)} ms, ${rps.toFixed(0)} req/s (${api.samples.length}); CPU a request: server ${fmt(cpu.server)} ms, PostgreSQL ${fmt(cpu.postgres)} ms`,
  );
  const apiAlone = await oneAtATime(() => get(0));
  log(`${variant.label}: API one client at a time p50 ${fmt(apiAlone.median)} ms`);

  const replay = async (mode: ReplayMode, from = lists): Promise<SqlFigures> => {
    const out: TxTiming[] = [];
    let i = 0;
    const run = async () => {
      out.push(await replayList(pool, from[i++ % from.length]!, mode));
    };
    await concurrently(run, CLIENTS, WARMUP, WARMUP_MS);
    out.length = 0;
    await concurrently(run, CLIENTS, SAMPLES, RUN_MS);
    return { total: timings(out, 'total'), count: timings(out, 'count'), page: timings(out, 'page') };
  };
  const sqlOn = await replay('server');
  log(
    `${variant.label}: SQL, RLS on: p50 ${fmt(sqlOn.total.median)} ms (count ${fmt(sqlOn.count.median)}, page ${fmt(sqlOn.page.median)})`,
  );
  const sqlOff = await replay('off');
  log(
    `${variant.label}: SQL, RLS off: p50 ${fmt(sqlOff.total.median)} ms (count ${fmt(sqlOff.count.median)}, page ${fmt(sqlOff.page.median)})`,
  );
  const sqlPolicy = await replay('policy');
  // The first run of a filter, when it differs (a broad filter is counted once).
  const sqlFirst = firstRun && firstRun.count.length !== lists[0]!.count.length ? await replay('server', [firstRun]) : undefined;
  if (sqlFirst)
    log(
      `${variant.label}: SQL of its first run: p50 ${fmt(sqlFirst.total.median)} ms (count ${fmt(sqlFirst.count.median)}, page ${fmt(sqlFirst.page.median)})`,
    );
  log(
    `${variant.label}: SQL on the table under its RLS policy: p50 ${fmt(sqlPolicy.total.median)} ms (count ${fmt(sqlPolicy.count.median)}, page ${fmt(sqlPolicy.page.median)})`,
  );
  return { variant, matched, estimate: estimate.rows, api: apiSummary, rps, cpu, apiAlone, sqlOn, sqlOff, sqlPolicy, sqlFirst, lists };
}

async function measureSaves(serverBase: string, seeded: SeededRecords): Promise<SaveResult> {
  const versions = seeded.saveRecords.map((ids) => new Map(ids.map((id) => [id, 1])));
  let ok = 0;
  let conflicts = 0;
  let errors = 0;
  let seq = 0;
  const save = async (c: number) => {
    const ids = seeded.saveRecords[c]!;
    const id = ids[Math.floor(Math.random() * ids.length)]!;
    seq++;
    const res = await call(
      serverBase,
      'PUT',
      `/api/entity/${seeded.typeName}/${id}`,
      seeded.tokens[c]!,
      saveBody(versions[c]!.get(id)!, seq, c),
    );
    if (res.status === 200 || res.status === 409) {
      const body = JSON.parse(res.text) as { data?: { version?: number } };
      if (typeof body.data?.version === 'number') versions[c]!.set(id, body.data.version);
      if (res.status === 200) ok++;
      else conflicts++;
    } else {
      errors++;
      if (errors <= 3) log(`save answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
  };
  await concurrently(save, CLIENTS, WARMUP, WARMUP_MS);
  ok = 0;
  conflicts = 0;
  errors = 0;
  const r = await concurrently(save, CLIENTS, SAVES, RUN_MS);
  const summary = summarise(r.samples);
  const rps = r.samples.length / r.seconds;
  const counts = { ok, conflicts, errors };
  log(`save: p50 ${fmt(summary.median)} ms, p99 ${fmt(summary.p99)} ms, ${rps.toFixed(0)} req/s, ${conflicts} × 409, ${errors} errors`);
  const alone = await oneAtATime(() => save(0));
  log(`save: one client at a time p50 ${fmt(alone.median)} ms`);
  return { summary, alone, rps, ...counts };
}

/** An edit a clerk makes: priority, status and the narrative; the title (display name) stays. */
function saveBody(version: number, seq: number, client: number) {
  return {
    version,
    priority: PRIORITIES[seq % PRIORITIES.length]!.toLowerCase(),
    status: seq % 2 ? 'in_progress' : 'open',
    narrative: `Edited by clerk ${client}, save ${seq}: crew returned to quarters, hydrant flowed, no injuries.`,
  };
}

// ---------------------------------------------------------------------------------------------

const ms = (v: number) => `${fmt(v)} ms`;
const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const num = (v: number) => Math.round(v).toLocaleString('en');
/** Count and page together, RLS on ÷ off. */
const rlsRatio = (l: ListResult) => (l.sqlOn.count.median + l.sqlOn.page.median) / (l.sqlOff.count.median + l.sqlOff.page.median);
const indexList = (plan: string) => indexesOf(plan).join(', ') || 'none';

function paramText(parameters: unknown[]): string {
  return parameters.map((p, i) => `$${i + 1} = ${typeof p === 'string' ? `'${p}'` : String(p)}`).join(', ');
}

interface Report {
  env: Awaited<ReturnType<typeof settings>>;
  load: number;
  seeded: SeededRecords;
  lists: ListResult[];
  saves: SaveResult;
  plans: PlanSet[];
  statements: { list: number; listTx: number; save: number; saveTx: number };
}

function planBlock(title: string, on: string, off: string): string[] {
  const same = shapeOf(on) === shapeOf(off);
  const offTime = /Execution Time: ([\d.]+) ms/.exec(off)?.[1] ?? '?';
  const lines = [
    '',
    `**${title}** — index: ${indexList(on)}. RLS off: ${same ? 'the same plan' : `another plan, index: ${indexList(off)}`}, execution ${offTime} ms.`,
    '',
    '```',
    on,
    '```',
  ];
  if (!same) lines.push('', '<details><summary>the plan with RLS off</summary>', '', '```', off, '```', '', '</details>');
  return lines;
}

function markdown(o: Report): string {
  const { env, seeded, lists, saves, plans } = o;
  const target = lists[0]!;
  const plain = lists.find((l) => l.variant.key === 'plain') ?? target;
  const worstRls = lists.reduce((w, l) => (rlsRatio(l) > rlsRatio(w) ? l : w));
  const counted = lists.filter((l) => l.lists[0]!.count.length > 0);
  const worstCount = counted.reduce<ListResult | undefined>(
    (w, l) => (!w || l.sqlOn.count.median / l.sqlOn.page.median > w.sqlOn.count.median / w.sqlOn.page.median ? l : w),
    undefined,
  );
  const s = seeded.seconds;
  const busy = o.load > 1;
  const lines: string[] = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${env.version} (shared_buffers ${env.sharedBuffers}, work_mem ${env.workMem}, jit ${env.jit}, max_parallel_workers_per_gather ${env.parallel}); the server's pool has 10 connections. Load average just before the measurements: ${o.load.toFixed(1)}${busy ? ' — other work was running on the machine, so absolute times are inflated; compare within this run' : ''}.`,
    '',
    `Data: ${seeded.totalRecords.toLocaleString('en')} records in ${seeded.tenants} tenants and ${seeded.types} global entity types, each record with its first version snapshot (\`entity\` with its indexes: ${seeded.tableMiB.toFixed(0)} MiB). The measured tenant has ${seeded.bigTenantRecords.toLocaleString('en')} records of \`${seeded.typeName}\`, every tenth row of the table; priority 'high' on about 20 % of them; each search term (${SEARCH_TERMS.map((t) => `'${t}'`).join(', ')}, taken in turn) in about 1 title in 40. Loaded in ${(s.types + s.records + s.versions + s.indexes + s.analyze).toFixed(0)} s (records ${s.records.toFixed(0)} s, versions ${s.versions.toFixed(0)} s, indexes ${s.indexes.toFixed(0)} s, VACUUM ANALYZE ${s.analyze.toFixed(0)} s).`,
    '',
    `${CLIENTS} concurrent clients, each sending its next request as soon as the last is answered, for up to ${SAMPLES} requests or ${RUN_MS / 1000} s per scenario after a warm-up (so p50 ≈ ${CLIENTS} ÷ throughput); "1 client" is up to ${SEQUENTIAL} requests one at a time (at most ${SEQUENTIAL_MS / 1000} s). A list request runs at most ${o.statements.list} SQL statements in ${o.statements.listTx} tenant transactions (the session, the type and its fields, the permissions, then one set_config of tenant, user, global and role, and the list: for a filtered list one statement that counts up to 1,000 matches and, below that, sorts the page out of them; past the cap, or for an unfiltered list, a capped count and then the page). The session, the type and the permissions come from the server's 2-second read cache (decisions 0012, 0016), so nearly every request makes 3 round trips: BEGIN with the settings in one message, the list, COMMIT. A save runs ${o.statements.save} statements in ${o.statements.saveTx}.`,
    '',
    '| target (issue 6) | measured | |',
    '|---|---:|---|',
    `| list p50 ≤ ${TARGETS.listP50} ms, ${target.variant.label}, ${CLIENTS} clients | ${ms(target.api.median)} (1 client: ${ms(target.apiAlone.median)}) | ${mark(target.api.median <= TARGETS.listP50)} |`,
    `| list p99 ≤ ${TARGETS.listP99} ms, same | ${ms(target.api.p99)} | ${mark(target.api.p99 <= TARGETS.listP99)} |`,
    `| save p50 ≤ ${TARGETS.saveP50} ms (with its version snapshot), ${CLIENTS} clients | ${ms(saves.summary.median)} (1 client: ${ms(saves.alone.median)}) | ${mark(saves.summary.median <= TARGETS.saveP50)} |`,
    `| API list median ≤ ${TARGETS.apiOverSql}× the same SQL through \`pg\` (${target.variant.label}) | ${times(target.api.median, target.sqlOn.total.median)} | ${mark(target.api.median <= TARGETS.apiOverSql * target.sqlOn.total.median)} |`,
    `| tenant isolation on ÷ off ≤ ${TARGETS.rls}× (count + page), every list below | ${target.variant.label}: ${times(rlsRatio(target), 1)}; worst, ${worstRls.variant.label}: ${times(rlsRatio(worstRls), 1)} | ${mark(rlsRatio(worstRls) <= TARGETS.rls)} |`,
    worstCount
      ? `| the total count does not make the page slow (count ≤ page), every list below | whole tenant (${plain.variant.label}): count ${ms(plain.sqlOn.count.median)}, page ${ms(plain.sqlOn.page.median)}; worst, ${worstCount.variant.label}: count ${ms(worstCount.sqlOn.count.median)}, page ${ms(worstCount.sqlOn.page.median)} | ${mark(worstCount.sqlOn.count.median <= worstCount.sqlOn.page.median)} |`
      : '| the total count does not make the page slow | the list runs no count | met |',
    ...lists
      .filter((l) => l.sqlFirst)
      .map(
        (l) =>
          `| (the first run of a broad filter, counted once in 5 minutes: ${l.variant.label}) | count ${ms(l.sqlFirst!.count.median)}, page ${ms(l.sqlFirst!.page.median)} | |`,
      ),
    '',
    `List pages of the big tenant, \`GET /api/entity/${seeded.typeName}?…\`, against the same SQL replayed through \`pg\` at the same concurrency: the statements \`listRecords\` issues, captured from it. "SQL" is the list transaction as the server runs it; "page" is the statement that reads the page and "count" whatever runs before it (0 when one statement counts and reads the page); the CPU columns are the server process's and the bench database's PostgreSQL backends' CPU time over the 10-client run, divided by its requests; "RLS off" runs the same count and page as the superuser on the table itself, with no isolation at all; "isolated ÷ off" compares the two. The server reads list pages through the view \`entity_in_tenant\`, whose predicate is the isolation policy's (migration 0013); "on the table under RLS" replays the same SQL on the table under its row-level security policy in the same tenant transaction, as lists ran before, to show what the view saves. The planner's estimate is the app role's, of the rows the page's filters match (what an estimated total would say).`,
    '',
    "| list | rows matched | planner's estimate | API requests | API p50 | API p99 | API req/s | CPU a request: server | CPU a request: PostgreSQL | API p50, 1 client | SQL p50 | SQL p99 | API ÷ SQL | count p50 | page p50 | RLS off: count p50 | RLS off: page p50 | isolated ÷ off | on the table under RLS: p50 |",
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const l of lists) {
    lines.push(
      `| ${l.variant.label} | ${num(l.matched)} | ${num(l.estimate)} | ${l.api.n} | ${fmt(l.api.median)} | ${fmt(l.api.p99)} | ${l.rps.toFixed(0)} | ${fmt(l.cpu.server)} | ${fmt(l.cpu.postgres)} | ${fmt(l.apiAlone.median)} | ${fmt(l.sqlOn.total.median)} | ${fmt(l.sqlOn.total.p99)} | ${times(l.api.median, l.sqlOn.total.median)} | ${fmt(l.sqlOn.count.median)} | ${fmt(l.sqlOn.page.median)} | ${fmt(l.sqlOff.count.median)} | ${fmt(l.sqlOff.page.median)} | ${times(rlsRatio(l), 1)} | ${fmt(l.sqlPolicy.total.median)} |`,
    );
  }
  lines.push(
    '',
    '| save | p50 | p99 | req/s | p50, 1 client | saved | 409 (stale version) | other errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| \`PUT /api/entity/${seeded.typeName}/{id}\` with the current version; each client edits its own ${seeded.saveRecords[0]!.length} records | ${fmt(saves.summary.median)} | ${fmt(saves.summary.p99)} | ${saves.rps.toFixed(0)} | ${fmt(saves.alone.median)} | ${saves.ok} | ${saves.conflicts} | ${saves.errors} |`,
    '',
    `#### Plans: EXPLAIN (ANALYZE, BUFFERS) as the app role in the tenant transaction, as the server runs them`,
    '',
    `The SQL of ${target.variant.label}, as \`listRecords\` sends it (${paramText(target.lists[0]!.page.parameters)} for the page):`,
    '',
    '```sql',
    ...target.lists[0]!.count.flatMap((c) => [c.sql, '']),
    target.lists[0]!.page.sql,
    '```',
  );
  for (const p of plans) {
    const name = `${p.variant.label}${p.variant.searches ? ` ('${p.term}')` : ''}`;
    lines.push(...planBlock(`${name}, page`, p.pageOn, p.pageOff));
    p.countOn.forEach((on, i) => {
      lines.push(...planBlock(`${name}, count`, on, p.countOff[i]!));
    });
  }
  return lines.join('\n');
}

function writeSection(table: string): void {
  const file = path.join(repoRoot, 'docs/performance.md');
  const start = '<!-- bench:records:start -->';
  const end = '<!-- bench:records:end -->';
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/performance.md lacks the ${start} … ${end} markers`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`);
  console.log('written to docs/performance.md');
}

export async function recordsBench(options: { write: boolean }): Promise<void> {
  const started = performance.now();
  const probe = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    throw new Error(`PostgreSQL at ${ADMIN_URL} is not reachable; set BENCH_DATABASE_URL.`);
  }
  const table = await withDatabase(async (url) => {
    const env = await settings(url);
    if (!env.superuser) log('warning: the bench user is not a superuser, so "RLS off" still has RLS applied');
    log(`loading ${RECORD_TOTAL.toLocaleString('en')} records…`);
    const db = await openDatabase({ databaseUrl: url, poolSize: 2 });
    let seeded: SeededRecords;
    try {
      seeded = await seedRecords(db, url, log);
    } finally {
      await db.close();
    }
    // The statements of one save, captured from the service (a real save of a spare record).
    const saveStatements = await captureStatements(url, (kysely) =>
      updateRecord(kysely, authOf(seeded), seeded.typeName, seeded.probeRecord, saveBody(1, 0, 0)),
    );
    const server = await startServer({ DATABASE_URL: url });
    const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
    try {
      await new Promise((r) => setTimeout(r, 2000));
      const load = os.loadavg()[0]!;
      log(`server up after ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load.toFixed(1)}`);
      const lists: ListResult[] = [];
      for (const variant of VARIANTS) lists.push(await measureList(variant, server, url, pool, seeded));

      log('plans…');
      const plans: PlanSet[] = [];
      for (const l of lists) {
        const list = l.lists[0]!;
        const plan = (statement: Statement, mode: ReplayMode) => explain(pool, list, statement, mode, 'ANALYZE, BUFFERS');
        plans.push({
          variant: l.variant,
          term: SEARCH_TERMS[0]!,
          pageOn: await plan(list.page, 'server'),
          pageOff: await plan(list.page, 'off'),
          countOn: await Promise.all(list.count.map((c) => plan(c, 'server'))),
          countOff: await Promise.all(list.count.map((c) => plan(c, 'off'))),
        });
      }
      const saves = await measureSaves(server.base, seeded);
      const all = lists[0]!.lists[0]!.all;
      const statements = {
        // The session look-up comes first, outside listRecords and updateRecord.
        list: all.length + 1,
        listTx: tenantTransactions(all),
        save: saveStatements.length + 1,
        saveTx: tenantTransactions(saveStatements),
      };
      return markdown({ env, load, seeded, lists, saves, plans, statements });
    } finally {
      agent.destroy();
      await pool.end();
      await server.stop();
    }
  });
  console.log(`\n${table}\n`);
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (options.write) writeSection(table);
}
