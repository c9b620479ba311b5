import { errorBody } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { filtersOf } from '../entities/list-filters.ts';
import { listQuery } from '../entities/routes.ts';
import { incidentTypeCrosswalk } from './crosswalk.ts';
import { exportList, exportRecord, nerisProperties, reportForRecord, submissionsOf, submitRecord } from './service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody, 502: errorBody, 503: errorBody };
const tags = ['neris'];
const recordParams = z.object({ typeName: z.string().max(100), id: z.string().max(100) });
const json = z.record(z.string(), z.unknown());
const submission = z.object({
  id: z.string(),
  submitted_at: z.string(),
  status: z.enum(['accepted', 'failed']),
  http_status: z.number().nullable(),
  neris_id: z.string().nullable(),
  message: z.string().nullable(),
});

/** NERIS: a record's report (check), its payload (export), a list as a zip, submission to the NERIS API (docs/neris.md). */
export const nerisRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;

  app.get(
    '/neris/properties',
    {
      schema: {
        tags,
        summary: 'The NERIS elements a field may map to (params.neris_property)',
        response: {
          200: z.object({
            data: z.array(z.object({ name: z.string(), title: z.string(), module: z.string(), kind: z.string(), core: z.boolean() })),
          }),
          ...errors,
        },
      },
    },
    async () => ({ data: nerisProperties() }),
  );

  app.get(
    '/neris/incident-types',
    {
      schema: {
        tags,
        summary: 'The NERIS incident types with their NFIRS crosswalk',
        response: {
          200: z.object({
            data: z.array(z.object({ code: z.string(), levels: z.array(z.string()), label: z.string(), nfirs: z.array(z.string()) })),
          }),
          ...errors,
        },
      },
    },
    async () => ({ data: incidentTypeCrosswalk() }),
  );

  app.get(
    '/neris/:typeName/export.zip',
    {
      schema: {
        tags,
        summary: 'The list (with its filters and sort) as a zip of NERIS incident payloads, with errors.json for the reports not valid yet',
        params: z.object({ typeName: z.string().max(100) }),
        querystring: z.looseObject({ sort: listQuery.shape.sort }),
      },
    },
    async (request, reply) => {
      const zip = await exportList(db, request.auth, request.params.typeName, { ...filtersOf(request.query), sort: request.query.sort });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="NERIS-${request.params.typeName}.zip"`)
        .send(Buffer.from(zip));
    },
  );

  app.get(
    '/neris/:typeName/:id',
    {
      schema: {
        tags,
        summary: 'The record as a NERIS report: valid or not, its problems per field, and the payload it gives',
        params: recordParams,
        response: {
          200: z.object({
            data: z.object({
              valid: z.boolean(),
              errors: z.record(z.string(), z.array(z.string())),
              payload: json,
              incident_neris_id: z.string().nullable(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await reportForRecord(db, request.auth, request.params.typeName, request.params.id) }),
  );

  app.get(
    '/neris/:typeName/:id/export',
    {
      schema: {
        tags,
        summary: 'The NERIS incident payload of a valid report, as a JSON file; 422 with the problems per field otherwise',
        params: recordParams,
        response: { 200: json, ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, payload } = await exportRecord(db, request.auth, request.params.typeName, request.params.id);
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return payload;
    },
  );

  app.get(
    '/neris/:typeName/:id/submissions',
    {
      schema: {
        tags,
        summary: 'Submissions of this record to NERIS, newest first',
        params: recordParams,
        response: { 200: z.object({ data: z.array(submission) }), ...errors },
      },
    },
    async (request) => ({ data: await submissionsOf(db, request.auth, request.params.typeName, request.params.id) }),
  );

  app.post(
    '/neris/:typeName/:id/submit',
    {
      schema: {
        tags,
        summary: 'Send a valid report to the NERIS API (NERIS_API_URL); the attempt is kept either way',
        params: recordParams,
        response: { 200: z.object({ data: submission }), ...errors },
      },
    },
    async (request) => ({
      data: await submitRecord(db, request.auth, app.config.neris, request.params.typeName, request.params.id),
    }),
  );
};
