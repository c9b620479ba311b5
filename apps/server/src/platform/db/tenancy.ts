import { type Kysely, sql, type Transaction } from 'kysely';
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

/**
 * Work that must see across tenants (migrations, the demo seed, sign-in look-ups before a
 * tenant is known). The name warns the reader: nothing here is scoped.
 */
export function unsafeWithoutTenant<T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return fn(db);
}
