import { type Compilable, type CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { APP_ROLE, GLOBAL_ROLE } from './migrate.ts';
import type { DB } from './schema.ts';

/** Who a piece of work runs for. Row-level-security policies read these settings. */
export interface DbContext {
  tenantId: string | null;
  userId: string | null;
  isGlobal: boolean;
}

export type Tx = Transaction<DB>;

/** Databases whose connections take `BEGIN; SELECT …` in one message (PostgreSQL through pg). */
const beginsInOneRoundTrip = new WeakSet<Kysely<DB>>();

/** Marks a database whose driver sends a query without parameters as a simple, multi-statement query. */
export function beginInOneRoundTrip(db: Kysely<DB>): void {
  beginsInOneRoundTrip.add(db);
}

/**
 * Runs a script of several statements with no parameters on one pooled connection (the simple
 * query protocol) and gives each statement's rows; `literal` writes a parameter's value as a
 * quoted SQL literal, as that driver would send it.
 */
export interface ScriptRunner {
  run(script: string): Promise<Record<string, unknown>[][]>;
  literal(value: unknown): string;
}

/** Databases whose reads go in one round trip (`readInContext`): PostgreSQL through pg. */
const scriptRunners = new WeakMap<Kysely<DB>, ScriptRunner>();

/** Lets `readInContext` send a transaction's reads with its BEGIN and COMMIT in one message. */
export function readInOneRoundTrip(db: Kysely<DB>, runner: ScriptRunner): void {
  scriptRunners.set(db, runner);
}

/** The request login's database, by the owner's (DATABASE_REQUEST_URL, docs/database-roles.md). */
const tenantWorkOn = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * Runs every department's `withContext` transaction on `requestDb` (logged in as a role that is
 * a member of turnout_app only) instead of `ownerDb`; global work stays on `ownerDb`. Why two
 * logins: PostgreSQL checks `SET ROLE` against the session's login, so a statement injected
 * into a transaction of the owner's login could `RESET ROLE` or switch to turnout_global and
 * leave row-level security behind. The request login can switch to nothing but turnout_app.
 */
export function runTenantWorkOn(ownerDb: Kysely<DB>, requestDb: Kysely<DB>): void {
  tenantWorkOn.set(ownerDb, requestDb);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The settings of a context as literals: ids are checked to be uuids, so nothing else is ever spliced in. */
function settingsOf(context: DbContext): string {
  const id = (value: string | null) => {
    if (value !== null && !UUID.test(value)) throw new Error('A tenant or user id must be a uuid.');
    return `'${value ?? ''}'`;
  };
  // Global work is a role, not a setting: turnout_app may change any app.* setting itself,
  // but cannot make itself a member of turnout_global (migration 0035).
  return `SELECT set_config('app.tenant_id', ${id(context.tenantId)}, true), set_config('app.user_id', ${id(context.userId)}, true), set_config('role', '${context.isGlobal ? GLOBAL_ROLE : APP_ROLE}', true)`;
}

/**
 * Runs `fn` in one transaction, as the app role (which owns no table, so row-level security
 * applies) or, for global work, the global role, with the tenant and user set for this
 * transaction only; a department's transaction on the request login when one is configured
 * (DATABASE_REQUEST_URL). A query run
 * outside such a transaction, or with no tenant set, sees no tenant-owned rows.
 */
export async function withContext<T>(ownerDb: Kysely<DB>, context: DbContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const settings = settingsOf(context);
  // A department's work on the request login when there is one (runTenantWorkOn); global work on the owner's.
  const db = (!context.isGlobal && tenantWorkOn.get(ownerDb)) || ownerDb;
  if (!beginsInOneRoundTrip.has(db))
    return db.transaction().execute(async (tx) => {
      // set_config('role', …, true) is SET LOCAL ROLE.
      await sql.raw(settings).execute(tx);
      return fn(tx);
    });
  // On PostgreSQL the transaction begins with its settings in one round trip: most requests
  // run one tenant transaction, and each round trip costs both processes a wake-up.
  return db.connection().execute(async (connection) => {
    await sql.raw(`BEGIN; ${settings}`).execute(connection);
    let result: T;
    try {
      // The connection is in the transaction: queries on it are the transaction's.
      result = await fn(connection as unknown as Tx);
    } catch (error) {
      // Only a broken connection refuses ROLLBACK; the error worth reporting is the first.
      await sql
        .raw('ROLLBACK')
        .execute(connection)
        .catch(() => {});
      throw error;
    }
    await sql.raw('COMMIT').execute(connection);
    return result;
  });
}

type RowsOf<Q> = Q extends Compilable<infer O> ? O[] : never;

/**
 * A compiled query with its parameters written as literals. Kysely numbers each parameter once,
 * in order ($1, $2, …); quoted names and strings are skipped over, and a query whose placeholders
 * do not match its parameters one for one is refused rather than guessed at.
 */
export function inlined(query: CompiledQuery, literal: (value: unknown) => string): string {
  let used = 0;
  const text = query.sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (token, index: string | undefined) => {
    if (index === undefined) return token;
    const n = Number(index);
    if (n !== ++used || n > query.parameters.length) throw new Error('A query’s placeholders do not match its parameters.');
    return literal(query.parameters[n - 1]);
  });
  if (used !== query.parameters.length) throw new Error('A query’s placeholders do not match its parameters.');
  return text;
}

/**
 * Reads `queries` in one transaction of `context` (as `withContext`) and gives each one's rows.
 * On PostgreSQL the whole transaction is one message, one round trip: BEGIN, the settings, the
 * queries with their values as literals (the driver's own quoting), COMMIT. A list page made
 * three round trips (begin, page, commit), each a wake-up and a socket write and read in both
 * processes, which cost the server more CPU than building the page (docs/performance.md).
 * Reads only: a statement that fails rolls the transaction back.
 */
export async function readInContext<const Q extends readonly Compilable<unknown>[]>(
  ownerDb: Kysely<DB>,
  context: DbContext,
  queries: Q,
): Promise<{ -readonly [K in keyof Q]: RowsOf<Q[K]> }> {
  type Rows = { -readonly [K in keyof Q]: RowsOf<Q[K]> };
  const settings = settingsOf(context);
  const db = (!context.isGlobal && tenantWorkOn.get(ownerDb)) || ownerDb;
  const runner = scriptRunners.get(db);
  if (!runner)
    return withContext(ownerDb, context, async (tx) => {
      const rows: unknown[] = [];
      for (const query of queries) rows.push((await tx.executeQuery(query.compile())).rows);
      return rows as Rows;
    });
  const statements = queries.map((query) => inlined(query.compile(), runner.literal));
  const results = await runner.run(`BEGIN; ${settings}; ${statements.join('; ')}; COMMIT`);
  return results.slice(2, 2 + queries.length) as Rows;
}

/**
 * Work that must see across tenants (migrations, the demo seed, sign-in look-ups before a
 * tenant is known). The name warns the reader: nothing here is scoped.
 */
export function unsafeWithoutTenant<T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return fn(db);
}
