import { makePageMeta, type PageMeta, type SensitiveAction } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forbidden } from '../../platform/http/errors.ts';

export const SENSITIVE_ACTIONS_PER_PAGE = 25;

export interface SensitiveActionInput {
  /** Who did it; null for the system. */
  actor: { userId: string | null; displayName: string } | null;
  tenantId: string | null;
  name: string;
  content: string;
}

/** Writes one entry of the sensitive-action history (spec 03 §3): who, when, what. */
export async function recordSensitiveAction(db: Kysely<DB>, input: SensitiveActionInput): Promise<void> {
  await db
    .insertInto('sensitive_action')
    .values({
      tenant_id: input.tenantId,
      user_id: input.actor?.userId ?? null,
      user_display_name: input.actor?.displayName ?? 'System',
      name: input.name,
      content: input.content,
    })
    .execute();
}

export function actorOf(auth: AuthContext) {
  return { userId: auth.userId, displayName: auth.displayName };
}

/**
 * The history, newest first. Global admins read all of it; a tenant admin reads what happened
 * in the tenant they act in; nobody else reads it.
 */
export async function listSensitiveActions(
  db: Kysely<DB>,
  auth: AuthContext,
  page: number,
): Promise<{ data: SensitiveAction[]; meta: PageMeta }> {
  const tenantScope = auth.isGlobalAdmin ? undefined : auth.actingRole === 'Tenant Admin' && auth.tenantId ? auth.tenantId : null;
  if (tenantScope === null) throw forbidden();
  let query = db.selectFrom('sensitive_action');
  if (tenantScope) query = query.where('tenant_id', '=', tenantScope);
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['id', 'name', 'content', 'created_at', 'user_id', 'user_display_name', 'tenant_id'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SENSITIVE_ACTIONS_PER_PAGE)
    .offset((page - 1) * SENSITIVE_ACTIONS_PER_PAGE)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      content: r.content,
      created_at: r.created_at.toISOString(),
      user: { id: r.user_id, display_name: r.user_display_name },
      tenant_id: r.tenant_id,
    })),
    meta: makePageMeta(page, SENSITIVE_ACTIONS_PER_PAGE, total, rows.length),
  };
}
