import {
  type EntityType,
  type FieldDefinition,
  fieldText,
  isDate,
  PLACES,
  parseTimestamp,
  type TextContext,
  zonedParts,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { type JobHandler, JobInterrupted, type JobQueue } from '../../platform/job-queue/queue.ts';
import { EXPORT_BATCH, type ExportedRow, exportedBatches, exportedFields, exportedTexts, placeTitleOf } from '../entities/csv-export.ts';
import { type ListOrder, listedIds, listScope } from '../entities/service.ts';
import { deliverReport, type ReportDeps, type ReportFormat, tenantNameOf } from './deliver.ts';
import type { Cell, CellKind } from './table-xlsx.ts';

/**
 * List reports (spec 01 §2.6 'PDF Report', 'Excel Report'; docs/decisions/0027-reports.md): the
 * list with exactly its filters, search and sort, read as the list reads it — the requester's
 * permissions, field visibility and tenant — run as a long-running job (decision 0017). The
 * request is checked before it is queued (403, 404, 422 at once); the job writes a file only
 * the requester may download, answers its url and mails them the link.
 */
export const LIST_REPORT_JOB = 'list-report';

export interface ListReportParams {
  typeName: string;
  format: ReportFormat;
  order: ListOrder;
  timeZone: string;
  showDeleted: boolean;
  /** A system report's fields, in its order (absent: every field the reader may see). */
  fields?: string[];
  /** A system report's name, the file's title. */
  title?: string;
}

/**
 * The most records a PDF report holds. pdf-lib builds the whole document in memory (it has no
 * streaming writer): 20,000 records, about 700 pages, peaked at 688 MiB (docs/performance.md).
 * 5,000 records are about 175 pages, more than anyone reads on paper; the Excel report streams
 * and takes any size.
 */
export const PDF_REPORT_MAX_RECORDS = 5000;
export const PDF_REPORT_TOO_LARGE = `A PDF report holds at most ${PDF_REPORT_MAX_RECORDS.toLocaleString('en-US')} records: narrow the list with filters, or use the Excel report.`;

/** Checks the list as the requester (view permission, filters, sort) and queues the report. */
export async function startListReport(db: Kysely<DB>, jobs: JobQueue, auth: AuthContext, params: ListReportParams) {
  await listScope(db, auth, params.typeName, params.order, params.showDeleted);
  if (params.format === 'pdf') {
    const ids = await listedIds(db, auth, params.typeName, params.order, params.showDeleted, PDF_REPORT_MAX_RECORDS + 1);
    if (ids.length > PDF_REPORT_MAX_RECORDS) throw invalid({ format: [PDF_REPORT_TOO_LARGE] }, PDF_REPORT_TOO_LARGE);
  }
  const job = await jobs.enqueue(auth, LIST_REPORT_JOB, params as unknown as Record<string, unknown>);
  return { id: job.id };
}

const NUMBER_TYPES = new Set(['number-entry', 'number-slider', 'number-counter', 'star-rating', 'year-entry']);
const kindOf = (field: FieldDefinition): CellKind =>
  NUMBER_TYPES.has(field.type) ? 'number' : field.type === 'date-picker' ? 'date' : field.type === 'date-time-picker' ? 'datetime' : 'text';

/**
 * An instant as the wall-clock time in a zone, as a Date a spreadsheet shows as is (it has no
 * zones). The zone's offset comes from the shared per-day cache (zonedParts), as the CSV export's
 * timestamps do: an Intl call per cell was the report's largest cost after the workbook itself.
 */
export function wallClock(ms: number, timeZone: string): Date {
  const p = zonedParts(ms, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** A stored value as a typed cell: a number, a date, a date-time in the reader's zone; otherwise its text. */
export function typedCell(kind: CellKind, raw: unknown, text: string, timeZone: string): Cell {
  if (text === '') return null;
  const v = raw !== null && typeof raw === 'object' && 'value' in raw ? (raw as { value: unknown }).value : raw;
  if (kind === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? n : text;
  }
  if (kind === 'date' && typeof v === 'string' && isDate(v.slice(0, 10))) return new Date(`${v.slice(0, 10)}T00:00:00Z`);
  if (kind === 'datetime' && typeof v === 'string') {
    const ms = parseTimestamp(v);
    if (ms !== undefined) return wallClock(ms, timeZone);
  }
  return text;
}

const placeTitle = new Map(PLACES.map((p) => [p.name, p.metadata.title]));
const titleOf = (field: FieldDefinition) => field.title || field.property;

/** The filters, search and sort stated in words, in the fields' titles. */
export function describeOrder(type: EntityType, order: ListOrder): string[] {
  const fields = new Map(type.fields.map((f) => [f.field_data.property, f.field_data as FieldDefinition]));
  const named = (property: string) => {
    const field = fields.get(property);
    return field ? titleOf(field) : property;
  };
  const parts: string[] = [];
  if (order.displayName) parts.push(`Search: "${order.displayName}"`);
  if (order.place) parts.push(`Status: ${placeTitle.get(order.place) ?? order.place}`);
  if (order.dueAt) parts.push(`Due: ${order.dueAt}`);
  if (order.assignee) parts.push(order.assignee === 'me' ? 'Assigned to me' : 'Assigned to one person');
  for (const [property, key] of Object.entries(order.custom)) {
    const field = fields.get(property);
    const option = (field?.params?.options as { key: unknown; label: string }[] | undefined)?.find((o) => String(o.key) === key);
    parts.push(`${named(property)}: ${key === 'NULL' ? '(blank)' : (option?.label ?? key)}`);
  }
  for (const [property, range] of Object.entries(order.dates ?? {}))
    parts.push(`${named(property)}: ${range.from ?? '…'} to ${range.to ?? '…'}`);
  const sort = { default: 'default', a_to_z: 'A to Z', z_to_a: 'Z to A' }[order.sort] ?? named(order.sort.replace(/^-/, ''));
  return [`Filters: ${parts.length > 0 ? parts.join('; ') : 'none'}`, `Sort: ${sort}${order.sort.startsWith('-') ? ' (descending)' : ''}`];
}

/** The fixed columns every report starts with (the Excel report also with the record's id), then each field the reader may see. */
const RECORD_HEADINGS = ['ID', 'Name', 'Workflow Status', 'Created', 'Updated'];
const RECORD_KINDS: CellKind[] = ['text', 'text', 'text', 'datetime', 'datetime'];

/**
 * One record's typed cells, straight from the columns read (no record object, no text row
 * first): the id, name and status as text, the dates as the reader's wall clock, then each field
 * by its kind, its text where the value is not of the kind.
 */
export function xlsxCells(row: ExportedRow, fields: FieldDefinition[], kinds: CellKind[], context: TextContext): Cell[] {
  const timeZone = context.timeZone ?? 'UTC';
  const values = (row.data ?? {}) as Record<string, unknown>;
  const cells: Cell[] = [
    row.id || null,
    row.display_name || null,
    placeTitleOf(row.place) || null,
    wallClock(row.created_at.getTime(), timeZone),
    wallClock(row.updated_at.getTime(), timeZone),
  ];
  for (let i = 0; i < fields.length; i++) {
    const value = values[fields[i]!.property];
    cells.push(typedCell(kinds[i]!, value, fieldText(fields[i]!, value, context), timeZone));
  }
  return cells;
}

/** The job: reads the list a batch at a time as the requester, writes the file, mails the link. */
export function listReportJob(deps: ReportDeps): JobHandler<ListReportParams> {
  return async (job) => {
    const { typeName, format, order, timeZone, showDeleted, title } = job.params;
    const auth = job.auth;
    const { listAs, scope } = await listScope(deps.db, auth, typeName, order, showDeleted);
    const visible = exportedFields(scope.type, scope.viewer);
    // A system report's fields, still only those the reader may see.
    const byProperty = new Map(visible.map((f) => [f.property, f]));
    const fields = job.params.fields ? job.params.fields.flatMap((p) => byProperty.get(p) ?? []) : visible;
    const context: TextContext = { timeZone };
    const ids = await listedIds(deps.db, auth, typeName, order, showDeleted);
    // The list may have grown since the request was checked.
    if (format === 'pdf' && ids.length > PDF_REPORT_MAX_RECORDS) throw invalid({ format: [PDF_REPORT_TOO_LARGE] }, PDF_REPORT_TOO_LARGE);
    let reported = 0;
    /** The records a batch at a time as the file's rows, through the CSV export's reader; stops when the job is interrupted. */
    async function* batches<T>(convert: (row: ExportedRow) => T) {
      let read = 0;
      for await (const batch of exportedBatches(deps.db, auth, { listAs, scope }, order, fields, ids, convert)) {
        if (job.signal.aborted) throw new JobInterrupted();
        yield batch;
        read += EXPORT_BATCH;
        // Progress in steps of 5 %: one write and one push each, not one per batch.
        const progress = Math.min(99, Math.floor(((read / ids.length) * 100) / 5) * 5);
        if (progress > reported) {
          reported = progress;
          await job.report({ progress });
        }
      }
    }
    const tenantName = await tenantNameOf(deps.db, scope.tenantId);
    const stored = await deliverReport(deps, auth, {
      format,
      tenantId: scope.tenantId,
      typeId: scope.type.id,
      typeLabel: scope.type.label,
      name: title ? `report ${title.replace(/[\\/:*?"<>|]/g, ' ')}` : 'report',
      timeZone,
      count: ids.length,
      xlsx: () => {
        const kinds = fields.map(kindOf);
        const headings = [...RECORD_HEADINGS, ...fields.map(titleOf)];
        return {
          columns: headings.map((heading, i) => ({ heading, kind: [...RECORD_KINDS, ...kinds][i]! })),
          rows: batches((row) => xlsxCells(row, fields, kinds, context)),
        };
      },
      pdf: () => ({
        tenantName,
        title: title ? `Report: ${title}` : `${scope.type.label} Report`,
        details: [...describeOrder(scope.type, order), `${ids.length} ${ids.length === 1 ? 'record' : 'records'}`],
        // No id: a PDF is read, not looked up.
        headings: [...RECORD_HEADINGS.slice(1), ...fields.map(titleOf)],
        rows: batches((row) => exportedTexts(row, fields, context).slice(1)),
      }),
    });
    return { resultUrl: stored.url, notes: { records: ids.length, format } };
  };
}
