import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Row-level security is the net under the application's tenant checks (decision 0002), and it
 * does not hold for a superuser or a role with BYPASSRLS: such a role sees every tenant's rows
 * whatever the policies say. The server warns at start when DATABASE_URL connects as one
 * (docs/database-roles.md gives the production role setup). The embedded database has no roles.
 */
export async function databaseRoleWarning(db: Database): Promise<string | undefined> {
  if (db.kind !== 'postgres') return undefined;
  const { rows } = await sql<{ name: string; superuser: boolean; bypass: boolean }>`
    SELECT rolname AS name, rolsuper AS superuser, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user`.execute(db.kysely);
  const role = rows[0];
  if (!role || !(role.superuser || role.bypass)) return undefined;
  const what = role.superuser ? 'a superuser' : 'a role with BYPASSRLS';
  return `DATABASE_URL connects as ${what} (${role.name}): row-level security does not apply to it, so tenant isolation rests on the application alone. In production connect as a login role that is neither (docs/database-roles.md).`;
}
