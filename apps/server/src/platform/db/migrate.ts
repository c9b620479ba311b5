import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The role that request queries run as: it owns no table, so row-level security applies to it. */
export const APP_ROLE = 'turnout_app';

/**
 * The role that global work (global admins, background jobs) runs as: the same table rights as
 * APP_ROLE, and the policies let every tenant's rows through for its members (migration 0035).
 * APP_ROLE is not a member and cannot make itself one.
 */
export const GLOBAL_ROLE = 'turnout_global';

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_465_001;

export interface Migration {
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded, all in one transaction behind an advisory lock, so
 * that two processes starting together apply each migration exactly once and a failure leaves
 * the schema as it was. Returns the names applied now.
 */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<string[]> {
  return db.rawTransaction(async (raw) => {
    await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migration')).map((r) => r.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      try {
        await raw.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await raw.query('INSERT INTO schema_migration (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
    await grantAppRole(raw);
    return applied;
  });
}

async function grantAppRole(raw: { exec(script: string): Promise<void> }): Promise<void> {
  for (const role of [APP_ROLE, GLOBAL_ROLE]) await grantRole(raw, role);
}

async function grantRole(raw: { exec(script: string): Promise<void> }, role: string): Promise<void> {
  // Roles belong to the whole server, not to one database: create it once, tolerate a race.
  await raw.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
        CREATE ROLE ${role} NOLOGIN NOBYPASSRLS;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    DO $$ BEGIN
      IF NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN
        EXECUTE format('GRANT ${role} TO %I', current_user);
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    DO $$ BEGIN
      -- The list view bypasses row-level security: reading only (migration 0013).
      IF to_regclass('entity_in_tenant') IS NOT NULL THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON entity_in_tenant FROM ${role};
      END IF;
    END $$;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    REVOKE ALL ON schema_migration FROM ${role};
  `);
}
