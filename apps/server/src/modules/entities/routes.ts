import { entityRecord, entityVersion, entityWrite, errorBody, messageResponse, PAGE_SIZE, paged } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import {
  createRecord,
  deleteRecord,
  type ListQuery,
  listRecords,
  listVersions,
  showRecord,
  transitionRecord,
  updateRecord,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ data: entityRecord.optional() }), 422: errorBody };
const tags = ['records'];
const typeParams = z.object({ typeName: z.string().max(100) });
const recordParams = typeParams.extend({ id: z.string().max(100) });

const listQuery = z.looseObject({
  page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
  per_page: z
    .union([z.literal(''), z.coerce.number().int().min(1).max(PAGE_SIZE.max, `The per page may not be greater than ${PAGE_SIZE.max}.`)])
    .optional(),
  sort: z.string().max(100).default('default'),
});

/** filter[display_name], filter[place], filter[due_at] and filter[custom][property] from the raw query. */
function filtersOf(query: Record<string, unknown>): Pick<ListQuery, 'displayName' | 'place' | 'dueAt' | 'custom'> {
  const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^filter\[custom\]\[([A-Za-z0-9_]{1,100})\]$/.exec(key);
    const v = text(value);
    if (match?.[1] && v !== undefined && v !== '') custom[match[1]] = v.slice(0, 255);
  }
  const dueAt = text(query['filter[due_at]']);
  // Only a valid ISO date filters by due date (spec 02 §5); anything else is ignored.
  const validDue = dueAt && /^\d{4}-\d{2}-\d{2}/.test(dueAt) && !Number.isNaN(Date.parse(dueAt)) ? dueAt.slice(0, 10) : undefined;
  return {
    displayName: text(query['filter[display_name]'])?.slice(0, 255),
    place: text(query['filter[place]'])?.slice(0, 100),
    dueAt: validDue,
    custom,
  };
}

const showDeleted = (headers: Record<string, unknown>) =>
  ['1', 'true'].includes(String(headers['show-deleted-requested'] ?? '').toLowerCase());

export const entityRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/entity/:typeName',
    {
      schema: {
        tags,
        summary: 'A page of records of a type',
        params: typeParams,
        querystring: listQuery,
        response: { 200: paged(entityRecord), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const perPage = typeof q.per_page === 'number' ? q.per_page : PAGE_SIZE.default;
      return listRecords(
        db,
        request.auth,
        request.params.typeName,
        { page: q.page, perPage, sort: q.sort, ...filtersOf(q) },
        showDeleted(request.headers),
      );
    },
  );
  app.post(
    '/entity/:typeName',
    {
      schema: {
        tags,
        summary: 'Add a record',
        params: typeParams,
        body: entityWrite,
        response: { 200: z.object({ data: entityRecord }), 201: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await createRecord(db, request.auth, request.params.typeName, request.body);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
  app.get(
    '/entity/:typeName/:id',
    { schema: { tags, summary: 'One record', params: recordParams, response: { 200: z.object({ data: entityRecord }), ...errors } } },
    async (request) => ({
      data: await showRecord(db, request.auth, request.params.typeName, request.params.id, showDeleted(request.headers)),
    }),
  );
  app.put(
    '/entity/:typeName/:id',
    {
      schema: {
        tags,
        summary: 'Edit a record (carries the version it edits)',
        params: recordParams,
        body: entityWrite,
        response: { 200: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request) => ({ data: await updateRecord(db, request.auth, request.params.typeName, request.params.id, request.body) }),
  );
  app.delete(
    '/entity/:typeName/:id',
    { schema: { tags, summary: 'Delete a record (soft)', params: recordParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await deleteRecord(db, request.auth, request.params.typeName, request.params.id);
      return { message: 'Deleted Successfully' };
    },
  );
  app.post(
    '/entity/:typeName/:id/transition/:key',
    {
      schema: {
        tags,
        summary: 'Change the status',
        params: recordParams.extend({ key: z.string().max(100) }),
        body: z.unknown().optional(),
        response: { 200: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request) => ({ data: await transitionRecord(db, request.auth, request.params.typeName, request.params.id, request.params.key) }),
  );
  app.get(
    '/entity/:typeName/:id/versions',
    {
      schema: {
        tags,
        summary: 'Saved versions, newest first',
        params: recordParams,
        response: { 200: z.object({ data: z.array(entityVersion) }), ...errors },
      },
    },
    async (request) => ({ data: await listVersions(db, request.auth, request.params.typeName, request.params.id) }),
  );
};
