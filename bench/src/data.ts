import { sql } from 'kysely';
import { createUserAccount } from '../../apps/server/src/modules/identity/accounts.ts';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';

export const BENCH_LOGIN = { email: 'login@bench.example', password: 'Bench-login-2026' };

export const BENCH_TENANTS = 10;
export const NOTICES_PER_TENANT = 5_000;

export interface Seeded {
  token: string;
  tenantId: string;
  userId: string;
  tenants: number;
  notices: number;
}

/** Ten departments of 5,000 notices each; the measured user acts in the first. */
export async function seedBenchData(db: Database): Promise<Seeded> {
  await migrate(db);
  const k = db.kysely;
  const tenantIds: string[] = [];
  for (let i = 0; i < BENCH_TENANTS; i++) {
    const t = await k
      .insertInto('tenant')
      .values({ name: `bench-${i}`, display_name: `Bench ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    tenantIds.push(t.id);
    await sql`INSERT INTO notice (tenant_id, title, body, created_at)
      SELECT ${t.id}::uuid, 'Notice ' || g, repeat('Station notice text. ', 10), now() - g * interval '1 minute'
      FROM generate_series(1, ${NOTICES_PER_TENANT}::int) g`.execute(k);
  }
  await sql`ANALYZE notice`.execute(k);
  const user = await k
    .insertInto('app_user')
    .values({ email: 'bench@bench.example', display_name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A user who signs in with a password hashed at the production cost (config defaults).
  await createUserAccount(
    k,
    {
      email: BENCH_LOGIN.email,
      displayName: 'Bench Login',
      password: BENCH_LOGIN.password,
      roles: [{ roleKey: 'Tenant User', tenantId: tenantIds[0]! }],
    },
    loadConfig({ TURNOUT_EPHEMERAL_SECRET: '1' }).argon2,
  );
  const token = newToken();
  await k
    .insertInto('user_session')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      tenant_id: tenantIds[0]!,
      acting_role: 'Tenant User',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return { token, tenantId: tenantIds[0]!, userId: user.id, tenants: BENCH_TENANTS, notices: BENCH_TENANTS * NOTICES_PER_TENANT };
}
