import { makePageMeta, type Notification, type PageMeta } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { publishOnCommit } from '../../platform/events/bus.ts';
import { notFound } from '../../platform/http/errors.ts';
import { notificationRepository, type Recipient } from './repository.ts';

export { conversationRead, messageSent, type RecordChange, recordChanged, taskAssigned } from './triggers.ts';

/**
 * Notifications are personal: no permission grants them, each user reads and marks only their
 * own, of the tenant they act in (every tenant at global level). Without an acting tenant a
 * non-global user gets 403 'Tenant must be selected first'.
 */
function recipientOf(auth: AuthContext): Recipient {
  return { userId: auth.userId, tenantId: auth.isGlobal ? null : actingTenant(auth) };
}

/** GET /notifications and /notifications/unread: newest first, paged. */
export async function listNotifications(
  db: Kysely<DB>,
  auth: AuthContext,
  page: number,
  perPage: number,
  unreadOnly: boolean,
): Promise<{ data: Notification[]; meta: PageMeta }> {
  const who = recipientOf(auth);
  const { rows, total } = await withContext(db, dbContext(auth), (tx) => notificationRepository(tx, who).list(page, perPage, unreadOnly));
  return { data: rows, meta: makePageMeta(page, perPage, total, rows.length) };
}

/** The unread count the bell shows (the meta total of the unread list). */
export async function unreadCount(db: Kysely<DB>, auth: AuthContext): Promise<number> {
  const who = recipientOf(auth);
  return withContext(db, dbContext(auth), (tx) => notificationRepository(tx, who).unreadCount());
}

/** Other tabs and devices of the user update their count when this one marks something read. */
const unreadChanged = (tenantId: string | null) => ({ type: 'unread', tenant_id: tenantId });

/** POST /notifications/{id}/read: 404 unless it is the caller's. Marking twice changes nothing. */
export async function markRead(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<Notification> {
  const who = recipientOf(auth);
  if (!/^[0-9a-f-]{36}$/i.test(unverifiedId)) throw notFound();
  return withContext(db, dbContext(auth), async (tx) => {
    const result = await notificationRepository(tx, who).markRead(unverifiedId);
    if (!result) throw notFound();
    if (result.changed) await publishOnCommit(tx, auth.userId, unreadChanged(who.tenantId));
    return result.notification;
  });
}

/**
 * POST /notifications/batch-read: marks those of the ids that are the caller's; ids of other
 * users, other tenants or none at all are ignored (the answer's `marked` counts what changed).
 */
export async function batchRead(db: Kysely<DB>, auth: AuthContext, unverifiedIds: readonly string[]) {
  const who = recipientOf(auth);
  return withContext(db, dbContext(auth), async (tx) => {
    const repository = notificationRepository(tx, who);
    const marked = await repository.markManyRead(unverifiedIds);
    if (marked > 0) await publishOnCommit(tx, auth.userId, unreadChanged(who.tenantId));
    return { marked, unread: await repository.unreadCount() };
  });
}
