import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE, GLOBAL_ROLE } from '../platform/db/migrate.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from './database.ts';

export interface OwnedDatabase {
  /** The owner login: neither superuser nor BYPASSRLS, member of turnout_app and turnout_global. */
  owner: string;
  /** A superuser connection to the new database, for the test's own setup. */
  admin: pg.Client;
  /** The database's connection string logged in as `role`. */
  urlAs(role: string): string;
  /** Drops the database and every role this setup created. */
  drop(): Promise<void>;
}

/**
 * The superuser's part of docs/database-roles.md for one PostgreSQL test file: the NOLOGIN roles
 * turnout_app and turnout_global (shared by the whole server), a fresh owner login granted both,
 * and a new database and its public schema owned by it. `logins` creates more login roles
 * (NOINHERIT, granted turnout_app only), dropped with the rest.
 */
export async function createOwnedDatabase(logins: string[] = []): Promise<OwnedDatabase> {
  const owner = `turnout_owner_${randomBytes(4).toString('hex')}`;
  const created = await createPostgresDatabase();
  const admin = new pg.Client({ connectionString: created.url });
  await admin.connect();
  for (const role of [APP_ROLE, GLOBAL_ROLE])
    await admin.query(
      `DO $$ BEGIN CREATE ROLE ${role} NOLOGIN NOBYPASSRLS; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    );
  await admin.query(`CREATE ROLE ${owner} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  await admin.query(`GRANT ${APP_ROLE}, ${GLOBAL_ROLE} TO ${owner}`);
  for (const login of logins) {
    await admin.query(`CREATE ROLE ${login} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT`);
    await admin.query(`GRANT ${APP_ROLE} TO ${login}`);
  }
  const name = new URL(created.url).pathname.slice(1);
  await admin.query(`ALTER DATABASE ${name} OWNER TO ${owner}`);
  await admin.query(`ALTER SCHEMA public OWNER TO ${owner}`);
  return {
    owner,
    admin,
    urlAs(role) {
      const url = new URL(created.url);
      url.username = role;
      return url.toString();
    },
    async drop() {
      await admin.end();
      await created.drop();
      // The roles owned only the dropped database's objects; roles belong to the whole server.
      const server = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await server.connect();
      try {
        for (const role of [...logins, owner]) await server.query(`DROP ROLE IF EXISTS ${role}`);
      } finally {
        await server.end();
      }
    },
  };
}
