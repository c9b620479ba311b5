import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { api } from '../../api/index.ts';
import { fetchBlobUrl } from '../../fields/common/files.ts';
import { type ListRequest, listQuery } from '../entity-list/list-model.ts';
import { followJob } from '../long-running-jobs/jobs-api.ts';
import { reportErrorText } from './report-error.ts';

/** PDF Report and Excel Report of the list's options menu (spec 01 §2.6; docs/decisions/0027-reports.md). */
export type ReportFormat = 'pdf' | 'xlsx';

export const REPORT_LABELS: Record<ReportFormat, string> = { pdf: 'The PDF report', xlsx: 'The Excel report' };
/** Spec 01 §8: report queued toasts say an email will be sent. */
export const REPORT_EMAIL_NOTE = 'An email with a link to it will be sent to you when it is ready.';

const queued = z.object({ jobId: z.string() });

/** POST /entity/{type}/report/{format} with the list's filters, search and sort: answers the job's id. */
export async function requestListReport(typeName: string, request: ListRequest, format: ReportFormat): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = listQuery(request, 1);
  const query = { ...filters, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return (await api.post(`/entity/${encodeURIComponent(typeName)}/report/${format}`, undefined, { query, schema: queued })).jobId;
}

/** Saves a blob on the person's device under a name. */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/**
 * Follows a queued report with the queued / started / complete toasts (polled every 3 s), then
 * saves the file; a failed job says 'An error occurred while preparing the report: {message}'.
 */
export async function followReport(jobId: string, format: ReportFormat, fileName: string): Promise<void> {
  const job = await followJob(jobId, { label: REPORT_LABELS[format], note: REPORT_EMAIL_NOTE, failedText: reportErrorText }).catch(
    () => null,
  );
  if (!job?.result_url) return;
  try {
    saveBlob(await fetchBlobUrl(job.result_url), fileName);
  } catch (error) {
    showReportError(error);
  }
}

export const showReportError = (error: unknown) =>
  notifications.show({ color: 'red', message: reportErrorText(error), autoClose: 10_000, withCloseButton: true });

/** PDF Report and Excel Report: queues the list's report and follows it; a refusal says so. */
export async function runListReport(typeName: string, label: string, request: ListRequest, format: ReportFormat): Promise<void> {
  let jobId: string;
  try {
    jobId = await requestListReport(typeName, request, format);
  } catch (error) {
    showReportError(error);
    return;
  }
  await followReport(jobId, format, `${label} report.${format}`);
}

/** Time Clock Report (attendance_single) and Timesheet Report (time_sheet). */
export type TimeReportKind = 'timeclock' | 'timesheet';
export const TIME_REPORT_TITLES: Record<TimeReportKind, string> = { timeclock: 'Time Clock Report', timesheet: 'Timesheet Report' };

/** POST /entity/{type}/{timesheet|timeclock}-report/{format} with the period and the list's filters. */
export async function requestTimesheetReport(
  kind: TimeReportKind,
  typeName: string,
  request: ListRequest,
  format: ReportFormat,
  period: { from: string; to: string },
): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = listQuery(request, 1);
  const query = { ...filters, ...period, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return (await api.post(`/entity/${encodeURIComponent(typeName)}/${kind}-report/${format}`, undefined, { query, schema: queued })).jobId;
}

/** The department an NFIRS file is for, when no field of the type holds it. */
export interface NfirsDepartment {
  fdid: string;
  state: string;
}

/** POST /entity/{type}/report/nfirs with the list's filters, search and sort, and the department. */
export async function requestNfirsReport(typeName: string, request: ListRequest, department: NfirsDepartment): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = listQuery(request, 1);
  const query = { ...filters, ...department, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return (await api.post(`/entity/${encodeURIComponent(typeName)}/report/nfirs`, undefined, { query, schema: queued })).jobId;
}

const nfirsProblem = z.object({ id: z.string(), display_name: z.string(), elements: z.array(z.string()) });
/** What the finished NFIRS job says: how many records were written, and which were left out (missing) or cut. */
export const nfirsNotes = z.object({
  records: z.number().default(0),
  exported: z.number().default(0),
  missingCount: z.number().default(0),
  missing: z.array(nfirsProblem).default([]),
  cut: z.array(nfirsProblem).default([]),
});
export type NfirsNotes = z.infer<typeof nfirsNotes>;

/** Follows the NFIRS job with the report toasts, saves the file, and answers its notes (null if it failed). */
export async function followNfirsReport(jobId: string, fileName: string): Promise<NfirsNotes | null> {
  const job = await followJob(jobId, { label: 'The NFIRS report', note: REPORT_EMAIL_NOTE, failedText: reportErrorText }).catch(() => null);
  if (!job?.result_url) return null;
  try {
    saveBlob(await fetchBlobUrl(job.result_url), fileName);
  } catch (error) {
    showReportError(error);
  }
  return nfirsNotes.parse(job.notes);
}
