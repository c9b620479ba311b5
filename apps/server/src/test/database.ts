import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import type { DB } from '../platform/db/schema.ts';

/**
 * Which database server tests run on: `TEST_DB=pglite` (in-memory embedded database) or
 * `TEST_DB=postgres` (the server at TEST_DATABASE_URL). Each test file gets a database of its
 * own, so files run in parallel and never clean up after each other.
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Database;
  /** Connection string of this file's own PostgreSQL database (postgres only). */
  url: string | undefined;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Creates a PostgreSQL database for one test file and returns its URL and a dropper: empty, or
 * a copy of `template`.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `turnout_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect().catch((error: Error) => {
    throw new Error(`Cannot reach the test PostgreSQL server at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL): ${error.message}`);
  });
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(TEST_DATABASE_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The migrated database of the test run (src/test/global-setup.ts), if there is one: test files
 * run without it too (a vitest run without the server project's global setup).
 */
function migratedCopy(key: 'migratedPgliteImage' | 'migratedPostgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A migrated database for one test file, on the server TEST_DB names: a copy of the run's
 * migrated database when there is one (migrate then finds nothing to do), else migrated here.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (TEST_DB === 'postgres') {
    const created = await createPostgresDatabase(migrated ? migratedCopy('migratedPostgresTemplate') : undefined);
    const db = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    if (migrated) await migrate(db);
    return {
      db,
      url: created.url,
      async drop() {
        await db.close();
        await created.drop();
      },
    };
  }
  const image = migrated ? migratedCopy('migratedPgliteImage') : undefined;
  const db = await openDatabase({ pgliteImage: image ? new Blob([readFileSync(image)]) : undefined });
  if (migrated) await migrate(db);
  return { db, url: undefined, drop: () => db.close() };
}

/** Two departments, 'a' and 'b', written as the owner (who bypasses row-level security): their ids. */
export async function twoTenants(db: Kysely<DB>): Promise<[string, string]> {
  const tenants = await db
    .insertInto('tenant')
    .values([
      { name: 'a', display_name: 'A' },
      { name: 'b', display_name: 'B' },
    ])
    .returning(['id', 'name'])
    .execute();
  return [tenants.find((t) => t.name === 'a')!.id, tenants.find((t) => t.name === 'b')!.id];
}
