import type { Http2ServerRequest } from 'node:http2';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The `connection` header of an answer to `request`: as given over HTTP/1.x, none over HTTP/2.
 * HTTP/2 has no connection-specific headers (RFC 9113 §8.2.2): Node's compatibility layer drops
 * `connection` with a warning and refuses `keep-alive`, `transfer-encoding`, `upgrade` and
 * `proxy-connection` (ERR_HTTP2_INVALID_CONNECTION_HEADERS). The server sets such a header only
 * through here (docs/decisions/0049).
 */
export function connectionHeader(request: { httpVersionMajor: number }, value: 'close' | 'keep-alive'): { connection?: string } {
  return request.httpVersionMajor < 2 ? { connection: value } : {};
}

/**
 * An answer given before the request's body was read to its end (a refused upload) stops the
 * rest of the body: over HTTP/1.x the connection closes after the answer; over HTTP/2 the stream
 * is reset with NO_ERROR once the answer is sent (RFC 9113 §8.1), so the client stops sending
 * and the stream does not stay half open (holding up a graceful close); the connection serves on.
 */
export function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.readableEnded) return;
  reply.headers(connectionHeader(request.raw, 'close'));
  if (request.raw.httpVersionMajor >= 2) {
    // Once the answer is written (the stream's 'finish': the compatibility layer's response has
    // none before the stream closes). destroy() without an error resets with NO_ERROR, and frees
    // the stream at once; close() would wait for the unread body to be consumed.
    const { stream } = request.raw as unknown as Http2ServerRequest;
    stream.once('finish', () => stream.destroy());
  }
}
