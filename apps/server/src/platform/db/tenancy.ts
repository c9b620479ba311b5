import { type Kysely, sql, type Transaction } from 'kysely';
import { APP_ROLE } from './migrate.ts';
import type { DB } from './schema.ts';

/** Who a piece of work runs for. Row-level-security policies read these settings. */
export interface DbContext {
  tenantId: string | null;
  userId: string | null;
  isGlobal: boolean;
}

export type Tx = Transaction<DB>;

/**
 * Runs `fn` in one transaction, as the app role (which owns no table, so row-level security
 * applies), with the tenant, user and global flag set for this transaction only. A query run
 * outside such a transaction, or with no tenant set, sees no tenant-owned rows.
 */
export function withContext<T>(db: Kysely<DB>, context: DbContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    // One round trip: the settings and the role (set_config('role', …, true) is SET LOCAL ROLE).
    await sql`SELECT
      set_config('app.tenant_id', ${context.tenantId ?? ''}, true),
      set_config('app.user_id', ${context.userId ?? ''}, true),
      set_config('app.is_global', ${context.isGlobal ? 'on' : 'off'}, true),
      set_config('role', ${APP_ROLE}, true)`.execute(tx);
    return fn(tx);
  });
}

/**
 * Work that must see across tenants (migrations, the demo seed, sign-in look-ups before a
 * tenant is known). The name warns the reader: nothing here is scoped.
 */
export function unsafeWithoutTenant<T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return fn(db);
}
