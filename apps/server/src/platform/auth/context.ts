import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DbContext } from '../db/tenancy.ts';
import { unauthenticated } from '../http/errors.ts';

/** Who is calling, read from a valid session: the user, the tenant and role they act as. */
export interface AuthContext {
  userId: string;
  tenantId: string | null;
  actingRole: string | null;
  isGlobal: boolean;
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

/** The caller's context, or 401. Sessions live in `user_session`; identity adds sign-in. */
export async function requireAuth(db: Kysely<DB>, request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const hash = hashToken(token);
  const session = await db
    .selectFrom('user_session')
    .select(['user_id', 'tenant_id', 'acting_role', 'is_global', 'last_seen_at'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!session) throw unauthenticated();
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('user_session').set({ last_seen_at: new Date() }).where('token_hash', '=', hash).execute();
  }
  return { userId: session.user_id, tenantId: session.tenant_id, actingRole: session.acting_role, isGlobal: session.is_global };
}

export function dbContext(auth: AuthContext): DbContext {
  return { tenantId: auth.tenantId, userId: auth.userId, isGlobal: auth.isGlobal };
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
    request.auth = await requireAuth(app.db.kysely, request);
  });
}
