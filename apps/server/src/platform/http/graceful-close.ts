import type { Http2Session } from 'node:http2';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { connectionHeader } from './connection.ts';

/**
 * app.close() (SIGTERM, README) lets the requests in flight finish on either protocol, then lets
 * their connections go, so the process exits. Fastify (forceCloseConnections: 'idle') stops
 * listening, answers new requests 503 and closes the idle HTTP/1.x connections; two kinds of
 * connection would stay open after it (docs/decisions/0049):
 * - an HTTP/1.x connection whose request was in flight: its answer said keep-alive, so after it
 *   the connection idles until keepAliveTimeout (72 s; on the TLS server, until the client
 *   leaves), past main.ts's grace. An answer not begun yet says `connection: close`; one already
 *   under way closes its connection when it is done.
 * - an HTTP/2 session: Node 20 leaves it open. It is closed gracefully: no new streams (GOAWAY),
 *   the open ones finish.
 * Fastify's forceCloseConnections: true closes the sessions too, but on the TLS server (which has
 * no closeAllConnections) it destroys every socket whose client asked for keep-alive, request in
 * flight or not.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  const http1Answers = new Set<FastifyReply>();
  const sessions = new Set<Http2Session>();
  let closing = false;

  // Only the TLS server (an Http2SecureServer) has sessions.
  app.server.on('session', (session: Http2Session) => {
    if (closing) return void session.close();
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersionMajor < 2) {
      http1Answers.add(reply);
      reply.raw.once('close', () => http1Answers.delete(reply));
    }
    done();
  });

  app.addHook('preClose', (done) => {
    closing = true;
    for (const session of sessions) session.close();
    for (const reply of http1Answers) {
      if (!reply.raw.headersSent) reply.headers(connectionHeader(reply.request.raw, 'close'));
      const socket = reply.request.raw.socket;
      reply.raw.once('close', () => socket.end());
    }
    done();
  });
}
