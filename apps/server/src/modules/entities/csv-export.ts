import { Readable } from 'node:stream';
import {
  calendarDateIn,
  canSeeField,
  type EntityRecord,
  type EntityType,
  type FieldDefinition,
  type FieldViewer,
  fieldText,
  fieldTypeOf,
  formatInstant,
  formatTimestamp,
  isSystemProperty,
  PLACES,
  type TextContext,
} from '@turnout/shared';
import { type Kysely, sql } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { storeGeneratedStream } from '../files/generated.ts';
import { listAuth } from './list-filters.ts';
import { recordPresenter } from './present.ts';
import { approvableBy } from './queue.ts';
import { type ListOrder, listedIds, listedQuery, listScope, mayUpdate, type Scope, scopeFor } from './service.ts';

/**
 * CSV exports of a type's records (spec 01 §2.6 'Export Data to CSV', 'Create Import Template
 * CSV', §7 'GET /entity/{name}/csv, /queue/csv, /template/csv'; docs/decisions/0010):
 * the list — or the queue — with the list's own filters, sort, permissions and field
 * visibility, read a page at a time through the list itself and written as a stream to the
 * blob store, as a file only the requester may download. The template is the header row alone.
 */
export type CsvExportKind = 'list' | 'queue' | 'template';

export interface CsvDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
}

/** What the export is of: the list's parameters less the page, and the zone dates are shown in. */
export type CsvQuery = Omit<ListOrder, 'approvable'> & { timeZone?: string | undefined };

/** The columns every export starts with, then one per field the requester may see. */
export const RECORD_COLUMNS = ['id', 'display_name', 'place', 'created_at', 'updated_at'] as const;

/**
 * The fields that become columns: those holding a value, not `hidden`, that this viewer may see
 * (the same check the list and show use), in the form's order (page, then sort order).
 */
export function exportedFields(type: EntityType, viewer: FieldViewer): FieldDefinition[] {
  return type.fields
    .map((f) => f.field_data as FieldDefinition)
    .filter((f) => fieldTypeOf(f.type).holdsValue && f.type !== 'hidden' && canSeeField(f.permissions, viewer))
    .sort((a, b) => (a.page ?? 1) - (b.page ?? 1) || (a.sort_order ?? 999) - (b.sort_order ?? 999));
}

const placeTitle = new Map(PLACES.map((p) => [p.name, p.metadata.title]));

/** One record as text cells: option labels, dates as displayed, references by name, lists joined (the registry's text). */
export function csvRow(record: EntityRecord, fields: FieldDefinition[], context: TextContext): string[] {
  const data = record as Record<string, unknown>;
  return [
    record.id,
    record.display_name,
    placeTitle.get(record.place) ?? record.place,
    formatTimestamp(record.created_at, context),
    formatTimestamp(record.updated_at, context),
    ...fields.map((f) => fieldText(f, data[f.property], context)),
  ];
}

/** The columns an export reads of each record (the list's row has many more). */
interface ExportedRow {
  id: string;
  display_name: string;
  place: string;
  created_at: Date;
  updated_at: Date;
  data: unknown;
}

/** csvRow's line, built straight from the columns read: no record object, no cell array. */
function csvLine(row: ExportedRow, fields: FieldDefinition[], context: TextContext): string {
  let line = `${csvCell(row.id)},${csvCell(row.display_name)},${csvCell(placeTitle.get(row.place) ?? row.place)},${csvCell(formatInstant(row.created_at.getTime(), context))},${csvCell(formatInstant(row.updated_at.getTime(), context))}`;
  const values = (row.data ?? {}) as Record<string, unknown>;
  for (const f of fields) line += `,${csvCell(fieldText(f, values[f.property], context))}`;
  return `${line}\n`;
}

/** A cell that would need quotes: it holds the delimiter, a quote or a line break. */
const NEEDS_QUOTES = /[",\n\r]/;
/** First characters a spreadsheet reads as the start of a formula (and their full-width forms). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * One cell as csv-stringify writes it with `escape_formulas` (what this export wrote before, kept
 * byte for byte): a cell a spreadsheet would run as a formula gets a leading quote; a cell with a
 * comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  if (!value) return '';
  const quoted = NEEDS_QUOTES.test(value);
  const text = FORMULA_START.has(value[0]!) ? `'${value}` : value;
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, each ended by a line feed. */
export function csvLines(rows: string[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ',';
      out += csvCell(row[i]);
    }
    out += '\n';
  }
  return out;
}

/** The byte order mark the first chunk starts with, so spreadsheets read the file as UTF-8. */
const BOM = '\uFEFF';

/** Records read per statement: few statements for a long export, a bounded batch in memory. */
export const EXPORT_BATCH = 1000;

/**
 * The header, then the records in batches by id: the ids of every match were read first, in
 * the list's order and in one statement (`listedIds`), so a long export reads each record once.
 * The next batch is asked for before this one is turned into text, so the database works while
 * the server writes.
 */
async function* csvChunks(header: string[], ids: string[], read: (ids: string[]) => Promise<string>) {
  yield Buffer.from(BOM + csvLines([header]), 'utf8');
  const ask = (from: number) => {
    const text = read(ids.slice(from, from + EXPORT_BATCH));
    // Not left unhandled if the writer stops early; awaited below it still throws.
    text.catch(() => undefined);
    return text;
  };
  let next = ids.length > 0 ? ask(0) : undefined;
  for (let from = 0; next; from += EXPORT_BATCH) {
    const text = await next;
    next = from + EXPORT_BATCH < ids.length ? ask(from + EXPORT_BATCH) : undefined;
    if (text) yield Buffer.from(text, 'utf8');
  }
}

/**
 * A batch of records by id as CSV lines, in the order given, through the list's own query (a
 * record edited out of the list since its id was read is left out) in the list's tenant
 * transaction, reading only the columns the file shows. The type, its permissions and the
 * fields were read once for the whole export.
 */
function batchReader(
  db: Kysely<DB>,
  auth: AuthContext,
  listAs: AuthContext,
  scope: Scope,
  order: ListOrder,
  fields: FieldDefinition[],
  context: TextContext,
) {
  // A field named like a record column shows the column, as on the list (a type check refuses
  // such names today; one made before would still be exported as the list shows it).
  const present = fields.some((f) => isSystemProperty(f.property))
    ? recordPresenter(scope.type, scope.viewer, mayUpdate(scope))
    : undefined;
  return async (ids: string[]): Promise<string> => {
    if (ids.length === 0) return '';
    const byId = new Map<string, string>();
    await withContext(db, dbContext(listAs), async (tx) => {
      const query = listedQuery(tx, scope, order, auth).where(sql<boolean>`id = any(${sql.val(ids)}::uuid[])`);
      if (present) {
        for (const row of await query.selectAll().execute()) byId.set(row.id, csvLines([csvRow(present(row), fields, context)]));
        return;
      }
      const rows = await query.select(['id', 'display_name', 'place', 'created_at', 'updated_at', 'data']).execute();
      for (const row of rows) byId.set(row.id, csvLine(row, fields, context));
    });
    let text = '';
    for (const id of ids) text += byId.get(id) ?? '';
    return text;
  };
}

/**
 * GET /entity/{type}/csv, /queue/csv and /template/csv: writes the CSV and answers its url
 * (`/api/files/{id}/content`), a file restricted to the requester. The matches' ids are read
 * before anything is written, so a refusal (403, 404, 422) leaves nothing behind.
 */
export async function exportCsv(
  deps: CsvDeps,
  auth: AuthContext,
  typeName: string,
  kind: CsvExportKind,
  q: CsvQuery,
  showDeleted: boolean,
): Promise<{ url: string }> {
  const listAs = listAuth(auth, q.tenantId);
  const scope = await scopeFor(deps.db, listAs, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  const fields = exportedFields(scope.type, scope.viewer);
  const header = [...RECORD_COLUMNS, ...fields.map((f) => f.property)];
  const { timeZone, ...filters } = q;
  const context: TextContext = { timeZone: timeZone ?? 'UTC' };
  const order: ListOrder = kind === 'queue' ? { ...filters, approvable: await approvableBy(deps.db, auth, typeName) } : filters;
  const ids = kind === 'template' ? [] : await listedIds(deps.db, auth, typeName, order, showDeleted);
  // The list's checks once for the whole export (its filters were checked reading the ids).
  const listed = kind === 'template' ? undefined : await listScope(deps.db, auth, typeName, order, showDeleted);
  const read = listed ? batchReader(deps.db, auth, listed.listAs, listed.scope, order, fields, context) : async () => '';
  const chunks = csvChunks(header, ids, read);
  // The file lives where the requester acts (a global admin exporting another tenant's list
  // keeps it in their own); it follows the type's view permission when it is of that tenant.
  const tenantId = auth.tenantId ?? scope.tenantId;
  const day = calendarDateIn(new Date(), context.timeZone);
  const what = kind === 'template' ? 'import template' : kind === 'queue' ? `queue ${day}` : `export ${day}`;
  const file = await storeGeneratedStream(deps, {
    tenantId,
    name: `${scope.type.label} ${what}.csv`,
    mimeType: 'text/csv',
    body: Readable.from(chunks),
    owner: auth.userId,
    entityId: null,
    entityTypeId: tenantId === scope.tenantId ? scope.type.id : null,
    restricted: true,
  });
  return { url: file.url };
}
