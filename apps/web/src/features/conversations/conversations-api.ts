import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_EVENTS,
  type Conversation,
  type ConversationPerson,
  type Message,
  type MessageEvent,
  type MessagesPage,
  PAGE_SIZE,
  type PageMeta,
  POLLING_MS,
} from '@turnout/shared';
import { answer, api } from '../../api/index.ts';
import { useFirstScreenPainted } from '../../app/first-screen.ts';
import { useServerEvent, useServerEventsOpen } from '../notifications/server-events.ts';
import { mergeNewest } from './merge-messages.ts';

/** Query keys: everything of this feature starts with 'conversations'. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
};

const conversationList = answer<{ data: Conversation[]; meta: PageMeta & { unread_total: number } }>();
const memberPage = answer<{ data: ConversationPerson[]; meta: PageMeta }>();
const created = answer<{ data: Conversation }>();
const sent = answer<{ data: Message }>();

/** A pushed message event, checked (its schema loads with the first event), or null. */
async function messageEventOf(data: unknown): Promise<MessageEvent | null> {
  const { messageEvent } = await import('../notifications/server-event-checks.ts');
  const event = messageEvent.safeParse(data);
  return event.success ? event.data : null;
}

/** Messages shown per page of a conversation. */
export const MESSAGES_PER_PAGE = 30;

/**
 * Conversation calls swallow their errors (spec 01 §8): the screen shows its own state and the
 * error goes to the console, never a toast (creation's failure is the one toast).
 */
export function logConversationError(action: string, error: unknown): void {
  console.error(`Conversations: ${action} failed`, error);
}

/** Polls every 5 s (spec 01 §4) only while the event stream is down. */
function usePollWhenStreamDown(): number | false {
  return useServerEventsOpen() ? false : POLLING_MS.conversationMessages;
}

/** While the stream is down, the Messages badge polls its count as the bell does (every 60 s). */
const BADGE_POLL_MS = 60_000;

/** GET /conversations: the user's conversations, newest first (one page of 240). */
export function useConversationList(enabled = true, pollMs: number = POLLING_MS.conversationMessages) {
  const poll = useServerEventsOpen() ? false : pollMs;
  return useQuery({
    queryKey: conversationKeys.list,
    queryFn: ({ signal }) => api.get('/conversations', { query: { per_page: PAGE_SIZE.max }, signal, schema: conversationList }),
    enabled,
    refetchInterval: poll,
  });
}

/** GET /conversations/members: members to start a conversation with, whose name contains `search`. */
export function fetchMembers(search: string, signal?: AbortSignal) {
  return api.get('/conversations/members', { query: search ? { search } : {}, signal, schema: memberPage });
}

/** POST /conversations/: the conversation (an existing one for the same person, unnamed). */
export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { participants: string[]; name?: string }) => api.post('/conversations', body, { schema: created }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.list }),
  });
}

const fetchPage = (id: string, before: string | undefined, signal?: AbortSignal) =>
  api.get(`/conversations/${encodeURIComponent(id)}/messages`, {
    query: before ? { before, per_page: MESSAGES_PER_PAGE } : { per_page: MESSAGES_PER_PAGE },
    signal,
    schema: answer<MessagesPage>(),
  });

type Pages = InfiniteData<MessagesPage, string | undefined>;

/**
 * The messages of a conversation, newest page first; fetchNextPage loads older ones. Reading
 * the newest page marks it read. New messages arrive pushed (or polled every 5 s while the
 * stream is down) and join the newest page.
 */
export function useConversationMessages(id: string) {
  const client = useQueryClient();
  const key = conversationKeys.messages(id);
  const poll = usePollWhenStreamDown();
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? last.data[last.data.length - 1]?.id : undefined),
    // Older pages never change; only the newest is fetched again (below).
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const addToNewest = (messages: Message[]) => {
    client.setQueryData<Pages>(key, (old) => (old ? { ...old, pages: mergeNewest(old.pages, messages) } : old));
  };
  /** Fetches the newest page (which marks the conversation read) and merges it in. */
  const refreshNewest = async () => {
    try {
      addToNewest((await fetchPage(id, undefined)).data);
      await client.invalidateQueries({ queryKey: conversationKeys.list });
    } catch (error) {
      logConversationError('refreshing messages', error);
    }
  };

  useQuery({
    queryKey: [...key, 'poll'],
    queryFn: async () => {
      await refreshNewest();
      return Date.now();
    },
    enabled: poll !== false && query.isSuccess,
    refetchInterval: poll,
  });

  useServerEvent(CONVERSATION_EVENTS.message, (data) => {
    void messageEventOf(data).then((event) => {
      if (event?.conversation_id !== id) return;
      if (event.message) addToNewest([event.message]);
      // Fetching the newest page marks what arrived read, and brings a body too large for the event.
      void refreshNewest();
    });
  });
  useServerEvent('resync', () => void refreshNewest());

  return { ...query, addToNewest };
}

/** POST /conversations/{id}/messages. */
export function sendMessage(id: string, body: string) {
  return api.post(`/conversations/${encodeURIComponent(id)}/messages`, { message: { body } }, { schema: sent });
}

/** The user's unread messages over all conversations (the Messages entry's badge). */
export function useUnreadMessages(enabled: boolean): number {
  // The badge waits for the first screen (decision 0043).
  const list = useConversationList(useFirstScreenPainted() && enabled, BADGE_POLL_MS);
  return list.data?.meta.unread_total ?? 0;
}

/** Keeps the conversation list current: pushed messages and reads in other tabs refetch it. */
export function useConversationPushes(onMessage?: (event: { conversation_id: string; message: Message | null }) => void) {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: conversationKeys.list });
  useServerEvent(CONVERSATION_EVENTS.message, (data) => {
    refetch();
    void messageEventOf(data).then((event) => event && onMessage?.(event));
  });
  useServerEvent(CONVERSATION_EVENTS.conversationRead, refetch);
  useServerEvent('resync', refetch);
}

export type { Conversation };
