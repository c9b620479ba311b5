import {
  type EntityType,
  type FieldDefinition,
  fieldText,
  makePageMeta,
  type SystemReport,
  type SystemReportBody,
  type SystemReportRecords,
  type SystemReportView,
  systemReportBody,
} from '@turnout/shared';
import type { Kysely, Selectable } from 'kysely';
import { type AuthContext, dbContext, isTenantAdmin } from '../../platform/auth/context.ts';
import type { DB, SystemReportTable } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { AppError, type FieldErrors, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/job-queue/queue.ts';
import { exportedFields } from '../entities/csv-export.ts';
import { fieldsVisibleTo, filtersOf, listAuth } from '../entities/list-filters.ts';
import { type ListOrder, listRecords, listScope, scopeFor } from '../entities/service.ts';
import { describeOrder, startListReport } from './list-report.ts';

/**
 * System reports (spec 03 §2 'Reports', §3 'System report'; spec 01 §2.6 'Save as Report';
 * docs/decisions/0027-reports.md): a saved list of one entity type for one tenant. Its
 * filter_body is the list's own query string, so the viewer and its Export read exactly what the
 * list read with those filters — as the person looking (their view permission, the fields they
 * may see, their tenant). Saving checks the filters and fields against the type (422); a report
 * whose fields were deleted later says so when it is opened instead of failing.
 */
export const SYSTEM_REPORT_MESSAGES = {
  malformed: 'The filters must be an object of list filters (filter[...] and sort), each a text.',
  unknownFilter: (key: string) => `'${key}' is not a list filter.`,
  unknownType: 'The entity type does not exist.',
  noField: (property: string, label: string) => `The field '${property}' does not exist in ${label}.`,
  noClient: 'Choose the client (tenant) the report is for.',
  typeGone: (name: string) => `The entity type '${name}' of this report no longer exists.`,
  fieldsGone: (names: string[]) => `These fields of this report no longer exist: ${names.join(', ')}.`,
  filterGone: (names: string[]) =>
    `This report filters or groups by fields that no longer exist or that you cannot see: ${names.join(', ')}. Its records are not shown.`,
} as const;

type Row = Selectable<SystemReportTable>;

/** The keys a list's query may hold (spec 01 §7 'GET list'); the tenant is the report's own. */
const FILTER_KEY =
  /^(sort|filter\[(display_name|place|due_at|assignee)\]|filter\[(custom|adhoc)\]\[[A-Za-z0-9_]{1,100}\](\[(from|to)\])?)$/;

/** filter_body as list filters: an object of at most 100 list-query keys with text values, or the 422 errors. */
function filterBodyOf(raw: unknown): { body: Record<string, string>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (raw === undefined || raw === null) return { body: {}, errors };
  if (typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length > 100)
    return { body: {}, errors: { filter_body: [SYSTEM_REPORT_MESSAGES.malformed] } };
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    // The list's own tenant filter: the report's tenant (For Client) says which tenant it reads.
    if (key === 'filter[tenant_id]' || key === 'tenant_id') continue;
    if (typeof value !== 'string' || value.length > 255) errors.filter_body = [SYSTEM_REPORT_MESSAGES.malformed];
    else if (!FILTER_KEY.test(key)) errors[`filter_body.${key}`] = [SYSTEM_REPORT_MESSAGES.unknownFilter(key)];
    else if (value !== '') body[key] = value;
  }
  return { body, errors };
}

const orderOf = (body: Record<string, string>, tenantId: string, sort = body.sort || 'default'): ListOrder => ({
  ...filtersOf(body),
  tenantId,
  sort,
});

/** The properties a report's filters and grouping name. */
const FIXED_SORTS = new Set(['default', '-updated_at', 'a_to_z', 'z_to_a', 'updated_at', 'created_at', '-created_at']);
const filterProperties = (order: ListOrder, groupBy: string[]) => [
  ...new Set([
    ...Object.keys(order.custom),
    ...Object.keys(order.dates ?? {}),
    ...groupBy,
    ...(FIXED_SORTS.has(order.sort) ? [] : [order.sort.replace(/^-/, '')]),
  ]),
];

/** Runs a list check, turning its field errors into errors of filter_body. */
async function asFilterBody<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 422 && error.errors)
      throw invalid(Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [`filter_body.${key}`, list])));
    throw error;
  }
}

export async function saveSystemReport(db: Kysely<DB>, auth: AuthContext, input: SystemReportBody): Promise<SystemReport> {
  const body = systemReportBody.parse(input);
  // For Client: global admins choose the tenant; anyone else saves in the tenant they act in.
  if (body.tenant_id && body.tenant_id !== auth.tenantId && !auth.isGlobalAdmin) throw forbidden();
  const tenantId = body.tenant_id ?? auth.tenantId;
  if (!tenantId) throw invalid({ tenant_id: [SYSTEM_REPORT_MESSAGES.noClient] });
  const filters = filterBodyOf(body.filter_body);
  if (Object.keys(filters.errors).length > 0) throw invalid(filters.errors);
  const order = await asFilterBody(async () => orderOf(filters.body, tenantId));
  let type: EntityType;
  let fields: FieldDefinition[];
  try {
    const { scope } = await asFilterBody(() => listScope(db, auth, body.report_entity_type, order, false));
    type = scope.type;
    fields = exportedFields(scope.type, scope.viewer);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw invalid({ report_entity_type: [SYSTEM_REPORT_MESSAGES.unknownType] });
    throw error;
  }
  // Only fields that hold a value and that the person saving may see (a hidden field does not exist for them).
  const known = new Set(fields.map((f) => f.property));
  const errors: FieldErrors = {};
  body.report_fields.forEach((property, i) => {
    if (!known.has(property)) errors[`report_fields.${i}`] = [SYSTEM_REPORT_MESSAGES.noField(property, type.label)];
  });
  body.group_by_params.forEach((property, i) => {
    if (!known.has(property)) errors[`group_by_params.${i}`] = [SYSTEM_REPORT_MESSAGES.noField(property, type.label)];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const runAs = listAuth(auth, tenantId);
  const row = await withContext(db, dbContext(runAs), (tx) =>
    tx
      .insertInto('system_report')
      .values({
        tenant_id: tenantId,
        display_name: body.display_name,
        report_entity_type: type.name,
        report_fields: JSON.stringify([...new Set(body.report_fields)]),
        filter_body: JSON.stringify(filters.body),
        group_by_params: JSON.stringify(body.group_by_params),
        view_only_no_click_through: body.view_only_no_click_through,
        created_by: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return present(row, await tenantNames(db, [tenantId]), type.label);
}

async function tenantNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('tenant').select(['id', 'display_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

function present(row: Row, tenants: Map<string, string>, typeLabel: string): SystemReport {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    tenant_name: tenants.get(row.tenant_id) ?? '',
    display_name: row.display_name,
    report_entity_type: row.report_entity_type,
    report_entity_type_label: typeLabel,
    report_fields: row.report_fields,
    filter_body: row.filter_body,
    group_by_params: row.group_by_params,
    view_only_no_click_through: row.view_only_no_click_through,
    created_at: row.created_at.toISOString(),
  };
}

/** The type of a report as its reader sees it in the report's tenant, or undefined when it is gone. */
async function typeOf(db: Kysely<DB>, runAs: AuthContext, name: string) {
  try {
    const scope = await scopeFor(db, runAs, name);
    return scope;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * The reports of the tenant the person acts in (a global admin at the system level: every
 * tenant's), by name, leaving out those over a type they may not view (spec 03 §2 'filtered').
 */
export async function listSystemReports(db: Kysely<DB>, auth: AuthContext): Promise<SystemReport[]> {
  const rows = await withContext(db, dbContext(auth), (tx) => {
    let q = tx.selectFrom('system_report').selectAll();
    if (!auth.isGlobal) q = q.where('tenant_id', '=', auth.tenantId ?? '00000000-0000-0000-0000-000000000000');
    return q.orderBy('display_name').orderBy('id').limit(500).execute();
  });
  const tenants = await tenantNames(db, [...new Set(rows.map((r) => r.tenant_id))]);
  const answer: SystemReport[] = [];
  for (const row of rows) {
    const scope = await typeOf(db, listAuth(auth, row.tenant_id), row.report_entity_type);
    if (scope && !scope.guard.can(scope.type.name, 'view')) continue;
    answer.push(present(row, tenants, scope?.type.label ?? row.report_entity_type));
  }
  return answer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A report of the person's tenant (any tenant's for a global admin at the system level); 404 otherwise. */
async function findReport(db: Kysely<DB>, auth: AuthContext, id: string): Promise<Row> {
  if (!UUID.test(id)) throw notFound();
  const row = await withContext(db, dbContext(auth), (tx) => {
    let q = tx.selectFrom('system_report').selectAll().where('id', '=', id);
    if (!auth.isGlobal) q = q.where('tenant_id', '=', auth.tenantId ?? '00000000-0000-0000-0000-000000000000');
    return q.executeTakeFirst();
  });
  if (!row) throw notFound();
  return row;
}

interface Opened {
  row: Row;
  view: SystemReportView;
  order: ListOrder;
  fields: FieldDefinition[];
  groupField: FieldDefinition | undefined;
}

/** A report with its type as the reader sees it: 403 for a type they may not view; what is gone is said, not failed. */
async function openReport(db: Kysely<DB>, auth: AuthContext, id: string): Promise<Opened> {
  const row = await findReport(db, auth, id);
  const runAs = listAuth(auth, row.tenant_id);
  const tenants = await tenantNames(db, [row.tenant_id]);
  const mayDelete = row.created_by === auth.userId || isTenantAdmin(auth);
  const scope = await typeOf(db, runAs, row.report_entity_type);
  const order = orderOf(row.filter_body, row.tenant_id);
  if (!scope) {
    const view = {
      ...present(row, tenants, row.report_entity_type),
      filter_parameters: [],
      missing_fields: [],
      runnable: false,
      problem: SYSTEM_REPORT_MESSAGES.typeGone(row.report_entity_type),
      may_delete: mayDelete,
    };
    return { row, view, order, fields: [], groupField: undefined };
  }
  scope.guard.authorize(scope.type.name, 'view');
  const all = new Set(scope.type.fields.map((f) => f.field_data.property));
  const visible = new Map(exportedFields(scope.type, scope.viewer).map((f) => [f.property, f]));
  const filterable = new Set(fieldsVisibleTo(scope.type, scope.viewer).fields.map((f) => f.field_data.property));
  const missing = row.report_fields.filter((p) => !all.has(p));
  const blocked = filterProperties(order, row.group_by_params).filter((p) => !filterable.has(p));
  const problems = [
    ...(missing.length > 0 ? [SYSTEM_REPORT_MESSAGES.fieldsGone(missing)] : []),
    ...(blocked.length > 0 ? [SYSTEM_REPORT_MESSAGES.filterGone(blocked)] : []),
  ];
  const groupField = row.group_by_params[0] ? visible.get(row.group_by_params[0]) : undefined;
  const typeFields = new Map(scope.type.fields.map((f) => [f.field_data.property, f.field_data as FieldDefinition]));
  const groupTitle = row.group_by_params.map((p) => typeFields.get(p)?.title || p);
  const view: SystemReportView = {
    ...present(row, tenants, scope.type.label),
    filter_parameters: [
      ...(blocked.length > 0 ? [] : describeOrder(scope.type, order)),
      ...(groupTitle.length > 0 ? [`Grouped by: ${groupTitle.join(', ')}`] : []),
    ],
    missing_fields: missing,
    runnable: blocked.length === 0,
    problem: problems.length > 0 ? problems.join(' ') : null,
    may_delete: mayDelete,
  };
  const fields = row.report_fields.flatMap((p) => {
    const field = visible.get(p);
    return field ? [field] : [];
  });
  return { row, view, order, fields, groupField };
}

export async function showSystemReport(db: Kysely<DB>, auth: AuthContext, id: string): Promise<SystemReportView> {
  return (await openReport(db, auth, id)).view;
}

/** A report that cannot be read (its type or a filter field is gone) answers 422 with its problem. */
function mustRun(opened: Opened): void {
  if (!opened.view.runnable) throw invalid({ report: [opened.view.problem ?? ''] }, opened.view.problem ?? undefined);
}

/**
 * A page of the report's records: the list with its filters, read as the person looking, in
 * the order of its grouping (then its sort), each row the record's name and the report's fields
 * they may see, as text.
 */
export async function systemReportRecords(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  page: { page: number; perPage: number; timeZone: string },
): Promise<SystemReportRecords> {
  const opened = await openReport(db, auth, id);
  mustRun(opened);
  const { row, order, fields, groupField } = opened;
  const sorted = groupField ? { ...order, sort: groupField.property } : order;
  const listed = await listRecords(
    db,
    auth,
    row.report_entity_type,
    { ...sorted, page: page.page, perPage: page.perPage, exactCount: true },
    false,
  );
  const context = { timeZone: page.timeZone };
  const data = listed.data.map((record) => {
    const values = record as unknown as Record<string, unknown>;
    return {
      id: record.id,
      group: groupField ? fieldText(groupField, values[groupField.property], context) : null,
      cells: [record.display_name, ...fields.map((f) => fieldText(f, values[f.property], context))],
    };
  });
  return {
    columns: [{ property: 'display_name', title: 'Name' }, ...fields.map((f) => ({ property: f.property, title: f.title || f.property }))],
    data,
    meta: makePageMeta(page.page, page.perPage, listed.meta.total, data.length),
  };
}

/** Export: the report's records as an .xlsx, a list report job over its filters and fields. */
export async function exportSystemReport(db: Kysely<DB>, jobs: JobQueue, auth: AuthContext, id: string, timeZone: string) {
  const opened = await openReport(db, auth, id);
  mustRun(opened);
  const { row, order, fields, groupField } = opened;
  return startListReport(db, jobs, auth, {
    typeName: row.report_entity_type,
    format: 'xlsx',
    order: groupField ? { ...order, sort: groupField.property } : order,
    timeZone,
    showDeleted: false,
    fields: fields.map((f) => f.property),
    title: row.display_name,
  });
}

export async function deleteSystemReport(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const row = await findReport(db, auth, id);
  if (row.created_by !== auth.userId && !isTenantAdmin(auth)) throw forbidden();
  await withContext(db, dbContext(listAuth(auth, row.tenant_id)), (tx) =>
    tx.deleteFrom('system_report').where('tenant_id', '=', row.tenant_id).where('id', '=', row.id).execute(),
  );
}
