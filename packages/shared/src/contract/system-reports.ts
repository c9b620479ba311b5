import { z } from 'zod';
import { pageMeta } from './common.ts';

/**
 * System reports (spec 03 §2 'Reports', §3 'System report'; spec 01 §2.6 'Save as Report';
 * docs/decisions/0027-reports.md): a saved list of one entity type — its filters as the list's
 * own query string (filter_body), the fields shown, an optional grouping — for a tenant.
 */
export const SYSTEM_REPORT_LIMITS = { name: 200, fields: 60, groupBy: 1 } as const;

export const systemReportBody = z.object({
  display_name: z
    .string({ message: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(SYSTEM_REPORT_LIMITS.name, `The name may not be greater than ${SYSTEM_REPORT_LIMITS.name} characters.`),
  report_entity_type: z.string({ message: 'The entity type field is required.' }).min(1, 'The entity type field is required.').max(100),
  report_fields: z
    .array(z.string().max(100), { message: 'The fields must be a list of field properties.' })
    .min(1, 'Choose at least one field.')
    .max(SYSTEM_REPORT_LIMITS.fields, `A report may show at most ${SYSTEM_REPORT_LIMITS.fields} fields.`),
  /** The list's query: filter[...] keys and sort, each a string (checked against the type when saved). */
  filter_body: z.unknown().optional(),
  group_by_params: z
    .array(z.string().max(100), { message: 'The grouping must be a list of field properties.' })
    .max(SYSTEM_REPORT_LIMITS.groupBy, 'A report may be grouped by one field.')
    .default([]),
  /** For Client: the tenant the report belongs to; global admins only (others save in the tenant they act in). */
  tenant_id: z.uuid({ message: 'The client must be a tenant.' }).nullish(),
  view_only_no_click_through: z.boolean().default(false),
});
export type SystemReportBody = z.input<typeof systemReportBody>;

export const systemReport = z.object({
  id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  display_name: z.string(),
  report_entity_type: z.string(),
  report_entity_type_label: z.string(),
  report_fields: z.array(z.string()),
  filter_body: z.record(z.string(), z.string()),
  group_by_params: z.array(z.string()),
  view_only_no_click_through: z.boolean(),
  created_at: z.string(),
});
export type SystemReport = z.infer<typeof systemReport>;

/** One report as its viewer shows it: the filters in words, and what no longer exists. */
export const systemReportView = systemReport.extend({
  filter_parameters: z.array(z.string()),
  /** Fields the report names that the type no longer has (shown, never a failure). */
  missing_fields: z.array(z.string()),
  /** False when a filter or the grouping names a field that is gone: the records are not read. */
  runnable: z.boolean(),
  /** What is wrong with the report, in words (null when nothing is). */
  problem: z.string().nullable(),
  may_delete: z.boolean(),
});
export type SystemReportView = z.infer<typeof systemReportView>;

export const systemReportColumn = z.object({ property: z.string(), title: z.string() });
export const systemReportRow = z.object({ id: z.string(), group: z.string().nullable(), cells: z.array(z.string()) });
export const systemReportRecords = z.object({
  columns: z.array(systemReportColumn),
  data: z.array(systemReportRow),
  meta: pageMeta,
});
export type SystemReportRecords = z.infer<typeof systemReportRecords>;
