import { createHash, randomBytes } from 'node:crypto';
import { GLOBAL_ADMIN_ROLE, TENANT_ADMIN_ROLE } from '@turnout/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DbContext } from '../db/tenancy.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import { cachedRead, forgetRead } from '../read-cache.ts';

/** Who is calling, read from a valid session: the user, the tenant and role they act as. */
export interface AuthContext {
  userId: string;
  email: string;
  displayName: string;
  tenantId: string | null;
  actingRole: string | null;
  /** Acting at global level (a global admin with no tenant selected). */
  isGlobal: boolean;
  /** Holds the global admin role (MSFES User), whatever tenant they act in now. */
  isGlobalAdmin: boolean;
  tokenHash: Buffer;
  /** Set when a global admin signed in as this user. */
  signedInAsBy: string | null;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new opaque bearer token: 32 random bytes, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})$/i.exec(header);
  return match?.[1];
}

// Touching a session on every request would write on every read; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The caller's context, or 401. A session is valid until its absolute expiry, while it has
 * been used within the idle timeout, and while its user may sign in.
 */
export async function requireAuth(
  db: Kysely<DB>,
  request: FastifyRequest,
  idleHours: number,
  // A long-lived stream re-checks its session without counting as the user's activity.
  options: { touch?: boolean } = {},
): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const hash = hashToken(token);
  const now = new Date();
  // The session is read at most once per read-cache period (read-cache.ts); sign-out, switching
  // tenant or role and disabling a user forget it in this process at once. Expiry and idle time
  // are checked on every request against the values read.
  const key = `session:${hash.toString('hex')}`;
  const session = await cachedRead(db, key, async () => {
    const row = await db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select((eb) => [
        's.user_id',
        's.tenant_id',
        's.acting_role',
        's.is_global',
        's.expires_at',
        's.last_seen_at',
        's.signed_in_as_by',
        'u.email',
        'u.display_name',
        eb
          .exists(
            eb
              .selectFrom('role_assignment as r')
              .select('r.id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.role_key', '=', GLOBAL_ADMIN_ROLE)
              .where('r.tenant_id', 'is', null),
          )
          .as('is_global_admin'),
      ])
      .where('s.token_hash', '=', hash)
      .where('u.sign_in_enabled', '=', true)
      .executeTakeFirst();
    // Not remembered: an unknown token is read again next time.
    if (!row) throw unauthenticated();
    return row;
  });
  if (session.expires_at <= now || session.last_seen_at.getTime() <= now.getTime() - idleHours * 3_600_000) {
    forgetRead(db, key);
    throw unauthenticated();
  }
  if (options.touch !== false && now.getTime() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('user_session').set({ last_seen_at: now }).where('token_hash', '=', hash).execute();
    forgetRead(db, key);
  }
  return {
    userId: session.user_id,
    email: session.email,
    displayName: session.display_name,
    tenantId: session.tenant_id,
    actingRole: session.acting_role,
    isGlobal: session.is_global,
    isGlobalAdmin: Boolean(session.is_global_admin),
    tokenHash: hash,
    signedInAsBy: session.signed_in_as_by,
  };
}

export function dbContext(auth: AuthContext): DbContext {
  return { tenantId: auth.tenantId, userId: auth.userId, isGlobal: auth.isGlobal };
}

/** The tenant the caller acts in, or 403 'Tenant must be selected first' (spec 01 §8). */
export function actingTenant(auth: AuthContext): string {
  if (!auth.tenantId) throw forbidden('Tenant must be selected first');
  return auth.tenantId;
}

export function requireGlobalAdmin(auth: AuthContext): void {
  if (!auth.isGlobalAdmin) throw forbidden();
}

export function isTenantAdmin(auth: AuthContext): boolean {
  return auth.isGlobalAdmin || auth.actingRole === TENANT_ADMIN_ROLE;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSignIn` before validation runs, so a stranger gets 401, never 422. */
    auth: AuthContext;
  }
}

/** Adds a hook to this plugin's routes that refuses callers without a valid session. */
export function requireSignIn(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    request.auth = await requireAuth(app.db.kysely, request, app.config.session.idleHours);
  });
}
