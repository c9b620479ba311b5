import { entityRecord, errorBody, PAGE_SIZE, paged, timeZoneName } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { type CsvExportKind, exportCsv } from './csv-export.ts';
import { filtersOf } from './list-filters.ts';
import { printRecord, reportDocument, versionPdf } from './print.ts';
import { PULL_LIMIT, randomPull } from './pull.ts';
import { listQueue } from './queue.ts';
import { completeQuiz, startQuiz } from './quiz.ts';
import { listQuery, showDeleted } from './routes.ts';
import { currentTimeSheet, PUNCH_STEPS, punch, punchCard } from './time-sheets.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ data: entityRecord.optional() }), 422: errorBody };
const tags = ['records'];
const recordParams = z.object({ typeName: z.string().max(100), id: z.string().max(100) });
const quizParams = recordParams.extend({ groupProperty: z.string().max(100) });
const one = z.object({ data: entityRecord });

/** Quizzes, time sheets, random pulls, queues and printing (docs/decisions/0010). */
export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.post(
    '/entity/:typeName/:id/quiz/:groupProperty/start',
    {
      schema: {
        tags,
        summary: 'Start (or retake) a quiz: stamps the times and draws the questions',
        params: quizParams,
        body: z.unknown().optional(),
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const { typeName, id, groupProperty } = request.params;
      return { data: await startQuiz(db, request.auth, typeName, id, groupProperty) };
    },
  );
  app.post(
    '/entity/:typeName/:id/quiz/:groupProperty/complete',
    {
      schema: {
        tags,
        summary: 'Complete a quiz with its answers; the server marks it',
        params: quizParams,
        body: z.object({ answers: z.record(z.string().max(100), z.unknown()).default({}) }).default({ answers: {} }),
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const { typeName, id, groupProperty } = request.params;
      return { data: await completeQuiz(db, request.auth, typeName, id, groupProperty, request.body.answers) };
    },
  );

  const card = z.object({
    on_shift: z.boolean(),
    on_break: z.boolean(),
    has_punched_today: z.boolean(),
    shift_started_at: z.string().nullable(),
    shift_length_hours: z.number().nullable(),
    shifts_worked_this_week: z.number(),
    hours_worked_this_week: z.number(),
  });
  // The client's time zone: its "today" and "this week" (UTC when it sends none).
  const clockBody = z.looseObject({ time_zone: timeZoneName.nullish() }).nullish();
  app.post(
    '/time-sheets/current',
    {
      schema: {
        tags: ['time sheets'],
        summary: "The caller's time sheet for the current week (made when missing)",
        body: clockBody,
        response: { 200: one, ...errors },
      },
    },
    async (request) => ({ data: await currentTimeSheet(db, request.auth, { timeZone: request.body?.time_zone ?? undefined }) }),
  );
  app.get(
    '/entity/:typeName/:id/punch',
    {
      schema: {
        tags: ['time sheets'],
        summary: 'The punch card of a time sheet',
        params: recordParams,
        querystring: z.object({ time_zone: timeZoneName.optional() }),
        response: { 200: z.object({ card }), ...errors },
      },
    },
    async (request) => ({
      card: await punchCard(db, request.auth, request.params.typeName, request.params.id, { timeZone: request.query.time_zone }),
    }),
  );
  app.post(
    '/entity/:typeName/:id/punch/:step',
    {
      schema: {
        tags: ['time sheets'],
        summary: 'Punch in or out, start or finish a break',
        params: recordParams.extend({ step: z.enum(PUNCH_STEPS) }),
        body: clockBody,
        response: { 200: one.extend({ card }), ...errors },
      },
    },
    async (request) =>
      punch(db, request.auth, request.params.typeName, request.params.id, request.params.step, {
        timeZone: request.body?.time_zone ?? undefined,
      }),
  );

  app.get(
    '/entity/:typeName/queue',
    {
      schema: {
        tags,
        summary: 'The queue: records with a change waiting for the caller’s approval',
        params: z.object({ typeName: z.string().max(100) }),
        querystring: listQuery,
        response: { 200: paged(entityRecord), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const perPage = typeof q.per_page === 'number' ? q.per_page : PAGE_SIZE.default;
      return listQueue(
        db,
        request.auth,
        request.params.typeName,
        { page: q.page, perPage, sort: q.sort, ...filtersOf(q) },
        showDeleted(request.headers),
      );
    },
  );
  const csvQuery = z.looseObject({ sort: listQuery.shape.sort, time_zone: timeZoneName.optional() });
  for (const [path, kind, summary] of [
    ['csv', 'list', 'Export the list to CSV (with its filters and sort): a file only the caller may download'],
    ['queue/csv', 'queue', 'Export the queue to CSV: a file only the caller may download'],
    ['template/csv', 'template', 'The import template: a CSV of the column headers only'],
  ] as const satisfies readonly (readonly [string, CsvExportKind, string])[]) {
    app.get(
      `/entity/:typeName/${path}`,
      {
        schema: {
          tags,
          summary,
          params: z.object({ typeName: z.string().max(100) }),
          querystring: csvQuery,
          response: { 200: z.object({ url: z.string() }), ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        return exportCsv(
          { db, blobs: app.blobs },
          request.auth,
          request.params.typeName,
          kind,
          { ...filtersOf(q), sort: q.sort, timeZone: q.time_zone },
          showDeleted(request.headers),
        );
      },
    );
  }
  app.post(
    '/entity/:typeName/:id/pull/:fieldName',
    {
      schema: {
        tags,
        summary: 'Random pull: link count random records of the field’s type (global admins)',
        params: recordParams.extend({ fieldName: z.string().max(100) }),
        body: z.object({
          count: z.coerce
            .number({ error: 'The count must be a number.' })
            .int('The count must be a whole number.')
            .min(1, 'The count must be at least 1.')
            .max(PULL_LIMIT, `The count may not be greater than ${PULL_LIMIT}.`),
        }),
        response: { 200: z.object({ entity: entityRecord }), ...errors },
      },
    },
    async (request) => {
      const { typeName, id, fieldName } = request.params;
      return { entity: await randomPull(db, request.auth, typeName, id, fieldName, request.body.count) };
    },
  );

  const printDeps = { db, blobs: app.blobs };
  const urlReply = z.object({ url: z.string() });
  app.post(
    '/entity/:typeName/:id/print',
    {
      schema: {
        tags,
        summary: 'Print the record (or some pages) as a PDF only the caller may download',
        params: recordParams,
        body: z.object({
          userAgent: z.string().max(1000).optional(),
          deviceType: z.string().max(100).optional(),
          operatingSystem: z.string().max(100).optional(),
          pages: z
            .union(
              [
                z.literal('all'),
                z
                  .array(z.union([z.number().int().min(1).max(1000), z.literal('appendix')]))
                  .min(1)
                  .max(1001),
              ],
              {
                error: "The pages must be 'all' or a list of page numbers and 'appendix'.",
              },
            )
            .default('all'),
          latitude: z.number().min(-90).max(90).optional(),
          longitude: z.number().min(-180).max(180).optional(),
        }),
        response: { 200: urlReply, ...errors },
      },
    },
    async (request) => printRecord(printDeps, request.auth, request.params.typeName, request.params.id, request.body),
  );
  app.get(
    '/entity/:typeName/:id/report/:reportTypeOfflineId',
    {
      schema: {
        tags,
        summary: 'A report definition drawn over its background PDF',
        params: recordParams.extend({ reportTypeOfflineId: z.string().max(200) }),
        response: { 200: urlReply, ...errors },
      },
    },
    async (request) =>
      reportDocument(printDeps, request.auth, request.params.typeName, request.params.id, request.params.reportTypeOfflineId),
  );
  app.get(
    '/entity/:typeName/:id/versions/:version/pdf',
    {
      schema: {
        tags,
        summary: "A saved version's PDF ('view version pdfs')",
        params: recordParams.extend({ version: z.coerce.number().int().min(1) }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { typeName, id, version } = request.params;
      const pdf = await versionPdf(printDeps, request.auth, typeName, id, version);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.name.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(pdf.bytes);
    },
  );
};
