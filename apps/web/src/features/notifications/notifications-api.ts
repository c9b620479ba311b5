import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BatchReadResponse,
  NOTIFICATION_BATCH_MAX,
  type Notification,
  PAGE_SIZE,
  type PageMeta,
  type UnreadEvent,
} from '@turnout/shared';
import { answer, api } from '../../api/index.ts';
import { useFirstScreenPainted } from '../../app/first-screen.ts';
import { useServerEvent, useServerEventsOpen } from './server-events.ts';

/** Query keys: everything of this feature starts with 'notifications'. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** When the event stream is down, the unread count is polled this often. */
export const UNREAD_POLL_MS = 60_000;

const notificationPage = answer<{ data: Notification[]; meta: PageMeta }>();
const batchRead = answer<BatchReadResponse>();

/** GET /notifications/unread with one item: the unread count is its meta total (spec 01 §3). */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await api.get('/notifications/unread', { query: { per_page: 1 }, signal, schema: notificationPage });
  return page.meta.total;
}

export function fetchNotifications(page: number, signal?: AbortSignal) {
  return api.get('/notifications', { query: { page, per_page: PAGE_SIZE.default }, signal, schema: notificationPage });
}

export function markNotificationRead(id: string) {
  return api.post(`/notifications/${encodeURIComponent(id)}/read`, undefined, { schema: answer<{ data: Notification }>() });
}

/** Every unread notification's id (all pages), then POST /notifications/batch-read in batches. */
export async function markAllRead(): Promise<number> {
  const ids: string[] = [];
  for (let page = 1, last = 1; page <= last; page += 1) {
    const answer = await api.get('/notifications/unread', { query: { page, per_page: PAGE_SIZE.max }, schema: notificationPage });
    ids.push(...answer.data.map((n) => n.id));
    last = answer.meta.last_page;
  }
  let marked = 0;
  for (let i = 0; i < ids.length; i += NOTIFICATION_BATCH_MAX) {
    const answer = await api.post(
      '/notifications/batch-read',
      { notification_ids: ids.slice(i, i + NOTIFICATION_BATCH_MAX) },
      { schema: batchRead },
    );
    marked += answer.data.marked;
  }
  return marked;
}

/**
 * Keeps the notification caches current from the server's pushes: `unread` sets the count,
 * `notification` and `resync` refetch the list.
 */
export function useNotificationPushes(): void {
  const queryClient = useQueryClient();
  // Checked by hand, as the contract's unreadEvent would ({ total: an integer }): the stream
  // sends it as it opens, and its schema would bring zod to every first screen (decision 0039).
  useServerEvent('unread', (data) => {
    const total = (data as Partial<UnreadEvent> | null)?.total;
    if (Number.isInteger(total)) queryClient.setQueryData(notificationKeys.unreadCount, total);
  });
  useServerEvent('notification', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }));
  useServerEvent('resync', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
}

/** The unread count: pushed while the stream is open, polled every 60 s while it is not. */
export function useUnreadCount() {
  const streaming = useServerEventsOpen();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    // The bell's count waits for the first screen (decision 0043).
    enabled: useFirstScreenPainted(),
    refetchInterval: streaming ? false : UNREAD_POLL_MS,
    staleTime: streaming ? Number.POSITIVE_INFINITY : UNREAD_POLL_MS,
  });
}

export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    // Pushes keep it current; a fresh visit still looks again.
    staleTime: 0,
  });
}

/** Marks one read; the list and count update without waiting for the push. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Notification) => markNotificationRead(item.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
