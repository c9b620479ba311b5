/**
 * The records list SQL, taken from the server itself: `listRecords` runs once in this process
 * on a Kysely instance that logs every statement, and the statements of its last tenant
 * transaction (the count and the page) are replayed straight through `pg`, so the baseline is
 * exactly the SQL the API runs, whatever the service builds.
 */
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type ListQuery, listRecordPage } from '../../apps/server/src/modules/entities/service.ts';
import type { AuthContext } from '../../apps/server/src/platform/auth/context.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** One list request's SQL: every statement listRecords issued, and its list transaction. */
export interface CapturedList {
  /** Statements of the whole call (type look-up, permissions, the list transaction). */
  all: Statement[];
  /** The set_config statement that opens the list transaction (tenant, user, global, role). */
  context: Statement[];
  /** The other statements of the list transaction: today the total count (none if it goes). */
  count: Statement[];
  page: Statement;
}

const isTxControl = (text: string) => /^\s*(begin|commit|rollback|start transaction)\b/i.test(text);

/** Every statement `fn` issues through a Kysely instance of its own (transaction control left out). */
export async function captureStatements(url: string, fn: (kysely: Kysely<DB>) => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const kysely = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      const q: CompiledQuery = event.query;
      if (!isTxControl(q.sql)) seen.push({ sql: q.sql, parameters: [...q.parameters] });
    },
  });
  try {
    await fn(kysely);
  } finally {
    await kysely.destroy();
  }
  return seen;
}

/** Tenant transactions among captured statements: each starts with the set_config of withContext. */
export const tenantTransactions = (statements: Statement[]) => statements.filter((s) => /set_config\('app\.tenant_id'/.test(s.sql)).length;

export async function captureList(url: string, auth: AuthContext, typeName: string, query: ListQuery): Promise<CapturedList> {
  // As GET /entity/{type} runs it: list items, not whole records (unless the query says otherwise).
  const seen = await captureStatements(url, (kysely) => listRecordPage(kysely, auth, typeName, { lean: { fields: [] }, ...query }, false));
  // withContext opens each tenant transaction with one statement: set_config of the tenant,
  // the user, global and the app role.
  const role = seen.findLastIndex((s) => /set_config\('app\.tenant_id'/.test(s.sql));
  const tx = seen.slice(role + 1);
  const page = tx.findLast((s) => /from "entity(_in_tenant)?"/i.test(s.sql) && /\blimit\b/i.test(s.sql));
  if (role < 0 || !page) {
    throw new Error(
      `listRecords no longer ends with a tenant transaction reading a page of "entity": ${JSON.stringify(seen.map((s) => s.sql))}`,
    );
  }
  return { all: seen, context: [seen[role]!], count: tx.filter((s) => s !== page), page };
}

/**
 * How a captured list is replayed: `server` exactly as the server runs it (tenant transaction,
 * the list view entity_in_tenant); `policy` in the same tenant transaction but on the table
 * itself, under its row-level security policy (how lists ran before migration 0013); `off` on
 * the table as the superuser, with no isolation at all.
 */
export type ReplayMode = 'server' | 'policy' | 'off';

/** The statement reading the table instead of the list view. */
export const onTable = (statement: Statement): Statement => ({
  ...statement,
  sql: statement.sql.replaceAll('"entity_in_tenant"', '"entity"'),
});

/** Durations of one replayed list transaction, in milliseconds. */
export interface TxTiming {
  total: number;
  count: number;
  page: number;
}

/**
 * Replays one list transaction on a pooled client: with `rls`, exactly as the server runs it
 * (BEGIN, the set_config of tenant, user, global and role, count, page, COMMIT); without, the same count and
 * page as the connecting superuser, which row-level security does not apply to.
 */
export async function replayList(pool: pg.Pool, list: CapturedList, mode: ReplayMode): Promise<TxTiming> {
  const client = await pool.connect();
  const as = (statement: Statement) => (mode === 'server' ? statement : onTable(statement));
  try {
    const start = performance.now();
    await client.query('BEGIN');
    if (mode !== 'off') for (const s of list.context) await client.query(s.sql, s.parameters);
    let t = performance.now();
    for (const s of list.count.map(as)) await client.query(s.sql, s.parameters);
    const count = performance.now() - t;
    t = performance.now();
    const page = as(list.page);
    await client.query(page.sql, page.parameters);
    const pageMs = performance.now() - t;
    await client.query('COMMIT');
    return { total: performance.now() - start, count, page: pageMs };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** EXPLAIN (options) of a statement, replayed as `mode` says. */
export async function explain(pool: pg.Pool, list: CapturedList, original: Statement, mode: ReplayMode, options: string): Promise<string> {
  const client = await pool.connect();
  const statement = mode === 'server' ? original : onTable(original);
  try {
    await client.query('BEGIN');
    if (mode !== 'off') for (const s of list.context) await client.query(s.sql, s.parameters);
    const result = await client.query(`EXPLAIN (${options}) ${statement.sql}`, statement.parameters);
    await client.query('ROLLBACK');
    return result.rows
      .map((r: Record<string, unknown>) => (typeof r['QUERY PLAN'] === 'string' ? r['QUERY PLAN'] : JSON.stringify(r['QUERY PLAN'])))
      .join('\n');
  } finally {
    client.release();
  }
}

/**
 * The planner's estimate of the rows the list's filters match, as the app role sees it (the
 * scan under the page's sort and limit), and how long asking it takes: the cheap alternative to
 * an exact count.
 */
export async function estimateRows(pool: pg.Pool, list: CapturedList): Promise<{ rows: number; ms: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const s of list.context) await client.query(s.sql, s.parameters);
    // A serial plan, whose scan node estimates all the rows (a parallel one estimates per worker).
    await client.query('SET LOCAL max_parallel_workers_per_gather = 0');
    const start = performance.now();
    const result = await client.query(`EXPLAIN (FORMAT JSON) ${list.page.sql}`, list.page.parameters);
    const ms = performance.now() - start;
    await client.query('ROLLBACK');
    let plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
    while (!/Scan$/.test(plan['Node Type'])) {
      const outer = plan.Plans?.find((p) => p['Parent Relationship'] === 'Outer');
      if (!outer) break;
      plan = outer;
    }
    return { rows: plan['Plan Rows'], ms };
  } finally {
    client.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/**
 * The indexes a plan reads, each with how it is read and how many entries it gave (those a
 * filter then threw away included), e.g. "`entity_type_name_idx` (Index Scan, 221 entries)".
 */
export function indexesOf(plan: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const node = /(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/.exec(line);
    if (node) {
      let read = Number(/actual time=\S+ rows=(\d+)/.exec(line)?.[1] ?? Number.NaN);
      for (let j = i + 1; j < lines.length && !/^\s*->/.test(lines[j]!); j++) {
        read += Number(/Rows Removed by Filter: (\d+)/.exec(lines[j]!)?.[1] ?? 0);
      }
      found.push(`\`${node[2]}\` (${node[1]}${Number.isNaN(read) ? '' : `, ${read.toLocaleString('en')} entries`})`);
    } else if (/Seq Scan on entity\b/.test(line)) found.push('a sequential scan of entity');
  });
  return found;
}

/** The node types and indexes of a plan, without figures: to tell whether two plans are alike. */
export function shapeOf(plan: string): string {
  return plan
    .split('\n')
    .filter((line) => /^\s*->|^\S/.test(line) && !/^(Planning|Execution|JIT)/.test(line.trim()) && !/->\s+Result\b/.test(line))
    .map((line) =>
      line
        .replace(/\(cost=.*$/, '')
        .replace(/\(actual.*$/, '')
        .trim(),
    )
    .join(' / ');
}
