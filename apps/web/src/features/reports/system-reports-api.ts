import { useQuery } from '@tanstack/react-query';
import {
  type SystemReport,
  type SystemReportBody,
  type SystemReportRecords,
  type SystemReportView,
  systemReport,
  systemReportRecords,
  systemReportView,
} from '@turnout/shared';
import { z } from 'zod';
import { api } from '../../api/index.ts';

/** System reports (spec 03 §2 'Reports'; apps/server/src/modules/reports/system-reports.ts). */
export const systemReportKeys = {
  all: ['system-reports'] as const,
  list: (tenant: string | null) => ['system-reports', 'list', tenant] as const,
  one: (id: string) => ['system-reports', 'one', id] as const,
  records: (id: string, page: number) => ['system-reports', 'records', id, page] as const,
};

const reportList = z.object({ data: z.array(systemReport) }).transform((b) => b.data);
const queued = z.object({ jobId: z.string() });
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const SYSTEM_REPORT_PAGE_SIZE = 48;

export const fetchSystemReports = (signal?: AbortSignal): Promise<SystemReport[]> =>
  api.get('/system-reports', { signal, schema: reportList });

export const fetchSystemReport = (id: string, signal?: AbortSignal): Promise<SystemReportView> =>
  api.get(`/system-reports/${encodeURIComponent(id)}`, { signal, schema: systemReportView });

export const fetchSystemReportRecords = (id: string, page: number, signal?: AbortSignal): Promise<SystemReportRecords> =>
  api.get(`/system-reports/${encodeURIComponent(id)}/records`, {
    signal,
    query: { page, per_page: SYSTEM_REPORT_PAGE_SIZE, time_zone: timeZone() },
    schema: systemReportRecords,
  });

export const saveSystemReport = (body: SystemReportBody): Promise<SystemReport> =>
  api.post('/system-reports', body, { schema: systemReport });

export const deleteSystemReport = (id: string): Promise<unknown> => api.delete(`/system-reports/${encodeURIComponent(id)}`);

/** Export: queues the report's .xlsx; answers the job's id. */
export const requestSystemReportExport = async (id: string): Promise<string> =>
  (await api.post(`/system-reports/${encodeURIComponent(id)}/export`, undefined, { query: { time_zone: timeZone() }, schema: queued }))
    .jobId;

export function useSystemReports(tenantId: string | null) {
  return useQuery({ queryKey: systemReportKeys.list(tenantId), queryFn: ({ signal }) => fetchSystemReports(signal) });
}
