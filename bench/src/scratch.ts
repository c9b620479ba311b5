import type { Kysely } from 'kysely';
import pg from 'pg';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `fn` on a new, migrated PostgreSQL database named after `prefix`, dropped afterwards. */
export async function inScratchDatabase<T>(prefix: string, fn: (db: Database, url: string) => Promise<T>): Promise<T> {
  const name = `turnout_bench_${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(db);
    return await fn(db, url.toString());
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** A new tenant and one member signed in to it with `role`: their ids and bearer token. */
export async function tenantWithMember(
  k: Kysely<DB>,
  name: string,
  role: string,
): Promise<{ tenantId: string; userId: string; token: string }> {
  const tenant = await k.insertInto('tenant').values({ name, display_name: name }).returning('id').executeTakeFirstOrThrow();
  const user = await k
    .insertInto('app_user')
    .values({ email: `${name}@bench.example`, display_name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  const expires = new Date(Date.now() + 86_400_000);
  const session = { token_hash: hashToken(token), user_id: user.id, tenant_id: tenant.id, acting_role: role, expires_at: expires };
  await k.insertInto('user_session').values(session).execute();
  return { tenantId: tenant.id, userId: user.id, token };
}
