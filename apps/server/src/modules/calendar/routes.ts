import zlib from 'node:zlib';
import {
  CALENDAR_MESSAGES,
  calendarItem,
  entityType,
  entityTypeLite,
  errorBody,
  messageResponse,
  paged,
  recurringEvent,
  recurringEventBody,
  scheduleItem,
  scheduleQuery,
} from '@turnout/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { invalid } from '../../platform/http/errors.ts';
import { materialiseOccurrence, originOf } from './occurrences.ts';
import {
  calendarBatches,
  createDefinition,
  deleteDefinition,
  itemsAnswer,
  itemsAnswerStream,
  listDefinitions,
  monthRange,
  shiftSchedule,
  showDefinition,
  sourceType,
  sourceTypes,
  upcomingFor,
  updateDefinition,
  type WrittenItem,
} from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['calendar'];
const items = z.object({ data: z.array(calendarItem) });
const idParams = z.object({ id: z.string().max(100) });
/**
 * The item calls answer megabytes of JSON (a month: ~8,000 items, 2.7 MiB): compressed at the
 * fastest levels, which here cost an eighth of brotli's quality 4 and a third of gzip's level 6
 * for an answer within 10 % of the same size (docs/performance.md). Brotli's quality 0 saves
 * only ~1 ms of CPU more on this answer, for an answer 20 % larger: not taken. The answer is
 * compressed as a stream (it is above @fastify/compress's sync threshold) in 64 KiB output
 * chunks rather than zlib's 16 KiB: a quarter of the round trips to libuv's threads, 3–4 ms
 * less wall time for gzip on the 2.7 MiB month (docs/performance.md).
 */
const fastCompression = {
  brotliOptions: { chunkSize: 64 * 1024, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1, chunkSize: 64 * 1024 },
};

/** The item calls' answers are written as JSON text by the service (WrittenItem): sent as they are. */
const itemsReply = (reply: FastifyReply, items: WrittenItem[]) => reply.type('application/json; charset=utf-8').send(itemsAnswer(items));

/**
 * A month's answer is sent as its batches come (decision 0038): written, compressed and sent
 * while the records still arrive. A failure after the first batch can no longer change the
 * status: it is logged and the answer cut short (the client sees an incomplete body).
 */
async function monthReply(reply: FastifyReply, batches: Promise<AsyncGenerator<WrittenItem[]>>) {
  const stream = await itemsAnswerStream(await batches);
  stream.on('error', (error) => reply.log.error({ err: error }, 'calendar month answer cut short'));
  return reply.type('application/json; charset=utf-8').send(stream);
}

/** {month}.{year}: 422 unless a month 1–12 of a year 1970–2200. */
function monthOf(value: string): { month: number; year: number } {
  const match = /^(\d{1,2})\.(\d{4})$/.exec(value);
  const month = Number(match?.[1]);
  const year = Number(match?.[2]);
  if (!match || month < 1 || month > 12 || year < 1970 || year > 2200) throw invalid({ month: [CALENDAR_MESSAGES.monthInvalid] });
  return { month, year };
}

/** The calendar calls of spec 02 §7; the paths of one definition and of an occurrence's record are ours (docs/api.md). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const deps = { mailer: app.mailer, background: app.background, blobs: app.blobs, backgroundCheck: app.config.backgroundCheck };

  app.get(
    '/calendar/events/definitions',
    { schema: { tags, summary: 'Recurring event definitions', response: { 200: z.object({ data: z.array(recurringEvent) }), ...errors } } },
    async (request) => ({ data: await listDefinitions(db, request.auth) }),
  );
  app.get(
    '/calendar/events/source-types',
    {
      schema: {
        tags,
        summary: "The types a recurring event may be made from in the tenant (a global admin's pick, or the acting tenant)",
        querystring: z.object({ tenant_id: z.uuid().optional() }),
        response: { 200: z.object({ data: z.array(entityTypeLite) }), ...errors },
      },
    },
    async (request) => ({ data: await sourceTypes(db, request.auth, request.query.tenant_id) }),
  );
  app.get(
    '/calendar/events/source-types/:id',
    {
      schema: {
        tags,
        summary: 'One of those types with its fields, for the prefills',
        params: idParams,
        querystring: z.object({ tenant_id: z.uuid().optional() }),
        response: { 200: z.object({ data: entityType }), ...errors },
      },
    },
    async (request) => ({ data: await sourceType(db, request.auth, request.params.id, request.query.tenant_id) }),
  );
  app.post(
    '/calendar/events',
    {
      schema: {
        tags,
        summary: 'Create a recurring event',
        body: recurringEventBody,
        response: { 201: z.object({ data: recurringEvent, message: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createDefinition(db, request.auth, request.body), message: CALENDAR_MESSAGES.saved }),
  );
  app.get(
    '/calendar/events/:id',
    {
      schema: { tags, summary: 'One recurring event', params: idParams, response: { 200: z.object({ data: recurringEvent }), ...errors } },
    },
    async (request) => ({ data: await showDefinition(db, request.auth, request.params.id) }),
  );
  app.put(
    '/calendar/events/:id',
    {
      schema: {
        tags,
        summary: 'Update a recurring event',
        params: idParams,
        body: recurringEventBody,
        response: { 200: z.object({ data: recurringEvent, message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      data: await updateDefinition(db, request.auth, request.params.id, request.body),
      message: CALENDAR_MESSAGES.saved,
    }),
  );
  app.delete(
    '/calendar/events/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recurring event (no future records)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteDefinition(db, request.auth, request.params.id);
      return { message: CALENDAR_MESSAGES.deleted };
    },
  );
  app.post(
    '/calendar/events/:id/occurrence',
    {
      schema: {
        tags,
        summary: "The record of one occurrence, made from the definition's prefills if it has none yet",
        params: idParams,
        body: z.object({ start: z.string().max(40) }),
        response: { 200: z.object({ data: z.object({ entity_id: z.string(), type: z.string(), created: z.boolean() }) }), ...errors },
      },
    },
    async (request) => ({ data: await materialiseOccurrence(db, request.auth, request.params.id, request.body.start, deps) }),
  );
  app.get(
    '/calendar/events/origin/:entityId',
    {
      schema: {
        tags,
        summary: 'The recurring event a record was made from',
        params: z.object({ entityId: z.string().max(100) }),
        response: {
          200: z.object({
            data: z.object({ recurring_event_id: z.string(), starts_at: z.string(), title: z.string(), active: z.boolean() }).nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await originOf(db, request.auth, request.params.entityId) }),
  );
  app.get(
    '/calendar/events/upcoming-for/:ids',
    {
      schema: {
        tags,
        summary: 'The next 30 days of the given entity types',
        params: z.object({ ids: z.string().max(4000) }),
        response: { 200: items, ...errors },
      },
      // Thousands of items, written as JSON text by the service: the schema documents them (docs/performance.md).
      compress: fastCompression,
    },
    async (request, reply) => itemsReply(reply, await upcomingFor(db, request.auth, request.params.ids.split(',').filter(Boolean))),
  );
  app.get(
    '/calendar/events-month/:month',
    {
      schema: {
        tags,
        summary: 'A month of the calendar',
        params: z.object({ month: z.string().max(20) }),
        response: { 200: items, ...errors },
      },
      // Thousands of items, written as JSON text by the service: the schema documents them (docs/performance.md).
      compress: fastCompression,
    },
    async (request, reply) => {
      const { month, year } = monthOf(request.params.month);
      return monthReply(reply, calendarBatches(db, request.auth, monthRange(month, year)));
    },
  );
  app.get(
    '/calendar/events-month/:month/entity-type/:entityTypeId',
    {
      schema: {
        tags,
        summary: 'A month of the calendar for one entity type',
        params: z.object({ month: z.string().max(20), entityTypeId: z.string().max(100) }),
        response: { 200: items, ...errors },
      },
      // Thousands of items, written as JSON text by the service: the schema documents them (docs/performance.md).
      compress: fastCompression,
    },
    async (request, reply) => {
      const { month, year } = monthOf(request.params.month);
      return monthReply(reply, calendarBatches(db, request.auth, monthRange(month, year), [request.params.entityTypeId]));
    },
  );
  app.get(
    '/calendar/shift-schedule/:typeName',
    {
      schema: {
        tags,
        summary: 'A page (192) of the shift schedule timeline: records of a type in a range of at most 31 days, with their assignees',
        params: z.object({ typeName: z.string().max(100) }),
        querystring: scheduleQuery,
        response: { 200: paged(scheduleItem), ...errors },
      },
    },
    async (request) => shiftSchedule(db, request.auth, request.params.typeName, request.query),
  );
};
