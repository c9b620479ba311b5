import { type ConversationPerson, MESSAGE_EXCERPT_LENGTH } from '@turnout/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';

/** Whose conversations: one user in the tenant they act in. */
export interface Participant {
  tenantId: string;
  userId: string;
}

export interface ConversationRow {
  id: string;
  name: string | null;
  updated_at: Date;
  last_read_seq: string;
  unread_count: string | number;
  last_id: string | null;
  last_excerpt: string | null;
  last_created_at: Date | null;
  last_sender_id: string | null;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  seq: string;
  sender_id: string | null;
  body: string;
  created_at: Date;
}

const MESSAGE_COLUMNS = ['id', 'conversation_id', 'seq', 'sender_id', 'body', 'created_at'] as const;

/** The name a department knows a user by: their personnel record's, else their account's. */
const nameOf = sql<string>`coalesce(pe.display_name, u.display_name)`;

/** SQL for conversations and messages, on a transaction that carries the tenant (RLS applies). */
export function conversationRepository(tx: Tx, who: Participant) {
  const { tenantId, userId } = who;
  /** The caller's conversations (or the one with `onlyId`), newest first, with the unread count and the last message. */
  const summaries = async (onlyId: string | null, limit: number, offset: number) => {
    const result = await sql<ConversationRow>`
      SELECT c.id, c.name, c.updated_at, p.last_read_seq,
        (SELECT count(*) FROM message m
          WHERE m.tenant_id = p.tenant_id AND m.conversation_id = p.conversation_id
            AND m.seq > p.last_read_seq AND m.sender_id IS DISTINCT FROM p.user_id) AS unread_count,
        l.id AS last_id, left(l.body, ${MESSAGE_EXCERPT_LENGTH}) AS last_excerpt,
        l.created_at AS last_created_at, l.sender_id AS last_sender_id
      FROM conversation_participant p
      JOIN conversation c ON c.tenant_id = p.tenant_id AND c.id = p.conversation_id
      LEFT JOIN LATERAL (
        SELECT m.id, m.body, m.created_at, m.sender_id FROM message m
        WHERE m.tenant_id = p.tenant_id AND m.conversation_id = p.conversation_id
        ORDER BY m.seq DESC LIMIT 1
      ) l ON true
      WHERE p.tenant_id = ${tenantId} AND p.user_id = ${userId}
        ${onlyId === null ? sql`` : sql`AND p.conversation_id = ${onlyId}`}
      ORDER BY c.updated_at DESC, c.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(tx);
    return result.rows;
  };
  /** Users who hold a role in the tenant and may sign in, other than the caller: who can be in a conversation with them. */
  const otherMembers = () =>
    tx
      .selectFrom('app_user as u')
      .leftJoin('personnel as pe', (join) => join.on('pe.tenant_id', '=', tenantId).onRef('pe.user_id', '=', 'u.id'))
      .where('u.sign_in_enabled', '=', true)
      .where('u.id', '!=', userId)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('role_assignment as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.tenant_id', '=', tenantId),
        ),
      );
  return {
    /** The caller's conversations, newest first, with the unread count and the last message. */
    async list(page: number, perPage: number): Promise<{ rows: ConversationRow[]; total: number }> {
      const count = await tx
        .selectFrom('conversation_participant')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows: await summaries(null, perPage, (page - 1) * perPage), total: Number(count.total) };
    },

    /** The caller's total unread messages over all their conversations. */
    async unreadTotal(): Promise<number> {
      const result = await sql<{ total: string }>`
        SELECT count(*) AS total FROM conversation_participant p
        JOIN message m ON m.tenant_id = p.tenant_id AND m.conversation_id = p.conversation_id
        WHERE p.tenant_id = ${tenantId} AND p.user_id = ${userId}
          AND m.seq > p.last_read_seq AND m.sender_id IS DISTINCT FROM p.user_id`.execute(tx);
      return Number(result.rows[0]?.total ?? 0);
    },

    /** One of the caller's conversations (as list() shows it); undefined when they are not in it. */
    async findOwn(unverifiedId: string): Promise<ConversationRow | undefined> {
      return (await summaries(unverifiedId, 1, 0))[0];
    },

    /** The participants of conversations, each list in the order they joined. */
    async participantsOf(conversationIds: readonly string[]): Promise<Map<string, ConversationPerson[]>> {
      const byConversation = new Map<string, ConversationPerson[]>();
      if (conversationIds.length === 0) return byConversation;
      const rows = await tx
        .selectFrom('conversation_participant as cp')
        .innerJoin('app_user as u', 'u.id', 'cp.user_id')
        .leftJoin('personnel as pe', (join) => join.onRef('pe.tenant_id', '=', 'cp.tenant_id').onRef('pe.user_id', '=', 'cp.user_id'))
        .select(['cp.conversation_id', 'u.id', nameOf.as('name')])
        .where('cp.tenant_id', '=', tenantId)
        .where('cp.conversation_id', 'in', [...conversationIds])
        .orderBy('cp.joined_at')
        .orderBy('u.id')
        .execute();
      for (const row of rows) {
        const list = byConversation.get(row.conversation_id) ?? [];
        list.push({ id: row.id, name: row.name });
        byConversation.set(row.conversation_id, list);
      }
      return byConversation;
    },

    /** Up to `limit` messages before `beforeSeq` (or the newest), newest first. */
    async messages(conversationId: string, beforeSeq: string | null, limit: number): Promise<MessageRow[]> {
      let query = tx
        .selectFrom('message')
        .select(MESSAGE_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where('conversation_id', '=', conversationId);
      if (beforeSeq !== null) query = query.where('seq', '<', beforeSeq as never);
      return query.orderBy('seq', 'desc').limit(limit).execute();
    },

    /** The position of a message of the conversation, to page back from it. */
    async seqOf(conversationId: string, unverifiedMessageId: string): Promise<string | undefined> {
      const row = await tx
        .selectFrom('message')
        .select('seq')
        .where('tenant_id', '=', tenantId)
        .where('conversation_id', '=', conversationId)
        .where('id', '=', unverifiedMessageId)
        .executeTakeFirst();
      return row?.seq;
    },

    /** Marks read every message of the conversation up to `seq`; answers whether anything changed. */
    async markRead(conversationId: string, seq: string): Promise<boolean> {
      const result = await tx
        .updateTable('conversation_participant')
        .set({ last_read_seq: seq })
        .where('tenant_id', '=', tenantId)
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .where('last_read_seq', '<', seq as never)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Writes the caller's message, moves the conversation to the top and counts it read by its sender. */
    async insertMessage(conversationId: string, body: string): Promise<MessageRow> {
      const row = await tx
        .insertInto('message')
        .values({ tenant_id: tenantId, conversation_id: conversationId, sender_id: userId, body })
        .returning(MESSAGE_COLUMNS)
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('conversation')
        .set({ updated_at: row.created_at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', conversationId)
        .execute();
      await this.markRead(conversationId, row.seq);
      return row;
    },

    /** A new conversation of the caller and `others` (already checked to be members). */
    async create(name: string | null, others: readonly string[]): Promise<string> {
      const { id } = await tx
        .insertInto('conversation')
        .values({ tenant_id: tenantId, name, created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The creator joins first, so the second party of everyone else is the creator.
      await tx.insertInto('conversation_participant').values({ tenant_id: tenantId, conversation_id: id, user_id: userId }).execute();
      await tx
        .insertInto('conversation_participant')
        .values(
          others.map((user_id) => ({
            tenant_id: tenantId,
            conversation_id: id,
            user_id,
            joined_at: sql<Date>`now() + interval '1 microsecond'` as never,
          })),
        )
        .execute();
      return id;
    },

    /** The caller's unnamed conversation with exactly `other` and nobody else, if there is one. */
    async findPair(other: string): Promise<string | undefined> {
      const result = await sql<{ id: string }>`
        SELECT c.id FROM conversation c
        JOIN conversation_participant me ON me.tenant_id = c.tenant_id AND me.conversation_id = c.id AND me.user_id = ${userId}
        JOIN conversation_participant them ON them.tenant_id = c.tenant_id AND them.conversation_id = c.id AND them.user_id = ${other}
        WHERE c.tenant_id = ${tenantId} AND c.name IS NULL
          AND (SELECT count(*) FROM conversation_participant a WHERE a.tenant_id = c.tenant_id AND a.conversation_id = c.id) = 2
        ORDER BY c.updated_at DESC LIMIT 1`.execute(tx);
      return result.rows[0]?.id;
    },

    /** Of `unverifiedUserIds`, those who are members of the tenant other than the caller. */
    async membersAmong(unverifiedUserIds: readonly string[]): Promise<Set<string>> {
      const ids = [...new Set(unverifiedUserIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (ids.length === 0) return new Set();
      const rows = await otherMembers().where('u.id', 'in', ids).select('u.id').execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Members of the tenant other than the caller, by name, optionally those whose name contains `search`. */
    async members(search: string, page: number, perPage: number): Promise<{ rows: ConversationPerson[]; total: number }> {
      let query = otherMembers();
      if (search) query = query.where(sql<boolean>`${nameOf} ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const count = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .select(['u.id', nameOf.as('name')])
        .orderBy(nameOf)
        .orderBy('u.id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { rows, total: Number(count.total) };
    },
  };
}
