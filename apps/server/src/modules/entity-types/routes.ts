import {
  ENTITY_TYPE_MESSAGES,
  entityType,
  entityTypeInput,
  entityTypeLite,
  errorBody,
  messageResponse,
  PLACES,
  sortOrderBody,
  TRANSITIONS,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { forgetReadsAfterWrites } from '../../platform/read-cache.ts';
import {
  createEntityType,
  deleteEntityType,
  exportDocument,
  getEntityType,
  listEntityTypes,
  sortEntityTypes,
  updateEntityType,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['entity types'];
const idParams = z.object({ id: z.string().max(100) });
const saved = z.object({ data: entityType, message: z.string() });

export const entityTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  // Types, fields, permissions and personnel feed the read cache: forget it after any change.
  forgetReadsAfterWrites(app);
  const db = app.db.kysely;

  app.get(
    '/entity-type/lite',
    {
      schema: {
        tags,
        summary: 'Light list of the types the user may view',
        response: { 200: z.object({ data: z.array(entityTypeLite) }), ...errors },
      },
    },
    async (request) => ({
      data: (await listEntityTypes(db, request.auth, false)) as z.infer<typeof entityTypeLite>[],
    }),
  );
  app.get(
    '/entity-type',
    {
      schema: {
        tags,
        summary: 'The types the user may view, with fields',
        response: { 200: z.object({ data: z.array(entityType) }), ...errors },
      },
    },
    async (request) => ({
      data: (await listEntityTypes(db, request.auth, true)) as z.infer<typeof entityType>[],
    }),
  );

  const one = {
    schema: {
      tags,
      summary: 'One type; ?download=1 answers the export document as {name}.json',
      params: idParams,
      querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      response: { 200: z.union([z.object({ data: entityType }), z.record(z.string(), z.unknown())]), ...errors },
    },
  };
  app.get('/entity-type/:id', one, async (request, reply) => {
    const type = await getEntityType(db, request.auth, request.params.id);
    if (request.query.download === '1') {
      return reply.header('content-disposition', `attachment; filename="${type.name}.json"`).send(exportDocument(type));
    }
    return { data: type };
  });
  app.get(
    '/entity-type/read/:id',
    { schema: { tags, summary: 'One type, read-only', params: idParams, response: { 200: z.object({ data: entityType }), ...errors } } },
    async (request) => ({
      data: await getEntityType(db, request.auth, request.params.id),
    }),
  );

  app.post(
    '/entity-type',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Create a type, or import one (importArgs)',
        body: entityTypeInput,
        response: { 200: saved, 201: saved, ...errors },
      },
    },
    async (request, reply) => {
      const { type, created } = await createEntityType(db, request.auth, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ data: type, message: created ? ENTITY_TYPE_MESSAGES.added : ENTITY_TYPE_MESSAGES.updated });
    },
  );
  app.put(
    '/entity-type/sort-order',
    { schema: { tags, summary: 'Reorder types', body: sortOrderBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await sortEntityTypes(db, request.auth, request.body);
      return { message: 'Updated Successfully' };
    },
  );
  app.put(
    '/entity-type/:id',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Change a type (fields with modified_at only)',
        params: idParams,
        body: entityTypeInput,
        response: { 200: saved, ...errors },
      },
    },
    async (request) => ({
      data: await updateEntityType(db, request.auth, request.params.id, request.body),
      message: 'Updated Successfully',
    }),
  );
  app.delete(
    '/entity-type/:id',
    {
      schema: {
        tags,
        summary: 'Delete a type (records become inaccessible)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteEntityType(db, request.auth, request.params.id);
      return { message: ENTITY_TYPE_MESSAGES.deleted };
    },
  );
};

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const transition = z.object({
    name: z.string(),
    from: z.array(z.string()),
    to: z.string(),
    metadata: z.object({ title: z.string(), required_always: z.boolean(), enabled_for_tasks: z.boolean() }),
  });
  app.get(
    '/workflow/transitions',
    { schema: { tags: ['workflow'], response: { 200: z.object({ data: z.array(transition) }), 401: errorBody } } },
    async () => ({
      data: [...TRANSITIONS],
    }),
  );
  app.get(
    '/workflow/places',
    {
      schema: {
        tags: ['workflow'],
        response: {
          200: z.object({ data: z.array(z.object({ name: z.string(), metadata: z.object({ title: z.string() }) })) }),
          401: errorBody,
        },
      },
    },
    async () => ({ data: [...PLACES] }),
  );
};
