import { GLOBAL_ADMIN_ROLE } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { hashToken, newToken } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface NewSession {
  userId: string;
  tenantId: string | null;
  actingRole: string | null;
  isGlobal: boolean;
  ip: string | null;
  userAgent: string | null;
  signedInAsBy?: string | null;
}

/** A new session with a fresh token (never reused across sign-ins); returns the token. */
export async function createSession(db: Kysely<DB>, session: NewSession, maxDays: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('user_session')
    .values({
      token_hash: hashToken(token),
      user_id: session.userId,
      tenant_id: session.tenantId,
      acting_role: session.actingRole,
      is_global: session.isGlobal,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 500) ?? null,
      signed_in_as_by: session.signedInAsBy ?? null,
      expires_at: new Date(Date.now() + maxDays * 86_400_000),
    })
    .execute();
  return token;
}

export async function endSession(db: Kysely<DB>, tokenHash: Buffer): Promise<void> {
  await db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
}

export async function endSessionsOfUser(db: Kysely<DB>, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_session').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends the tenant's members' sessions in it; global admins (who may act in any tenant) keep theirs. */
export async function endSessionsInTenant(db: Kysely<DB>, tenantId: string): Promise<number> {
  const result = await db
    .deleteFrom('user_session')
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'not in', (eb) =>
      eb.selectFrom('role_assignment').select('user_id').where('role_key', '=', GLOBAL_ADMIN_ROLE).where('tenant_id', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions past their absolute lifetime or idle too long; run now and then. */
export async function purgeExpiredSessions(db: Kysely<DB>, idleHours: number): Promise<void> {
  const now = Date.now();
  await db
    .deleteFrom('user_session')
    .where((eb) => eb.or([eb('expires_at', '<=', new Date(now)), eb('last_seen_at', '<=', new Date(now - idleHours * 3_600_000))]))
    .execute();
}
