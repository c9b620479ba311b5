import {
  batchReadBody,
  batchReadResponse,
  errorBody,
  NOTIFICATION_MESSAGES,
  notification,
  notificationResponse,
  paged,
  pageQuery,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { EventBus } from '../../platform/events/bus.ts';
import { batchRead, listNotifications, markRead } from './service.ts';
import { type OpenStreams, openEventStream, registerEvents } from './stream.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['notifications'];

/** /notifications* (spec 01 §7) and the Server-Sent Events stream /events. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const bus = new EventBus(app.db, app.log);
  await bus.start();
  const streams: OpenStreams = new Set();
  registerEvents(app.server, { bus, streams });
  // Open streams never finish by themselves: end them first, so that close() does not wait.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });
  app.addHook('onClose', async () => bus.close());

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: pageQuery,
        response: { 200: paged(notification), ...errors },
      },
    },
    async (request) => listNotifications(db, request.auth, request.query.page, request.query.per_page, false),
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags,
        summary: "The caller's unread notifications; meta.total is the unread count",
        querystring: pageQuery,
        response: { 200: paged(notification), ...errors },
      },
    },
    async (request) => listNotifications(db, request.auth, request.query.page, request.query.per_page, true),
  );

  app.post(
    '/notifications/batch-read',
    {
      schema: {
        tags,
        summary: 'Mark several of the caller’s notifications read (others’ ids are ignored)',
        body: batchReadBody,
        response: { 200: batchReadResponse, ...errors },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.markedRead,
      data: await batchRead(db, request.auth, request.body.notification_ids),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: notificationResponse, ...errors },
      },
    },
    async (request) => ({ data: await markRead(db, request.auth, request.params.id) }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'Server-Sent Events for the signed-in user: notification, unread {total}, resync; a heartbeat comment every 25 s',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => openEventStream(request, reply, bus, streams),
  );
};
