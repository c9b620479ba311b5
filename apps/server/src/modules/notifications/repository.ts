import { GLOBAL_ADMIN_ROLE, type Notification } from '@turnout/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';

/**
 * Whose notifications: the user's, in one tenant, or in every tenant at global level (a
 * global admin acting with no tenant; RLS lets those transactions see every tenant).
 */
export interface Recipient {
  userId: string;
  tenantId: string | null;
}

interface Row {
  id: string;
  data: { subject: string; path: string | null };
  created_at: Date;
  read_at: Date | null;
}

export const toNotification = (row: Row): Notification => ({
  id: row.id,
  data: { subject: row.data.subject, path: row.data.path ?? null },
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
});

const COLUMNS = ['id', 'data', 'created_at', 'read_at'] as const;

/** SQL for notifications, on a transaction that carries the tenant (RLS applies). */
export function notificationRepository(tx: Tx, who: Recipient) {
  const mine = () => {
    let query = tx.selectFrom('notification').where('user_id', '=', who.userId);
    // The tenant predicate is explicit as well as enforced by RLS, so the indexes are used.
    if (who.tenantId) query = query.where('tenant_id', '=', who.tenantId);
    return query;
  };
  return {
    async list(page: number, perPage: number, unreadOnly: boolean): Promise<{ rows: Notification[]; total: number }> {
      let query = mine();
      if (unreadOnly) query = query.where('read_at', 'is', null);
      const count = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .select(COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { rows: rows.map(toNotification), total: Number(count.total) };
    },

    async unreadCount(): Promise<number> {
      const row = await mine()
        .where('read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The caller's notification (read or not), now read; undefined when it is not theirs. */
    async markRead(unverifiedId: string): Promise<{ notification: Notification; changed: boolean } | undefined> {
      const found = await mine()
        .select(['tenant_id', ...COLUMNS])
        .where('id', '=', unverifiedId)
        .executeTakeFirst();
      if (!found) return undefined;
      if (found.read_at) return { notification: toNotification(found), changed: false };
      const updated = await tx
        .updateTable('notification')
        .set({ read_at: sql<Date>`now()` as never })
        .where('tenant_id', '=', found.tenant_id)
        .where('id', '=', found.id)
        .where('user_id', '=', who.userId)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return { notification: toNotification(updated), changed: true };
    },

    /** Marks those of `unverifiedIds` that are the caller's and unread; answers how many. */
    async markManyRead(unverifiedIds: readonly string[]): Promise<number> {
      let query = tx
        .updateTable('notification')
        .set({ read_at: sql<Date>`now()` as never })
        .where('user_id', '=', who.userId)
        .where('id', 'in', [...unverifiedIds])
        .where('read_at', 'is', null);
      if (who.tenantId) query = query.where('tenant_id', '=', who.tenantId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/**
 * Of `unverifiedUserIds`, those who belong to the tenant (hold a role in it) or are global
 * admins: only they may be sent its notifications. An id that is no user is left out.
 */
export async function membersAmong(tx: Tx, tenantId: string, unverifiedUserIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(unverifiedUserIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('role_assignment')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', ids)
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb.and([eb('tenant_id', 'is', null), eb('role_key', '=', GLOBAL_ADMIN_ROLE)])]))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Users holding any of `roles` in the tenant. */
export async function holdersOfRoles(tx: Tx, tenantId: string, roles: readonly string[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await tx
    .selectFrom('role_assignment as r')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select('r.user_id')
    .distinct()
    .where('r.tenant_id', '=', tenantId)
    .where('r.role_key', 'in', [...roles])
    .where('u.sign_in_enabled', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Users of the tenant whose email is one of `emails` (case-insensitive). */
export async function membersByEmail(tx: Tx, tenantId: string, emails: readonly string[]): Promise<string[]> {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (lower.length === 0) return [];
  const rows = await tx
    .selectFrom('app_user as u')
    .innerJoin('role_assignment as r', 'r.user_id', 'u.id')
    .select('u.id')
    .distinct()
    .where(sql`lower(u.email)`, 'in', lower)
    .where('r.tenant_id', '=', tenantId)
    .execute();
  return rows.map((r) => r.id);
}

/** Users watching the record. */
export async function watchersOf(tx: Tx, tenantId: string, entityId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('entity_watcher')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('entity_id', '=', entityId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Writes one notification per recipient and answers them as the API shows them. */
export async function insertNotifications(
  tx: Tx,
  tenantId: string,
  items: readonly { userId: string; subject: string; path: string | null }[],
): Promise<{ userId: string; notification: Notification }[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insertInto('notification')
    .values(items.map((i) => ({ tenant_id: tenantId, user_id: i.userId, data: JSON.stringify({ subject: i.subject, path: i.path }) })))
    .returning(['user_id', ...COLUMNS])
    .execute();
  return rows.map((r) => ({ userId: r.user_id, notification: toNotification(r) }));
}

/** Of `userIds`, those with an unread notification leading to `path` in the tenant. */
export async function withUnreadAt(tx: Tx, tenantId: string, userIds: readonly string[], path: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .selectFrom('notification')
    .select('user_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', [...userIds])
    .where('read_at', 'is', null)
    .where(sql<string>`data->>'path'`, '=', path)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Marks read the user's unread notifications leading to `path`; answers how many. */
export async function markReadAt(tx: Tx, tenantId: string, userId: string, path: string): Promise<number> {
  const result = await tx
    .updateTable('notification')
    .set({ read_at: sql<Date>`now()` as never })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where(sql<string>`data->>'path'`, '=', path)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
