import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, requireAuth } from '../../platform/auth/context.ts';
import type { EventBus, ServerEvent } from '../../platform/events/bus.ts';
import { connectionHeader } from '../../platform/http/connection.ts';
import { AppError } from '../../platform/http/errors.ts';
import { unreadCount } from './service.ts';

/** A comment line every 25 s keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/** The open streams of one app, so that shutdown can end them. */
export type OpenStreams = Set<{ end(): void }>;

const registry = new WeakMap<object, { bus: EventBus; streams: OpenStreams }>();

/** Records the bus and open streams of the app serving on `server` (its http.Server). */
export function registerEvents(server: object, events: { bus: EventBus; streams: OpenStreams }): void {
  registry.set(server, events);
}

/** The bus and open streams of an app (tests check that streams clean up after themselves). */
export function eventsOf(server: object): { bus: EventBus; streams: OpenStreams } | undefined {
  return registry.get(server);
}

/**
 * GET /api/events for one signed-in user (Server-Sent Events, docs/decisions/0008): first
 * `event: unread` with the count now, then `event: notification` with each new notification
 * followed by `event: unread`; `event: resync` when events may have been missed. Events of a
 * tenant the session does not act in are left out. The session is checked again (without
 * counting as activity) on every event and heartbeat; when it has ended, so does the stream.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  bus: EventBus,
  streams: OpenStreams,
  heartbeatMs = HEARTBEAT_MS,
): void {
  const app = request.server;
  const db = app.db.kysely;
  let auth: AuthContext = request.auth;
  let closed = false;
  // Events are handled one after the other, in the order they came.
  let queue: Promise<void> = Promise.resolve();

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    ...connectionHeader(request.raw, 'keep-alive'),
    // Proxies such as nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');

  const write = (text: string) => {
    if (!closed) res.write(text);
  };
  const send = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

  const handle = { end };
  streams.add(handle);
  const unsubscribe = bus.subscribe(auth.userId, (event) => enqueue(() => deliver(event)));
  const heartbeat = setInterval(() => enqueue(async () => void ((await stillSignedIn()) && write(': heartbeat\n\n'))), heartbeatMs);
  heartbeat.unref();
  request.raw.on('close', end);
  res.on('close', end);
  res.on('error', end);
  enqueue(pushUnread);

  function end(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(handle);
    res.end();
  }

  function enqueue(work: () => Promise<void>): void {
    queue = queue
      .then(() => (closed ? undefined : work()))
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'server events: stream failed');
        end();
      });
  }

  async function stillSignedIn(): Promise<boolean> {
    try {
      auth = await requireAuth(db, request, app.config.session.idleHours, { touch: false });
      return !closed;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      end();
      return false;
    }
  }

  async function pushUnread(): Promise<void> {
    try {
      send('unread', { total: await unreadCount(db, auth) });
    } catch (error) {
      // A user acting in no tenant has no count to show.
      if (!(error instanceof AppError && error.statusCode === 403)) throw error;
    }
  }

  async function deliver(event: ServerEvent): Promise<void> {
    if (!(await stillSignedIn())) return;
    if (!auth.isGlobal && event.tenant_id !== null && event.tenant_id !== auth.tenantId) return;
    const { type, tenant_id: _tenant, ...data } = event;
    if (type === 'notification') send('notification', data.notification);
    else if (type !== 'unread') send(type, data);
    if (type === 'notification' || type === 'unread' || type === 'resync') await pushUnread();
  }
}
