import { errorBody, timeZoneName } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { filtersOf } from '../entities/list-filters.ts';
import { listQuery, showDeleted } from '../entities/routes.ts';
import { REPORT_FORMATS } from './deliver.ts';
import { LIST_REPORT_JOB, type ListReportParams, listReportJob, startListReport } from './list-report.ts';
import { startTimesheetReport, TIMESHEET_REPORT_JOB, type TimesheetReportParams, timesheetReportJob } from './timesheet-report.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['reports'];

/** Reports (docs/decisions/0027-reports.md); the job is read at GET /long-running-job-notes/{id}. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  const db = app.db.kysely;
  const deps = { db, blobs: app.blobs, mailer: app.mailer, publicUrl: app.config.publicUrl };
  app.jobs.register<ListReportParams>(LIST_REPORT_JOB, listReportJob(deps));
  app.jobs.register<TimesheetReportParams>(TIMESHEET_REPORT_JOB, timesheetReportJob(deps));
  const format = z.enum(REPORT_FORMATS, { message: 'The format must be pdf or xlsx.' });

  app.post(
    '/entity/:typeName/report/:format',
    {
      schema: {
        tags,
        summary:
          'PDF or Excel report of the list with its filters, search and sort (query as the list’s): queues a job; answers its id. The file’s url is the finished job’s result_url, and is mailed.',
        params: z.object({
          typeName: z.string().max(100),
          format,
        }),
        querystring: z.looseObject({ sort: listQuery.shape.sort, time_zone: timeZoneName.optional() }),
        response: { 200: z.object({ jobId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { id } = await startListReport(db, app.jobs, request.auth, {
        typeName: request.params.typeName,
        format: request.params.format,
        order: { ...filtersOf(q), sort: q.sort },
        timeZone: q.time_zone ?? 'UTC',
        showDeleted: showDeleted(request.headers),
      });
      return { jobId: id };
    },
  );

  app.post(
    '/entity/:typeName/timesheet-report/:format',
    {
      schema: {
        tags,
        summary:
          'Timesheet Report of the time sheet list (its filters) for a period (from, to: yyyy-MM-dd): hours per member per day less meal breaks, with week and member totals. Queues a job; answers its id.',
        params: z.object({ typeName: z.string().max(100), format }),
        querystring: z.looseObject({
          from: z.string().max(20).optional(),
          to: z.string().max(20).optional(),
          time_zone: timeZoneName.optional(),
        }),
        response: { 200: z.object({ jobId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { id } = await startTimesheetReport(db, app.jobs, request.auth, request.params.typeName, {
        format: request.params.format,
        from: q.from ?? '',
        to: q.to ?? '',
        order: { ...filtersOf(q), sort: 'default' },
        timeZone: q.time_zone ?? 'UTC',
        showDeleted: showDeleted(request.headers),
      });
      return { jobId: id };
    },
  );
};
