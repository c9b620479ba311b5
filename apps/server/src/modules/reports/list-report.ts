import {
  type EntityRecord,
  type EntityType,
  type FieldDefinition,
  isDate,
  PAGE_SIZE,
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
import { csvRow, exportedFields } from '../entities/csv-export.ts';
import { type ListOrder, listedIds, listedRecords, listScope } from '../entities/service.ts';
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

interface Column {
  heading: string;
  kind: CellKind;
  text(record: EntityRecord, row: string[]): string;
  raw(record: EntityRecord): unknown;
}

/** The report's columns: the record's name, status and dates, then each field the reader may see. */
function columnsOf(fields: FieldDefinition[], withId: boolean): Column[] {
  const fixed: Column[] = [
    ...(withId ? [{ heading: 'ID', kind: 'text' as const, text: (_r: EntityRecord, row: string[]) => row[0]!, raw: () => null }] : []),
    { heading: 'Name', kind: 'text', text: (_r, row) => row[1]!, raw: () => null },
    { heading: 'Workflow Status', kind: 'text', text: (_r, row) => row[2]!, raw: () => null },
    { heading: 'Created', kind: 'datetime', text: (_r, row) => row[3]!, raw: (r) => r.created_at },
    { heading: 'Updated', kind: 'datetime', text: (_r, row) => row[4]!, raw: (r) => r.updated_at },
  ];
  return [
    ...fixed,
    ...fields.map((f, i) => ({
      heading: titleOf(f),
      kind: kindOf(f),
      text: (_r: EntityRecord, row: string[]) => row[5 + i]!,
      raw: (r: EntityRecord) => (r as Record<string, unknown>)[f.property],
    })),
  ];
}

/** Records read per query: the largest page the list serves. */
const BATCH = PAGE_SIZE.max;

/** The job: reads the list a batch at a time as the requester, writes the file, mails the link. */
export function listReportJob(deps: ReportDeps): JobHandler<ListReportParams> {
  return async (job) => {
    const { typeName, format, order, timeZone, showDeleted, title } = job.params;
    const auth = job.auth;
    const { scope } = await listScope(deps.db, auth, typeName, order, showDeleted);
    const visible = exportedFields(scope.type, scope.viewer);
    // A system report's fields, still only those the reader may see.
    const byProperty = new Map(visible.map((f) => [f.property, f]));
    const fields = job.params.fields ? job.params.fields.flatMap((p) => byProperty.get(p) ?? []) : visible;
    const context: TextContext = { timeZone };
    const columns = columnsOf(fields, format === 'xlsx');
    const ids = await listedIds(deps.db, auth, typeName, order, showDeleted);
    // The list may have grown since the request was checked.
    if (format === 'pdf' && ids.length > PDF_REPORT_MAX_RECORDS) throw invalid({ format: [PDF_REPORT_TOO_LARGE] }, PDF_REPORT_TOO_LARGE);
    let reported = 0;
    const read = (from: number) => {
      const records = listedRecords(deps.db, auth, typeName, order, ids.slice(from, from + BATCH), showDeleted);
      // Awaited below; a batch read ahead of a report that stopped is not an unhandled rejection.
      records.catch(() => undefined);
      return records;
    };
    async function* batches() {
      // The next batch is read while this one is written: the database and the workbook overlap.
      let next = ids.length > 0 ? read(0) : null;
      for (let i = 0; i < ids.length; i += BATCH) {
        if (job.signal.aborted) throw new JobInterrupted();
        const records = await next!;
        next = i + BATCH < ids.length ? read(i + BATCH) : null;
        yield records.map((r) => ({ record: r, row: csvRow(r, fields, context) }));
        // Progress in steps of 5 %: one write and one push each, not one per batch.
        const progress = Math.min(99, Math.floor((((i + BATCH) / ids.length) * 100) / 5) * 5);
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
      xlsx: () => ({
        columns: columns.map(({ heading, kind }) => ({ heading, kind })),
        rows: (async function* () {
          for await (const batch of batches())
            yield batch.map(({ record, row }) => columns.map((c) => typedCell(c.kind, c.raw(record), c.text(record, row), timeZone)));
        })(),
      }),
      pdf: () => ({
        tenantName,
        title: title ? `Report: ${title}` : `${scope.type.label} Report`,
        details: [...describeOrder(scope.type, order), `${ids.length} ${ids.length === 1 ? 'record' : 'records'}`],
        headings: columns.map((c) => c.heading),
        rows: (async function* () {
          for await (const batch of batches()) yield batch.map(({ record, row }) => columns.map((c) => c.text(record, row)));
        })(),
      }),
    });
    return { resultUrl: stored.url, notes: { records: ids.length, format } };
  };
}
