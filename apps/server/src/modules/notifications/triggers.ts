import { ALL_ROLES, type EntityType } from '@turnout/shared';
import type { Selectable } from 'kysely';
import type { EntityTable } from '../../platform/db/schema.ts';
import type { Tx } from '../../platform/db/tenancy.ts';
import { publishOnCommit, publishRecordsChanged } from '../../platform/events/bus.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { holdersOfRoles, insertNotifications, markReadAt, membersAmong, membersByEmail, watchersOf, withUnreadAt } from './repository.ts';

type RecordRow = Selectable<EntityTable>;

/** Who made a change; null for the system (the daily action check). */
export interface Actor {
  userId: string;
  displayName: string;
}

/** A change to a record, as the records module saw it inside its transaction. */
export interface RecordChange {
  actor: Actor | null;
  type: EntityType;
  /** The record before the change; null when it was just created. */
  before: RecordRow | null;
  after: RecordRow;
  /** Set when the change approved or rejected pending changes. */
  decision?: 'approved' | 'rejected';
  /** Mail the change's actions send (after commit). */
  mails?: readonly Mail[];
  /** The record's watchers, when the save read them already (saveVersioned); else read here. */
  watchers?: readonly string[];
}

/** Kinds in the order they win: a person told something specific is not also told 'updated'. */
type Kind = 'assigned' | 'approval_requested' | 'approval_decided' | 'emailed' | 'updated';

interface Outgoing {
  userId: string;
  kind: Kind;
  subject: string;
}

const SUBJECT_MAX = 500;
const ASSIGNEE_COLUMNS = ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'] as const;

const assigneesOf = (row: RecordRow | null): Set<string> =>
  new Set(row ? ASSIGNEE_COLUMNS.map((c) => row[c]).filter((v): v is string => typeof v === 'string') : []);

const labelOf = (type: EntityType, property: string) =>
  type.fields.find((f) => f.field_data.property === property)?.field_data.title || property;

const listOf = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

function approverRolesOf(type: EntityType, property: string): string[] {
  const roles = type.fields.find((f) => f.field_data.property === property)?.field_data.params?.approverRoles;
  return Array.isArray(roles) ? roles.map(String) : [];
}

type PendingMap = Record<string, { by?: string } | undefined>;
const pendingOf = (row: RecordRow | null): PendingMap => (row?.data_requiring_approval ?? {}) as PendingMap;

/**
 * Creates the notifications a change to a record calls for (spec 01 §2.10) and publishes
 * them when the transaction commits (nothing if it rolls back):
 * - watchers, but not the person who saved: '{user} updated {record}' or '… deleted …';
 * - a task's new assignees, unless they assigned themselves: 'You were assigned {record}';
 * - holders of a field's approverRoles when a change to it waits for approval;
 * - whoever requested a change, when it is approved or rejected;
 * - users of the tenant an action's email effect writes to.
 */
export async function recordChanged(tx: Tx, change: RecordChange): Promise<void> {
  const { actor, type, before, after } = change;
  const tenantId = after.tenant_id;
  await publishRecordsChanged(tx, tenantId, type.name);
  const name = after.display_name || type.label;
  const who = actor?.displayName ?? 'The system';
  const out: Outgoing[] = [];
  const add = (userIds: Iterable<string>, kind: Kind, subject: string) => {
    for (const userId of userIds) if (userId !== actor?.userId || kind === 'emailed') out.push({ userId, kind, subject });
  };

  if (type.is_task) {
    const had = assigneesOf(before);
    const added = [...assigneesOf(after)].filter((id) => !had.has(id));
    add(await membersAmong(tx, tenantId, added), 'assigned', `You were assigned ${name}`);
  }

  const was = pendingOf(before);
  const now = pendingOf(after);
  const requested = Object.keys(now).filter((p) => JSON.stringify(now[p]) !== JSON.stringify(was[p]));
  if (requested.length > 0) {
    const roles = [...new Set(requested.flatMap((p) => approverRolesOf(type, p)))].filter((r) => r !== ALL_ROLES);
    const labels = listOf(requested.map((p) => labelOf(type, p)));
    add(await holdersOfRoles(tx, tenantId, roles), 'approval_requested', `${who} requested approval of ${labels} on ${name}`);
  }

  if (change.decision) {
    const byRequester = new Map<string, string[]>();
    for (const property of Object.keys(was)) {
      const requester = was[property]?.by;
      if (now[property] !== undefined || !requester) continue;
      byRequester.set(requester, [...(byRequester.get(requester) ?? []), labelOf(type, property)]);
    }
    const members = await membersAmong(tx, tenantId, byRequester.keys());
    for (const [requester, labels] of byRequester) {
      if (members.has(requester))
        add([requester], 'approval_decided', `${who} ${change.decision} your change to ${listOf(labels)} on ${name}`);
    }
  }

  for (const mail of change.mails ?? []) {
    add(await membersByEmail(tx, tenantId, [mail.to]), 'emailed', `You were emailed about ${name}: ${mail.subject}`);
  }

  const deleted = after.deleted_at !== null && !before?.deleted_at;
  if (before && (deleted || after.version > before.version)) {
    add(change.watchers ?? (await watchersOf(tx, tenantId, after.id)), 'updated', `${who} ${deleted ? 'deleted' : 'updated'} ${name}`);
  }

  await send(tx, tenantId, after.uri ?? `/entity/${type.name}/${after.id}`, out);
}

/** Tasks made by a transition (generated tasks): their assignees hear 'You were assigned …'. */
export async function taskAssigned(
  tx: Tx,
  task: { tenantId: string; uri: string; displayName: string; assignee: string | null },
  actorUserId: string | null,
): Promise<void> {
  if (!task.assignee || task.assignee === actorUserId) return;
  const members = await membersAmong(tx, task.tenantId, [task.assignee]);
  await send(
    tx,
    task.tenantId,
    task.uri,
    [...members].map((userId) => ({ userId, kind: 'assigned' as const, subject: `You were assigned ${task.displayName}` })),
  );
}

async function send(tx: Tx, tenantId: string, path: string, out: Outgoing[]): Promise<void> {
  const specific = new Set(out.filter((o) => o.kind !== 'updated').map((o) => o.userId));
  const seen = new Set<string>();
  const items = [];
  for (const o of out) {
    const key = `${o.userId} ${o.subject}`;
    if ((o.kind === 'updated' && specific.has(o.userId)) || seen.has(key)) continue;
    seen.add(key);
    items.push({ userId: o.userId, subject: o.subject.slice(0, SUBJECT_MAX), path });
  }
  for (const { userId, notification } of await insertNotifications(tx, tenantId, items)) {
    await publishOnCommit(tx, userId, { type: 'notification', tenant_id: tenantId, notification });
  }
}

/**
 * A message in a conversation (modules/conversations): each recipient hears '{sender} sent you
 * a message' once, until they read the conversation (then `conversationRead` marks it read), so
 * a busy conversation never buries the bell's other notifications.
 */
export async function messageSent(
  tx: Tx,
  message: { tenantId: string; path: string; senderName: string; conversationName: string | null; recipients: readonly string[] },
): Promise<void> {
  const told = await withUnreadAt(tx, message.tenantId, message.recipients, message.path);
  const where = message.conversationName ? ` in ${message.conversationName}` : '';
  const subject = `${message.senderName} sent you a message${where}`.slice(0, SUBJECT_MAX);
  const items = message.recipients.filter((userId) => !told.has(userId)).map((userId) => ({ userId, subject, path: message.path }));
  for (const { userId, notification } of await insertNotifications(tx, message.tenantId, items)) {
    await publishOnCommit(tx, userId, { type: 'notification', tenant_id: message.tenantId, notification });
  }
}

/** The user read a conversation: its message notification is read too (their bell counts down). */
export async function conversationRead(tx: Tx, reader: { tenantId: string; userId: string; path: string }): Promise<void> {
  if ((await markReadAt(tx, reader.tenantId, reader.userId, reader.path)) > 0) {
    await publishOnCommit(tx, reader.userId, { type: 'unread', tenant_id: reader.tenantId });
  }
}
