import multipart from '@fastify/multipart';
import { entityType, errorBody } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { closeIfBodyUnread } from '../../platform/http/connection.ts';
import { contentDisposition, contentType } from '../files/content.ts';
import { loadPublicForm, PUBLIC_FORM_LIMITS, PUBLIC_FORM_MESSAGES, publicChallenge, publicUrlOf, submitPublicForm } from './service.ts';
import { publicFormKey } from './signing.ts';
import { publicFileContent, uploadPublicFile } from './uploads.ts';

const tags = ['public forms'];
const errors = { 403: errorBody, 404: errorBody, 422: errorBody, 429: errorBody };
const linkQuery = z.object({ tenantId: z.string().max(100).optional(), tenantHmac: z.string().max(200).optional() });
const nameParams = z.object({ name: z.string().max(100) });
const publicFile = z.object({
  id: z.string(),
  original_name: z.string(),
  url: z.string(),
  path: z.string(),
  size_bytes: z.number(),
  md5: z.string(),
  mime_type: z.string(),
  is_restricted: z.boolean(),
  created_at: z.string(),
});

/**
 * The calls of a public form (spec 01 §2.1, §7; 02 §2, §7): no session; every call carries the
 * link's tenantId and tenantHmac and is refused with 403 when they do not hold.
 */
export const publicFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = publicFormKey(app.config.secretKey, app.config.publicFormSecret);
  const deps = {
    db: app.db.kysely,
    key,
    blobs: app.blobs,
    mailer: app.mailer,
    background: app.background,
    backgroundCheck: app.config.backgroundCheck,
  };
  const maxBytes = Math.min(app.config.uploadMaxBytes, PUBLIC_FORM_LIMITS.uploadBytes);
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 11, fieldSize: 1024, fieldNameSize: 100, headerPairs: 100 },
  });

  app.get(
    '/public-forms/entity-type/:name',
    {
      schema: {
        tags,
        security: [],
        summary: 'A public form: the type (public fields only) and the tenant header',
        params: nameParams,
        querystring: linkQuery,
        response: {
          200: z.object({
            data: entityType,
            tenant: z.object({ id: z.string(), name: z.string(), color: z.string() }),
            captcha: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => loadPublicForm(deps, request.params.name, request.query),
  );

  app.get(
    '/public-forms/entity-type/:name/challenge',
    {
      schema: {
        tags,
        security: [],
        summary: 'A proof-of-work captcha challenge (ALTCHA) for this link',
        params: nameParams,
        querystring: linkQuery,
        response: {
          200: z.object({
            algorithm: z.string(),
            challenge: z.string(),
            maxnumber: z.number().optional(),
            salt: z.string(),
            signature: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => publicChallenge(deps, request.params.name, request.query),
  );

  app.post(
    '/public-forms/entity/:name',
    {
      bodyLimit: PUBLIC_FORM_LIMITS.bodyBytes,
      schema: {
        tags,
        security: [],
        summary: 'Send a public form: a new record of the tenant; answers only the confirmation',
        params: nameParams,
        querystring: linkQuery,
        body: z.record(z.string(), z.unknown()),
        response: { 201: z.object({ title: z.string(), message: z.string() }), ...errors, 413: errorBody },
      },
    },
    async (request, reply) => {
      await submitPublicForm(deps, request.ip, request.params.name, request.query, request.body);
      return reply.status(201).send({ title: PUBLIC_FORM_MESSAGES.savedTitle, message: PUBLIC_FORM_MESSAGES.saved });
    },
  );

  app.post(
    '/public-forms/files',
    {
      schema: {
        tags,
        security: [],
        summary: 'Upload a file for a public form (multipart: file, entity_type, entity_field_id, tenantId, tenantHmac)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: publicFile }), ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      try {
        const file = await uploadPublicFile({ ...deps, maxBytes }, request.ip, request.parts());
        return reply.status(201).send({ data: file });
      } catch (error) {
        closeIfBodyUnread(request, reply);
        throw error;
      }
    },
  );

  app.get(
    '/public-forms/files/:id',
    {
      schema: {
        tags,
        security: [],
        summary: "A visitor's upload, before the form is sent (query tenantId, tenantHmac)",
        params: z.object({ id: z.string().max(100) }),
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const { row, stream } = await publicFileContent(deps, request.params.id, request.query);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-type', contentType(row.mime_type))
        .header('content-disposition', contentDisposition(row.original_name, row.mime_type))
        .header('content-length', String(row.size_bytes))
        .send(stream);
    },
  );
};

/** GET /entity-type/{name}/public-url/{optional}: the signed link (signed-in users). */
export const publicUrlRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const key = publicFormKey(app.config.secretKey, app.config.publicFormSecret);
  app.get(
    '/entity-type/:name/public-url/:optional?',
    {
      schema: {
        tags,
        summary: "A public-form type's signed link; {optional} is the tenant id a global admin chose",
        params: z.object({ name: z.string().max(100), optional: z.string().max(100).optional() }),
        response: {
          200: z.object({
            url: z.string(),
            data: z.object({
              url: z.string(),
              tenant_id: z.string(),
              tenant_id_hmac: z.string(),
              entity_type: z.string(),
              qr_code_image: z.string(),
            }),
          }),
          401: errorBody,
          ...errors,
        },
      },
    },
    async (request) => {
      const data = await publicUrlOf(
        { db: app.db.kysely, key, baseUrl: app.config.publicUrl },
        request.auth,
        request.params.name,
        request.params.optional || undefined,
      );
      return { url: data.url, data };
    },
  );
};
