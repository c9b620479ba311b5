import { errorBody, pageQuery, systemReport, systemReportBody, systemReportRecords, systemReportView, timeZoneName } from '@turnout/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignIn } from '../../platform/auth/context.ts';
import { filtersOf } from '../entities/list-filters.ts';
import { listQuery, showDeleted } from '../entities/routes.ts';
import { REPORT_FORMATS } from './deliver.ts';
import { LIST_REPORT_JOB, type ListReportParams, listReportJob, startListReport } from './list-report.ts';
import { NFIRS_REPORT_JOB, type NfirsReportParams, nfirsReportJob, startNfirsReport } from './nfirs-report.ts';
import {
  deleteSystemReport,
  exportSystemReport,
  listSystemReports,
  systemReportRecords as readSystemReportRecords,
  saveSystemReport,
  showSystemReport,
} from './system-reports.ts';
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
  app.jobs.register<NfirsReportParams>(NFIRS_REPORT_JOB, nfirsReportJob(deps));
  const format = z.enum(REPORT_FORMATS, { message: 'The format must be pdf or xlsx.' });
  const listFormat = z.enum([...REPORT_FORMATS, 'nfirs'], { message: 'The format must be pdf, xlsx or nfirs.' });

  app.post(
    '/entity/:typeName/report/:format',
    {
      schema: {
        tags,
        summary:
          'PDF, Excel or NFIRS report of the list with its filters, search and sort (query as the list’s): queues a job; answers its id. The file’s url is the finished job’s result_url, and is mailed. NFIRS (types with fields carrying nfirs_* params): NFIRS 5.0 transaction records; fdid and state for the department when no field holds them; the job’s notes list the records missing required elements (missing) and values cut to an element’s width (cut).',
        params: z.object({
          typeName: z.string().max(100),
          format: listFormat,
        }),
        querystring: z.looseObject({
          sort: listQuery.shape.sort,
          time_zone: timeZoneName.optional(),
          fdid: z.string().max(20).optional(),
          state: z.string().max(20).optional(),
        }),
        response: { 200: z.object({ jobId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const common = {
        typeName: request.params.typeName,
        order: { ...filtersOf(q), sort: q.sort },
        timeZone: q.time_zone ?? 'UTC',
        showDeleted: showDeleted(request.headers),
      };
      const format = request.params.format;
      const { id } =
        format === 'nfirs'
          ? await startNfirsReport(db, app.jobs, request.auth, { ...common, fdid: q.fdid ?? '', state: q.state ?? '' })
          : await startListReport(db, app.jobs, request.auth, { ...common, format });
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

  app.post(
    '/entity/:typeName/timeclock-report/:format',
    {
      schema: {
        tags,
        summary:
          'Time Clock Report of the attendance_single list (its filters) for a period (from, to: yyyy-MM-dd): each record’s personnel, time_in, time_out less meal_break, per member per day, with week and member totals. Queues a job; answers its id.',
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
        kind: 'timeclock',
      });
      return { jobId: id };
    },
  );

  // System reports (spec 03 §2 'Reports', §3; spec 01 §2.6 'Save as Report').
  const reportId = z.object({ id: z.string().max(100) });
  app.get(
    '/system-reports',
    {
      schema: {
        tags,
        summary:
          'The system reports of the tenant acted in (a global admin at the system level: of every tenant), by name, without those over a type the reader may not view.',
        response: { 200: z.object({ data: z.array(systemReport) }), ...errors },
      },
    },
    async (request) => ({ data: await listSystemReports(db, request.auth) }),
  );

  app.post(
    '/system-reports',
    {
      schema: {
        tags,
        summary:
          'Save as Report: a list’s filters (filter_body: the list’s query string), fields and grouping under a name; tenant_id (For Client) for global admins. 422 for malformed filters or a field the type does not have.',
        body: systemReportBody,
        response: { 201: systemReport, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await saveSystemReport(db, request.auth, request.body)),
  );

  app.get(
    '/system-reports/:id',
    {
      schema: {
        tags,
        summary:
          'One system report: its filter parameters in words, fields that no longer exist, and whether its records can be read. 403 for a type the reader may not view.',
        params: reportId,
        response: { 200: systemReportView, ...errors },
      },
    },
    async (request) => showSystemReport(db, request.auth, request.params.id),
  );

  app.get(
    '/system-reports/:id/records',
    {
      schema: {
        tags,
        summary:
          'A page of the report’s matching records (exact total), ordered by its grouping, each its name and the report’s fields the reader may see, as text.',
        params: reportId,
        querystring: pageQuery.extend({ time_zone: timeZoneName.optional() }),
        response: { 200: systemReportRecords, ...errors },
      },
    },
    async (request) =>
      readSystemReportRecords(db, request.auth, request.params.id, {
        page: request.query.page,
        perPage: request.query.per_page,
        timeZone: request.query.time_zone ?? 'UTC',
      }),
  );

  app.post(
    '/system-reports/:id/export',
    {
      schema: {
        tags,
        summary: 'Export: the report’s records as an .xlsx, queued as a job; answers its id (the file’s url is the job’s result_url).',
        params: reportId,
        querystring: z.object({ time_zone: timeZoneName.optional() }),
        response: { 200: z.object({ jobId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { id } = await exportSystemReport(db, app.jobs, request.auth, request.params.id, request.query.time_zone ?? 'UTC');
      return { jobId: id };
    },
  );

  app.delete(
    '/system-reports/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a system report (its author or a tenant admin).',
        params: reportId,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSystemReport(db, request.auth, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
