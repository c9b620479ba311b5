import multipart from '@fastify/multipart';
import { errorBody, importStarted, timeZoneName } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { closeIfBodyUnread } from '../../platform/http/connection.ts';
import { multipartError } from '../files/upload.ts';
import { csvImportJob } from './csv-import.ts';
import { runFinalImport, startCsvImport } from './service.ts';
import type { ImportDeps } from './uploads.ts';
import { startXmlImport, xmlImportJob } from './xml-import.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody, 422: errorBody };
const tags = ['imports'];

/** CSV imports (docs/decisions/0018-imports.md); the job itself is read at GET /long-running-job-notes/{id}. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const maxBytes = app.config.uploadMaxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 11, fieldSize: 8 * 1024, fieldNameSize: 100, headerPairs: 100 },
  });
  const deps: ImportDeps = {
    db: app.db.kysely,
    blobs: app.blobs,
    maxBytes,
    mailer: app.mailer,
    background: app.background,
    backgroundCheck: app.config.backgroundCheck,
  };
  app.jobs.register('csv-import', csvImportJob(deps));
  app.jobs.register('xml-import', xmlImportJob(deps));

  app.post(
    '/entity/:typeName/template/import',
    {
      schema: {
        tags,
        summary: 'Upload a CSV (multipart: file) of the type’s records: starts its test run; answers the import id',
        consumes: ['multipart/form-data'],
        params: z.object({ typeName: z.string().max(100) }),
        querystring: z.object({ time_zone: timeZoneName.optional() }),
        response: { 200: importStarted, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await startCsvImport(
          deps,
          app.jobs,
          request.auth,
          request.params.typeName,
          request.parts(),
          request.query.time_zone ?? 'UTC',
        );
      } catch (error) {
        closeIfBodyUnread(request, reply);
        throw multipartError(error, maxBytes);
      }
    },
  );

  app.post(
    '/run-final-import/:id',
    {
      schema: {
        tags,
        summary: 'Run the final import of a finished test run: a new import (new id) that saves the rows',
        params: z.object({ id: z.string().max(100) }),
        body: z.unknown().optional(),
        response: { 200: importStarted, ...errors },
      },
    },
    async (request) => runFinalImport(deps, app.jobs, request.auth, request.params.id),
  );

  app.post(
    '/xml-import/:id',
    {
      schema: {
        tags,
        summary: 'Test import of an XML importer’s file (or of the file at `path`): answers the import id',
        params: z.object({ id: z.string().max(100) }),
        body: z.object({ path: z.string().max(500).optional() }).nullish(),
        response: { 200: importStarted, ...errors },
      },
    },
    async (request) => startXmlImport(deps, app.jobs, request.auth, request.params.id, request.body ?? {}),
  );
};
