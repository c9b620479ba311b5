import {
  CONVERSATION_EVENTS,
  CONVERSATION_MESSAGES,
  type Conversation,
  type ConversationPerson,
  type CreateConversationBody,
  checkMessageBody,
  type Message,
  type MessagesPage,
  makePageMeta,
  type PageMeta,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { publishOnCommit } from '../../platform/events/bus.ts';
import { invalid, notFound } from '../../platform/http/errors.ts';
import { conversationRead, messageSent } from '../notifications/service.ts';
import { type ConversationRow, conversationRepository, type MessageRow, type Participant } from './repository.ts';

/**
 * Conversations (spec 01 §2.10, §7; docs/decisions/0025-conversations.md). No permission grants
 * them: every member of a tenant may converse with the others, and only a conversation's
 * participants read or write it — anyone else, a global admin included, gets 404, as for an id
 * that does not exist. A session acting in no tenant gets 403 'Tenant must be selected first'.
 */
function participantOf(auth: AuthContext): Participant {
  return { tenantId: actingTenant(auth), userId: auth.userId };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Where a conversation's notifications lead. */
const pathOf = (conversationId: string) => `/conversations/${conversationId}`;

/** Bodies up to this many bytes travel in the pushed event; longer ones are fetched (NOTIFY's 8000-byte limit). */
const EVENT_BODY_MAX_BYTES = 3_000;

function toConversation(row: ConversationRow, people: ConversationPerson[], me: string): Conversation {
  const names = new Map(people.map((p) => [p.id, p.name]));
  return {
    id: row.id,
    name: row.name,
    second_party: people.find((p) => p.id !== me) ?? null,
    participants: people,
    updated_at: row.updated_at.toISOString(),
    unread_count: Number(row.unread_count),
    last_message: row.last_id
      ? {
          id: row.last_id,
          excerpt: row.last_excerpt ?? '',
          created_at: (row.last_created_at as Date).toISOString(),
          is_sender: row.last_sender_id === me,
          sender_name: row.last_sender_id ? (names.get(row.last_sender_id) ?? null) : null,
        }
      : null,
  };
}

function toMessage(row: MessageRow, people: ConversationPerson[], me: string): Message {
  const sender = people.find((p) => p.id === row.sender_id) ?? null;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    body: row.body,
    created_at: row.created_at.toISOString(),
    is_sender: row.sender_id === me,
    sender,
  };
}

/** GET /conversations: the caller's conversations, newest first, paged. */
export async function listConversations(
  db: Kysely<DB>,
  auth: AuthContext,
  page: number,
  perPage: number,
): Promise<{ data: Conversation[]; meta: PageMeta & { unread_total: number } }> {
  const who = participantOf(auth);
  return withContext(db, dbContext(auth), async (tx) => {
    const repository = conversationRepository(tx, who);
    const { rows, total } = await repository.list(page, perPage);
    const people = await repository.participantsOf(rows.map((r) => r.id));
    const data = rows.map((row) => toConversation(row, people.get(row.id) ?? [], who.userId));
    return { data, meta: { ...makePageMeta(page, perPage, total, rows.length), unread_total: await repository.unreadTotal() } };
  });
}

/** The caller's conversation or 404 (not theirs, another tenant's, no such id). */
async function ownConversation(tx: Tx, who: Participant, unverifiedId: string): Promise<ConversationRow> {
  if (!isUuid(unverifiedId)) throw notFound();
  const row = await conversationRepository(tx, who).findOwn(unverifiedId);
  if (!row) throw notFound();
  return row;
}

/**
 * GET /conversations/{id}/messages: newest first, `perPage` at a time; `before` (a message id)
 * pages backwards. Reading the newest page marks the conversation read for the caller (their
 * other tabs hear 'conversation_read').
 */
export async function listMessages(
  db: Kysely<DB>,
  auth: AuthContext,
  unverifiedId: string,
  query: { before?: string; per_page: number },
): Promise<MessagesPage> {
  const who = participantOf(auth);
  return withContext(db, dbContext(auth), async (tx) => {
    const conversation = await ownConversation(tx, who, unverifiedId);
    const repository = conversationRepository(tx, who);
    let beforeSeq: string | null = null;
    if (query.before !== undefined) {
      const seq = isUuid(query.before) ? await repository.seqOf(conversation.id, query.before) : undefined;
      if (seq === undefined) throw invalid({ before: ['The selected before is invalid.'] });
      beforeSeq = seq;
    }
    const rows = await repository.messages(conversation.id, beforeSeq, query.per_page + 1);
    const page = rows.slice(0, query.per_page);
    const newest = page[0];
    if (beforeSeq === null && newest && (await repository.markRead(conversation.id, newest.seq))) {
      await publishOnCommit(tx, who.userId, {
        type: CONVERSATION_EVENTS.conversationRead,
        tenant_id: who.tenantId,
        conversation_id: conversation.id,
      });
    }
    if (beforeSeq === null) await conversationRead(tx, { tenantId: who.tenantId, userId: who.userId, path: pathOf(conversation.id) });
    const people = (await repository.participantsOf([conversation.id])).get(conversation.id) ?? [];
    return {
      data: page.map((row) => toMessage(row, people, who.userId)),
      meta: { per_page: query.per_page, has_more: rows.length > query.per_page },
    };
  });
}

/**
 * POST /conversations/{id}/messages: 404 unless the caller takes part, 422 when the body is
 * empty or too long. Every participant's stream hears `message` once the message is saved.
 */
export async function sendMessage(db: Kysely<DB>, auth: AuthContext, unverifiedId: string, rawBody: unknown): Promise<Message> {
  const who = participantOf(auth);
  return withContext(db, dbContext(auth), async (tx) => {
    const conversation = await ownConversation(tx, who, unverifiedId);
    const checked = checkMessageBody(rawBody);
    if ('error' in checked) throw invalid({ 'message.body': [checked.error] });
    const repository = conversationRepository(tx, who);
    const row = await repository.insertMessage(conversation.id, checked.body);
    const people = (await repository.participantsOf([conversation.id])).get(conversation.id) ?? [];
    const fits = Buffer.byteLength(row.body) <= EVENT_BODY_MAX_BYTES;
    for (const person of people) {
      await publishOnCommit(tx, person.id, {
        type: CONVERSATION_EVENTS.message,
        tenant_id: who.tenantId,
        conversation_id: conversation.id,
        message: fits ? toMessage(row, people, person.id) : null,
      });
    }
    await messageSent(tx, {
      tenantId: who.tenantId,
      path: pathOf(conversation.id),
      senderName: people.find((p) => p.id === who.userId)?.name ?? auth.displayName,
      conversationName: conversation.name,
      recipients: people.filter((p) => p.id !== who.userId).map((p) => p.id),
    });
    return toMessage(row, people, who.userId);
  });
}

/**
 * POST /conversations/: a conversation of the caller and `participants` (user ids of members
 * of the acting tenant; the caller is added, never a stranger). An unnamed conversation with
 * one other person is the one they already have, if any (`created` false).
 */
export async function createConversation(
  db: Kysely<DB>,
  auth: AuthContext,
  body: CreateConversationBody,
): Promise<{ conversation: Conversation; created: boolean }> {
  const who = participantOf(auth);
  const others = [...new Set(body.participants)].filter((id) => id !== who.userId);
  const name = body.name?.trim() || null;
  return withContext(db, dbContext(auth), async (tx) => {
    const repository = conversationRepository(tx, who);
    const members = await repository.membersAmong(others);
    if (others.length === 0 || members.size !== others.length) {
      throw invalid({
        participants: [others.length === 0 ? CONVERSATION_MESSAGES.participantsRequired : CONVERSATION_MESSAGES.participantsInvalid],
      });
    }
    const existing = name === null && others.length === 1 ? await repository.findPair(others[0] as string) : undefined;
    const id = existing ?? (await repository.create(name, others));
    const row = await repository.findOwn(id);
    const people = (await repository.participantsOf([id])).get(id) ?? [];
    return { conversation: toConversation(row as ConversationRow, people, who.userId), created: existing === undefined };
  });
}

/** GET /conversations/members: who the caller can start a conversation with, by name. */
export async function listMembers(
  db: Kysely<DB>,
  auth: AuthContext,
  search: string,
  page: number,
  perPage: number,
): Promise<{ data: ConversationPerson[]; meta: PageMeta }> {
  const who = participantOf(auth);
  const { rows, total } = await withContext(db, dbContext(auth), (tx) =>
    conversationRepository(tx, who).members(search.trim(), page, perPage),
  );
  return { data: rows, meta: makePageMeta(page, perPage, total, rows.length) };
}
