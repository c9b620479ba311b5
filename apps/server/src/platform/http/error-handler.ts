import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { closeIfBodyUnread } from './connection.ts';
import { AppError, addFieldError, type FieldErrors, VALIDATION_MESSAGE } from './errors.ts';

/** The property a validation issue belongs to: `items.0.name`, or `body` for the whole payload. */
function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return key || 'body';
}

function humanise(key: string): string {
  const last = key.split('.').pop() ?? key;
  return last.replace(/_/g, ' ');
}

function validationErrors(error: { validation: { instancePath: string; message?: string; keyword: string }[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation) {
    const key = fieldKey(issue.instancePath);
    const missing = issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
    addFieldError(errors, key, missing ? `The ${humanise(key)} field is required.` : (issue.message ?? 'Invalid value.'));
  }
  return errors;
}

// Fastify's own refusals of a request that never reached a handler, mapped to a clear 4xx.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send application/json.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body does not match its Content-Length.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'The Content-Type header is not valid.' },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Fastify answers a body it stopped reading (over BODY_LIMIT, not JSON) with `connection:
    // close`, over HTTP/2 too, which has no such header: there the stream is reset (connection.ts).
    if (request.raw.httpVersionMajor >= 2 && reply.hasHeader('connection')) {
      reply.removeHeader('connection');
      closeIfBodyUnread(request, reply);
    }
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        // Every refused authorization: who, what, when (UTC), where from, and the outcome.
        request.log.warn(
          {
            event: 'authorization_refused',
            userId: request.auth?.userId ?? null,
            tenantId: request.auth?.tenantId ?? null,
            method: request.method,
            url: request.url,
            ip: request.ip,
            at: new Date().toISOString(),
            status: error.statusCode,
            code: error.code,
          },
          'request refused',
        );
      }
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send({ message: VALIDATION_MESSAGE, errors: validationErrors(error) });
    }
    if (error.validation) {
      // A JSON-schema (non-zod) validation failure, e.g. from a plugin's own route.
      return reply.status(422).send({ message: VALIDATION_MESSAGE, errors: validationErrors(error as never) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    // Never a stack trace or an internal message to the client; the log has both.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error' });
  });
}

export function notFoundReply(reply: FastifyReply) {
  return reply.status(404).send({ message: 'Not found.' });
}
