import { z } from 'zod';

/** The longest message body the API keeps (docs/decisions/0025-conversations.md). */
export const MESSAGE_BODY_MAX = 5_000;
/** The longest conversation name. */
export const CONVERSATION_NAME_MAX = 255;
/** The most other people one conversation can be started with. */
export const CONVERSATION_PARTICIPANTS_MAX = 50;
/** Characters of the last message shown in the list. */
export const MESSAGE_EXCERPT_LENGTH = 120;

export const CONVERSATION_MESSAGES = {
  bodyRequired: 'The message body field is required.',
  bodyTooLong: `The message body may not be greater than ${MESSAGE_BODY_MAX} characters.`,
  participantsRequired: 'The participants field is required.',
  participantsTooMany: `The participants may not have more than ${CONVERSATION_PARTICIPANTS_MAX} items.`,
  participantsInvalid: 'The selected participants are invalid.',
  nameTooLong: `The name may not be greater than ${CONVERSATION_NAME_MAX} characters.`,
} as const;

/** A person in a conversation: the user's id and the name their department knows them by. */
export const conversationPerson = z.object({ id: z.string(), name: z.string() });
export type ConversationPerson = z.infer<typeof conversationPerson>;

/** A message (spec 01 §3): is_sender says whether the caller wrote it. */
export const message = z.object({
  id: z.string(),
  conversation_id: z.string(),
  body: z.string(),
  created_at: z.string(),
  is_sender: z.boolean(),
  sender: conversationPerson.nullable(),
});
export type Message = z.infer<typeof message>;

/**
 * A conversation (spec 01 §3): name, the second party (the first other participant), the
 * participants, updated_at (the last message's time), the caller's unread count and the last
 * message's excerpt.
 */
export const conversation = z.object({
  id: z.string(),
  name: z.string().nullable(),
  second_party: conversationPerson.nullable(),
  participants: z.array(conversationPerson),
  updated_at: z.string(),
  unread_count: z.number().int(),
  last_message: z
    .object({ id: z.string(), excerpt: z.string(), created_at: z.string(), is_sender: z.boolean(), sender_name: z.string().nullable() })
    .nullable(),
});
export type Conversation = z.infer<typeof conversation>;

/** POST /conversations/: the other participants (user ids of the tenant's members), optionally a name. */
export const createConversationBody = z.object({
  participants: z
    .array(z.string().max(100), CONVERSATION_MESSAGES.participantsRequired)
    .min(1, CONVERSATION_MESSAGES.participantsRequired)
    .max(CONVERSATION_PARTICIPANTS_MAX, CONVERSATION_MESSAGES.participantsTooMany),
  name: z.string().max(CONVERSATION_NAME_MAX, CONVERSATION_MESSAGES.nameTooLong).nullish(),
});
export type CreateConversationBody = z.infer<typeof createConversationBody>;

/** POST /conversations/{id}/messages: { message: { body } }; the body is checked by the service (422 per field). */
export const sendMessageBody = z.object({
  message: z.object({ body: z.unknown().optional() }, CONVERSATION_MESSAGES.bodyRequired),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/**
 * The body as kept: surrounding blank lines and spaces trimmed. Answers the message of the
 * rule it breaks, or the text.
 */
export function checkMessageBody(raw: unknown): { body: string } | { error: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { error: CONVERSATION_MESSAGES.bodyRequired };
  const body = raw.trim();
  if ([...body].length > MESSAGE_BODY_MAX) return { error: CONVERSATION_MESSAGES.bodyTooLong };
  return { body };
}

/** GET /conversations/{id}/messages: newest first; `before` (a message id) pages backwards from it. */
export const messagesQuery = z.object({
  before: z.string().max(100).optional(),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'The per page must be at least 1.')
    .max(100, 'The per page may not be greater than 100.')
    .default(30),
});

export const messagesPage = z.object({
  data: z.array(message),
  meta: z.object({ per_page: z.number().int(), has_more: z.boolean() }),
});
export type MessagesPage = z.infer<typeof messagesPage>;

/** GET /conversations/members: members of the acting tenant the caller can start a conversation with. */
export const membersQuery = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

/** The data of the `message` Server-Sent Event: the message when it fits in an event, else null (fetch it). */
export const messageEvent = z.object({ conversation_id: z.string(), message: message.nullable() });
export type MessageEvent = z.infer<typeof messageEvent>;
