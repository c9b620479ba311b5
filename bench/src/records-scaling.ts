/**
 * `npm run bench -- --records --sizes [--write]`: the list at 10,000, 100,000 and 1,000,000
 * records of one tenant's type, side by side in one run (issue 21).
 *
 * PostgreSQL only (BENCH_DATABASE_URL as for --records, a superuser). The data lives in a kept
 * database (BENCH_RECORDS_DB, default bench_1m; records-scaling-data.ts), built on the first run
 * (some 10 minutes on 2 cores) and reused afterwards. For each size it starts from the same
 * server and measures each list: the API's p50 at 1 client and at 10, the bytes of a page, the
 * server's and PostgreSQL's CPU a request, and the same SQL (captured from `listRecordPage`)
 * replayed through `pg` at 10 clients with row-level security on and off; then the plans of the
 * searches at the largest size.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ListQuery } from '../../apps/server/src/modules/entities/service.ts';
import type { AuthContext } from '../../apps/server/src/platform/auth/context.ts';
import { hashToken } from '../../apps/server/src/platform/auth/context.ts';
import { repoRoot } from '../../apps/server/src/platform/config.ts';
import { cpuPerRequest } from './cpu.ts';
import { CLIENTS } from './records-data.ts';
import { type ScalingTenant, scalingDatabase } from './records-scaling-data.ts';
import { type CapturedList, captureList, explain, indexesOf, type ReplayMode, replayList, type TxTiming } from './records-sql.ts';
import { startServer } from './server.ts';
import { concurrently, fmt, type Summary, summarise } from './stats.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SAMPLES = Number(process.env.BENCH_RECORDS_SAMPLES ?? 600);
const RUN_MS = Number(process.env.BENCH_RECORDS_SECONDS ?? 6) * 1000;
const WARMUP = 30;
const WARMUP_MS = 3000;
const SEQUENTIAL = 40;
const SEQUENTIAL_MS = 6000;

/** A street in about 1 title in 40 (2.5 %), and a house number in about 1 in 10,000 (records-data.ts). */
const COMMON_TERMS = ['maple', 'cedar', 'harbor', 'willow', 'summit'];
const RARE_TERMS = ['4817', '2093', '7351', '5628', '3140'];

interface List {
  key: string;
  label: string;
  params: (term: string) => string;
  query: (term: string) => ListQuery;
  terms: string[];
}

const base: ListQuery = { page: 1, perPage: 48, sort: 'default', custom: {} };
const LISTS: List[] = [
  {
    key: 'search',
    label: 'search, a word in 2.5 % of titles (default sort)',
    params: (t) => `per_page=48&filter[display_name]=${t}`,
    query: (t) => ({ ...base, displayName: t }),
    terms: COMMON_TERMS,
  },
  {
    key: 'rare',
    label: 'search, a rare term (1 title in 10,000; default sort)',
    params: (t) => `per_page=48&filter[display_name]=${t}`,
    query: (t) => ({ ...base, displayName: t }),
    terms: RARE_TERMS,
  },
  {
    key: 'target',
    label: 'filter + sort + search',
    params: (t) => `per_page=48&filter[custom][priority]=high&sort=a_to_z&filter[display_name]=${t}`,
    query: (t) => ({ ...base, sort: 'a_to_z', displayName: t, custom: { priority: 'high' } }),
    terms: COMMON_TERMS,
  },
  {
    key: 'filter-sort',
    label: 'filter + sort, no search',
    params: () => 'per_page=48&filter[custom][priority]=high&sort=a_to_z',
    query: () => ({ ...base, sort: 'a_to_z', custom: { priority: 'high' } }),
    terms: [''],
  },
  { key: 'plain', label: 'first page, no filter', params: () => 'per_page=48', query: () => base, terms: [''] },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
function get(baseUrl: string, pathAndQuery: string, token: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${pathAndQuery}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const log = (line: string) => process.stdout.write(`[sizes] ${line}\n`);

interface Row {
  size: number;
  list: List;
  matched: number;
  bytes: number;
  api: Summary;
  alone: Summary;
  cpu: { server: number; postgres: number };
  sqlOn: Summary;
  /** Count and page alone, RLS on (the transaction without BEGIN, settings and COMMIT). */
  sqlWork: Summary;
  sqlOff: Summary;
  sqlAlone: Summary;
}

function authOf(tenant: ScalingTenant): AuthContext {
  const user = tenant.users[0]!;
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    tenantId: tenant.tenantId,
    actingRole: 'Tenant User',
    isGlobal: false,
    isGlobalAdmin: false,
    tokenHash: hashToken(tenant.tokens[0]!),
    signedInAsBy: null,
  };
}

async function matchedRows(pool: pg.Pool, tenant: ScalingTenant, typeId: string, q: ListQuery): Promise<number> {
  const result = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM entity WHERE tenant_id = $1 AND entity_type_id = $2 AND deleted_at IS NULL
       AND display_name ILIKE $3 AND data @> $4::jsonb`,
    [tenant.tenantId, typeId, `%${q.displayName ?? ''}%`, JSON.stringify(q.custom)],
  );
  return Number(result.rows[0]!.n);
}

export async function scalingBench(options: { write: boolean }): Promise<void> {
  const started = performance.now();
  const data = await scalingDatabase(ADMIN_URL);
  const server = await startServer({ DATABASE_URL: data.url });
  const pool = new pg.Pool({ connectionString: data.url, max: CLIENTS });
  const rows: Row[] = [];
  const plans: string[] = [];
  try {
    const load = os.loadavg()[0]!;
    for (const tenant of data.tenants) {
      for (const list of LISTS) {
        // Captured as the list runs once seen: a filter matching past the count cap is not counted again for 5 minutes.
        const captured: CapturedList[] = [];
        for (const term of list.terms) {
          await captureList(data.url, authOf(tenant), data.typeName, list.query(term));
          captured.push(await captureList(data.url, authOf(tenant), data.typeName, list.query(term)));
        }
        const matched = await matchedRows(pool, tenant, data.typeId, list.query(list.terms[0]!));
        let n = 0;
        let bytes = 0;
        const one = async (c: number) => {
          const res = await get(
            server.base,
            `/api/entity/${data.typeName}?${list.params(list.terms[n++ % list.terms.length]!)}`,
            tenant.tokens[c]!,
          );
          if (res.status !== 200) throw new Error(`${list.label}: the API answered ${res.status}`);
          bytes = res.bytes;
        };
        await concurrently(one, CLIENTS, WARMUP, WARMUP_MS);
        const measured = await cpuPerRequest(server.pid, new URL(data.url).pathname.slice(1), () =>
          concurrently(one, CLIENTS, SAMPLES, RUN_MS),
        );
        const api = summarise(measured.result.samples);
        n = 0;
        await concurrently(one, 1, 5, 2000);
        n = 0;
        const alone = summarise((await concurrently(() => one(0), 1, SEQUENTIAL, SEQUENTIAL_MS)).samples);
        const pageBytes = bytes;
        n = 0;
        await one(0);
        // The whole transaction (as API ÷ SQL compares in the records bench), or its count and page alone (RLS on ÷ off).
        const replay = async (mode: ReplayMode, clients: number, whole = true): Promise<Summary> => {
          const out: TxTiming[] = [];
          let i = 0;
          const run = async () => {
            out.push(await replayList(pool, captured[i++ % captured.length]!, mode));
          };
          await concurrently(run, clients, WARMUP, WARMUP_MS);
          out.length = 0;
          await concurrently(run, clients, clients === 1 ? SEQUENTIAL : SAMPLES, clients === 1 ? SEQUENTIAL_MS : RUN_MS);
          return summarise(out.map((t) => (whole ? t.total : t.count + t.page)));
        };
        const sqlOn = await replay('server', CLIENTS);
        const sqlWork = await replay('server', CLIENTS, false);
        const sqlOff = await replay('off', CLIENTS, false);
        const sqlAlone = await replay('server', 1);
        const row: Row = {
          size: tenant.records,
          list,
          matched,
          bytes: pageBytes,
          api,
          alone,
          cpu: { server: measured.serverMs, postgres: measured.postgresMs },
          sqlOn,
          sqlWork,
          sqlOff,
          sqlAlone,
        };
        rows.push(row);
        log(
          `${tenant.records.toLocaleString('en')} · ${list.label}: API p50 ${fmt(api.median)} ms at ${CLIENTS}, ${fmt(alone.median)} ms at 1; SQL p50 ${fmt(sqlOn.median)} (RLS off ${fmt(sqlOff.median)}), at 1 ${fmt(sqlAlone.median)}; ${pageBytes} B; CPU ${fmt(row.cpu.server)} + ${fmt(row.cpu.postgres)} ms`,
        );
        if (tenant === data.tenants[0]) {
          const c = captured[0]!;
          for (const statement of [...c.count, c.page]) {
            const plan = await explain(pool, c, statement, 'server', 'ANALYZE, BUFFERS');
            plans.push(
              `**${list.label}${list.terms[0] ? ` ('${list.terms[0]}')` : ''}, ${statement === c.page ? 'page' : 'count'}** — index: ${indexesOf(plan).join(', ') || 'none'}.\n\n\`\`\`\n${plan}\n\`\`\``,
            );
          }
        }
      }
    }
    const table = markdown(rows, plans, load, data.tenants, data.builtSeconds);
    console.log(`\n${table}\n`);
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (options.write) writeSection(table);
  } finally {
    agent.destroy();
    await pool.end();
    await server.stop();
  }
}

function markdown(rows: Row[], plans: string[], load: number, tenants: ScalingTenant[], built: number | null): string {
  const sizes = tenants.map((t) => t.records);
  const big = sizes[0]!;
  const mid = sizes.find((s) => s === big / 10);
  const lines = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average before: ${load.toFixed(1)}. One database (\`${process.env.BENCH_RECORDS_DB ?? 'bench_1m'}\`${built ? `, built in ${built.toFixed(0)} s` : ', kept from an earlier run'}) with one tenant of each size, each holding that many records of \`bench_incident_report\` and nothing else; titles as in the records bench ('Kind 1234 Street Suffix'). 10 clients for up to ${SAMPLES} requests or ${RUN_MS / 1000} s after a warm-up; 1 client up to ${SEQUENTIAL} requests. "SQL" is the list transaction captured from \`listRecordPage\` (as the server runs it, list items), replayed through \`pg\`; "RLS off" the same count and page as the superuser on the table. API ÷ SQL compares the 10-client p50s. Bytes: one page's body as sent.`,
    '',
    '| records | list | matches | bytes a page | API p50, 1 client | API p50, 10 clients | CPU a request: server + PostgreSQL | SQL p50, 1 client | SQL p50, 10 clients | API ÷ SQL | RLS on ÷ off |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${r.list.label} | ${r.matched.toLocaleString('en')} | ${r.bytes.toLocaleString('en')} | ${fmt(r.alone.median)} | ${fmt(r.api.median)} | ${fmt(r.cpu.server)} + ${fmt(r.cpu.postgres)} | ${fmt(r.sqlAlone.median)} | ${fmt(r.sqlOn.median)} | ${(r.api.median / r.sqlOn.median).toFixed(2)}× | ${(r.sqlWork.median / r.sqlOff.median).toFixed(2)}× |`,
    );
  if (mid) {
    lines.push(
      '',
      `| list | 1 client: ${big.toLocaleString('en')} ÷ ${mid.toLocaleString('en')} | 10 clients: ${big.toLocaleString('en')} ÷ ${mid.toLocaleString('en')} |`,
      '|---|---:|---:|',
    );
    for (const list of LISTS) {
      const at = (size: number) => rows.find((r) => r.size === size && r.list === list);
      const a = at(big);
      const b = at(mid);
      if (a && b)
        lines.push(`| ${list.label} | ${(a.alone.median / b.alone.median).toFixed(2)}× | ${(a.api.median / b.api.median).toFixed(2)}× |`);
    }
  }
  lines.push(
    '',
    `#### Plans at ${big.toLocaleString('en')} records (EXPLAIN (ANALYZE, BUFFERS), as the app role in the tenant transaction)`,
    '',
  );
  for (const p of plans) lines.push(p, '');
  return lines.join('\n');
}

function writeSection(table: string): void {
  const file = path.join(repoRoot, 'docs/performance.md');
  const start = '<!-- bench:records-sizes:start -->';
  const end = '<!-- bench:records-sizes:end -->';
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/performance.md lacks the ${start} … ${end} markers`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`);
  console.log('written to docs/performance.md');
}
