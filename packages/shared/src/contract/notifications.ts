import { z } from 'zod';
import { NOTIFICATION_BATCH_MAX } from '../constants.ts';

/** A notification (spec 01 §3): what happened (data.subject) and where to look (data.path). */
export const notification = z.object({
  id: z.string(),
  data: z.object({ subject: z.string(), path: z.string().nullable() }),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** The answer of POST /notifications/{id}/read. */
export const notificationResponse = z.object({ data: notification });

/** POST /notifications/batch-read: ids that are not the caller's are left alone. */
export const batchReadBody = z.object({
  notification_ids: z
    .array(z.uuid('Each notification id must be a UUID.'), 'The notification ids field is required.')
    .min(1, 'The notification ids field is required.')
    .max(NOTIFICATION_BATCH_MAX, `The notification ids may not have more than ${NOTIFICATION_BATCH_MAX} items.`),
});
export type BatchReadBody = z.infer<typeof batchReadBody>;

/** The answer of batch-read: how many of the caller's notifications it marked, and the unread count now. */
export const batchReadResponse = z.object({
  message: z.string(),
  data: z.object({ marked: z.number().int(), unread: z.number().int() }),
});
export type BatchReadResponse = z.infer<typeof batchReadResponse>;

/** The data of the `unread` Server-Sent Event (GET /api/events). */
export const unreadEvent = z.object({ total: z.number().int() });
export type UnreadEvent = z.infer<typeof unreadEvent>;

/** The Server-Sent Events of GET /api/events, by name. */
export const SERVER_EVENTS = { notification: 'notification', unread: 'unread', resync: 'resync' } as const;

export const NOTIFICATION_MESSAGES = { markedRead: 'Notifications marked as read' } as const;
