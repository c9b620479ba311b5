import {
  canSeeField,
  type EntityType,
  entityRecord,
  entityVersion,
  entityWrite,
  errorBody,
  listedRecord,
  messageResponse,
  PAGE_SIZE,
  paged,
} from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { plainJson } from '../../platform/http/plain-json.ts';
import { listEntityTypes } from '../entity-types/service.ts';
import { widgetListFilters } from '../widgets/service.ts';
import { listTasks, searchRecords } from './cross-type-lists.ts';
import { findOrCreate } from './find-or-create.ts';
import { filtersOf } from './list-filters.ts';
import { listRecordsOfTypes, typeNamesOf } from './multi-type-list.ts';
import { listQueue } from './queue.ts';
import {
  actionHistory,
  createRecord,
  decideRecord,
  deleteRecord,
  forceAction,
  listRecordPage,
  listVersions,
  showRecord,
  transitionRecord,
  updateRecord,
} from './service.ts';
import { createTask, taskTypeNameOf } from './task-create.ts';
import { isWatching, toggleWatch } from './watching.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ data: entityRecord.optional() }), 422: errorBody };
const tags = ['records'];
const typeParams = z.object({ typeName: z.string().max(100) });
const recordParams = typeParams.extend({ id: z.string().max(100) });

export const listQuery = z.looseObject({
  page: z.coerce.number().int().min(1, 'The page must be at least 1.').default(1),
  per_page: z
    .union([z.literal(''), z.coerce.number().int().min(1).max(PAGE_SIZE.max, `The per page may not be greater than ${PAGE_SIZE.max}.`)])
    .optional(),
  sort: z.string().max(100).default('default'),
  count: z.enum(['exact'], { message: "The count may only be 'exact'." }).optional(),
});

const listSchema = { querystring: listQuery, response: { 200: paged(entityRecord), ...errors } };

/** The page, its size (default 48) and the sort of a record list's query. */
const listPaging = (q: z.infer<typeof listQuery>) => ({
  page: q.page,
  perPage: typeof q.per_page === 'number' ? q.per_page : PAGE_SIZE.default,
  sort: q.sort,
});

/** `fields=a,b`: values a list item carries besides its table-view fields (up to 50 properties). */
const fieldsAsked = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .slice(0, 50)
    : [];

export const showDeleted = (headers: Record<string, unknown>) =>
  ['1', 'true'].includes(String(headers['show-deleted-requested'] ?? '').toLowerCase());

export const entityRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const deps = { mailer: app.mailer, background: app.background, blobs: app.blobs, backgroundCheck: app.config.backgroundCheck };

  const historyEntry = z.object({
    id: z.string(),
    action_id: z.string(),
    action_name: z.string(),
    trigger: z.string(),
    status: z.string(),
    detail: z.string(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  });
  app.get(
    '/entity/:typeName/:id/actions/history',
    {
      schema: {
        tags,
        summary: 'What actions ran on this record',
        params: recordParams,
        response: { 200: z.object({ data: z.array(historyEntry) }), ...errors },
      },
    },
    async (request) => ({ data: await actionHistory(db, request.auth, request.params.typeName, request.params.id) }),
  );
  app.get(
    '/entity/:typeName/:id/actions/:actionId/force',
    {
      schema: {
        tags,
        summary: 'Run an action now (admins)',
        params: recordParams.extend({ actionId: z.string().max(200) }),
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => forceAction(db, request.auth, request.params.typeName, request.params.id, request.params.actionId, deps),
  );
  app.get(
    '/entity/:typeName/:id/actions/:actionId/status',
    {
      schema: {
        tags,
        summary: 'The last run of an action on this record',
        params: recordParams.extend({ actionId: z.string().max(200) }),
        response: { 200: z.object({ data: historyEntry.nullable() }), ...errors },
      },
    },
    async (request) => ({
      data:
        (await actionHistory(db, request.auth, request.params.typeName, request.params.id)).find(
          (h) => h.action_id === request.params.actionId,
        ) ?? null,
    }),
  );

  app.get(
    '/entity/list',
    { schema: { tags, summary: 'A page of records of several types (entityTypeNames[])', ...listSchema }, serializerCompiler: plainJson },
    async (request) => {
      const q = request.query;
      const { page, perPage, sort } = listPaging(q);
      return listRecordsOfTypes(db, request.auth, typeNamesOf(q), { page, perPage, sort, ...filtersOf(q) }, showDeleted(request.headers));
    },
  );
  app.get(
    '/entity/:typeName',
    {
      schema: {
        tags,
        summary: 'A page of records of a type: list items, or whole records with detailed=true',
        params: typeParams,
        querystring: listQuery,
        response: { 200: paged(z.union([listedRecord, entityRecord])), ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const q = request.query;
      const filters = filtersOf(q);
      // from_widget: the widget's own filters over the list's (the list shows exactly its records).
      if (typeof q.from_widget === 'string' && q.from_widget) {
        const own = await widgetListFilters(db, request.auth, q.from_widget, request.params.typeName);
        filters.custom = { ...filters.custom, ...own.custom };
        filters.place = own.place ?? filters.place;
      }
      const query = { ...listPaging(q), exactCount: q.count === 'exact', ...filters };
      if (['1', 'true'].includes(String(q.forQueue)))
        return listQueue(db, request.auth, request.params.typeName, query, showDeleted(request.headers));
      // Without detailed=true a page carries what a list shows (docs/decisions/0031).
      const lean = ['1', 'true'].includes(String(q.detailed)) ? undefined : { fields: fieldsAsked(q.fields) };
      return listRecordPage(db, request.auth, request.params.typeName, { ...query, lean }, showDeleted(request.headers));
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
      const { record, created } = await createRecord(db, request.auth, request.params.typeName, request.body, deps);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
  app.post(
    '/entity/:typeName/task',
    {
      schema: {
        tags,
        summary: 'Add a record as a task (task-level validation: a task type, an assignee)',
        params: typeParams,
        body: entityWrite,
        response: { 200: z.object({ data: entityRecord }), 201: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await createTask(db, request.auth, request.params.typeName, request.body, deps);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
  app.get(
    '/entity/:typeName/:id',
    { schema: { tags, summary: 'One record', params: recordParams, response: { 200: z.object({ data: entityRecord }), ...errors } } },
    async (request) => {
      const record = await showRecord(db, request.auth, request.params.typeName, request.params.id, showDeleted(request.headers));
      return { data: { ...record, watching: await isWatching(db, request.auth, record) } };
    },
  );
  app.post(
    '/entity/:typeName/find_or_create',
    {
      schema: {
        tags,
        summary: 'The first record matching filter, or a new one',
        params: typeParams,
        body: entityWrite,
        response: { 200: z.object({ data: entityRecord }), 201: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await findOrCreate(db, request.auth, request.params.typeName, request.body);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
  for (const [path, outcome, key] of [
    ['approve', 'approved', 'pendingApprovals'],
    ['reject', 'rejected', 'pendingRejections'],
  ] as const) {
    app.post(
      `/entity/:typeName/:id/${path}`,
      {
        schema: {
          tags,
          summary: `${path === 'approve' ? 'Approve' : 'Reject'} changes waiting for approval`,
          params: recordParams,
          body: z.looseObject({ [key]: z.array(z.string().max(100)).max(200).optional() }),
          response: { 200: z.object({ data: entityRecord }), ...errors },
        },
      },
      async (request) => ({
        data: await decideRecord(
          db,
          request.auth,
          request.params.typeName,
          request.params.id,
          (request.body as Record<string, unknown>)[key],
          outcome,
        ),
      }),
    );
  }
  app.post(
    '/entity/:typeName/:id/toggleWatch',
    {
      schema: {
        tags,
        summary: 'Watch or stop watching a record',
        params: recordParams,
        body: z.unknown().optional(),
        response: { 200: z.object({ data: z.object({ watching: z.boolean() }) }), ...errors },
      },
    },
    async (request) => ({ data: await toggleWatch(db, request.auth, request.params.typeName, request.params.id) }),
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
    async (request) => ({ data: await updateRecord(db, request.auth, request.params.typeName, request.params.id, request.body, deps) }),
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

const hit = z.object({
  id: z.string(),
  display_name: z.string(),
  uri: z.string().nullable(),
  place: z.string(),
  updated_at: z.string(),
  due_at: z.string().nullable().optional(),
  type: z.object({ id: z.string(), name: z.string(), label: z.string() }),
});

/** Global search and the tasks list: across the types the user may view. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const viewable = async (auth: Parameters<typeof listEntityTypes>[1]) => {
    const types = (await listEntityTypes(db, auth, true)) as EntityType[];
    const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
    return types.map((t) => ({ ...t, hasHiddenFields: t.fields.some((f) => !canSeeField(f.field_data.permissions, viewer)) }));
  };
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Records matching a term, across types (more than 2 characters)',
        querystring: z.object({ query: z.string().max(200).default(''), page: z.coerce.number().int().min(1).default(1) }),
        response: { 200: paged(hit), ...errors },
      },
    },
    async (request) => searchRecords(db, request.auth, request.query.query, request.query.page, await viewable(request.auth)),
  );
  const deps = { mailer: app.mailer, background: app.background, blobs: app.blobs, backgroundCheck: app.config.backgroundCheck };
  app.post(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Add a task: the body names its task type (type) and carries the record',
        body: entityWrite,
        response: { 200: z.object({ data: entityRecord }), 201: z.object({ data: entityRecord }), ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await createTask(db, request.auth, taskTypeNameOf(request.body), request.body, deps);
      return reply.status(created ? 201 : 200).send({ data: record });
    },
  );
  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "Task records, the user's own by default",
        querystring: z.looseObject({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
          assignee: z.enum(['me', 'all']).default('me'),
          sort: z.enum(['default', 'a_to_z', 'z_to_a']).default('default'),
        }),
        response: { 200: paged(hit), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const types = (await viewable(request.auth)).filter((t) => t.is_task);
      const { displayName, place, dueAt, assignee } = filtersOf(q);
      // filter[assignee] (me or a user id) wins over the older assignee=me|all.
      const who = assignee ?? (q.assignee === 'me' ? 'me' : undefined);
      return listTasks(
        db,
        request.auth,
        { page: q.page, perPage: q.per_page, sort: q.sort, displayName, place, dueAt, assignee: who },
        types,
      );
    },
  );
};
