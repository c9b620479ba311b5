import { sql } from 'kysely';
import type { Database } from './database.ts';
import { APP_ROLE, GLOBAL_ROLE } from './migrate.ts';

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

/**
 * What is wrong with the login departments' transactions run on (docs/database-roles.md): with
 * DATABASE_REQUEST_URL, a role that is a member of turnout_app and of nothing else, neither
 * superuser nor BYPASSRLS, owning nothing, and turnout_app unable to create temporary tables or
 * objects in the schema (they would outlive the transaction on a pooled connection); without it, DATABASE_URL's login, which is said when
 * it owns the schema or may act globally (an injected `RESET ROLE` or `SET ROLE turnout_global`
 * would then leave row-level security behind). Empty when all is well, and for the embedded database.
 */
export async function requestLoginWarnings(db: Database): Promise<string[]> {
  if (db.kind !== 'postgres') return [];
  if (!db.requestKysely) {
    const { rows } = await sql<{ name: string; owns: boolean; global: boolean }>`
      SELECT current_user AS name,
             EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tableowner = current_user) AS owns,
             pg_has_role(current_user, ${GLOBAL_ROLE}::name, 'MEMBER') AS global`.execute(db.kysely);
    const login = rows[0];
    if (!login || !(login.owns || login.global)) return [];
    const what = login.owns ? 'owns the schema' : `may act as ${GLOBAL_ROLE}`;
    return [
      `DATABASE_URL's login (${login.name}) ${what} and serves requests too: SQL injected into a request could RESET ROLE or SET ROLE ${GLOBAL_ROLE} and leave row-level security behind. Set DATABASE_REQUEST_URL to a login that is a member of ${APP_ROLE} only (docs/database-roles.md).`,
    ];
  }
  const { rows } = await sql<{
    name: string;
    superuser: boolean;
    bypass: boolean;
    owns: boolean;
    app: boolean;
    others: string[];
    temp: boolean;
    create: boolean;
  }>`
    SELECT r.rolname AS name, r.rolsuper AS superuser, r.rolbypassrls AS bypass,
           has_database_privilege(${APP_ROLE}::name, current_database(), 'TEMPORARY') AS temp,
           has_schema_privilege(${APP_ROLE}::name, current_schema(), 'CREATE') AS create,
           EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid) AS owns,
           pg_has_role(r.oid, ${APP_ROLE}::name, 'MEMBER') AS app,
           ARRAY(SELECT o.rolname FROM pg_roles o
                 WHERE o.oid <> r.oid AND o.rolname <> ${APP_ROLE} AND pg_has_role(r.oid, o.oid, 'MEMBER')
                 ORDER BY o.rolname)::text[] AS others
    FROM pg_roles r WHERE r.rolname = current_user`.execute(db.requestKysely);
  const login = rows[0];
  if (!login) return [];
  const problems = [
    login.superuser && 'is a superuser',
    login.bypass && 'has BYPASSRLS',
    login.owns && 'owns tables or other objects',
    !login.app && `is not a member of ${APP_ROLE} (requests will fail)`,
    login.others.length > 0 && `is also a member of ${login.others.join(', ')}`,
    login.temp && `may create temporary tables as ${APP_ROLE} (REVOKE TEMPORARY ON DATABASE … FROM PUBLIC)`,
    login.create && `may create objects in the schema as ${APP_ROLE} (REVOKE CREATE ON SCHEMA public FROM PUBLIC)`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length === 0) return [];
  return [
    `DATABASE_REQUEST_URL's login (${login.name}) ${problems.join(', ')}: it should be a member of ${APP_ROLE} only, neither superuser nor BYPASSRLS, owning nothing, and ${APP_ROLE} able to create nothing (docs/database-roles.md).`,
  ];
}
