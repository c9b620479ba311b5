import { Readable } from 'node:stream';
import {
  calendarDateIn,
  canSeeField,
  type EntityType,
  type FieldDefinition,
  type FieldViewer,
  fieldText,
  fieldTypeOf,
  formatInstant,
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

/** The columns an export reads of each record (the list's row has many more). */
export interface ExportedRow {
  id: string;
  display_name: string;
  place: string;
  created_at: Date;
  updated_at: Date;
  /** The record's values (a field named like a column: the column, as the list shows it). */
  data: unknown;
}

/** A place's title, as the list shows a record's status. */
export const placeTitleOf = (place: string): string => placeTitle.get(place) ?? place;

/** One record as text cells: option labels, dates as displayed, references by name, lists joined (the registry's text). */
export function exportedTexts(row: ExportedRow, fields: FieldDefinition[], context: TextContext): string[] {
  const values = (row.data ?? {}) as Record<string, unknown>;
  return [
    row.id,
    row.display_name,
    placeTitleOf(row.place),
    formatInstant(row.created_at.getTime(), context),
    formatInstant(row.updated_at.getTime(), context),
    ...fields.map((f) => fieldText(f, values[f.property], context)),
  ];
}

/** exportedTexts's line, built straight from the columns read: no cell array. */
function csvLine(row: ExportedRow, fields: FieldDefinition[], context: TextContext): string {
  let line = `${csvCell(row.id)},${csvCell(row.display_name)},${csvCell(placeTitleOf(row.place))},${csvCell(formatInstant(row.created_at.getTime(), context))},${csvCell(formatInstant(row.updated_at.getTime(), context))}`;
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

/** The header, then each batch of lines as one chunk. */
async function* csvChunks(header: string[], batches: AsyncIterable<string[]> | Iterable<string[]>) {
  yield Buffer.from(BOM + csvLines([header]), 'utf8');
  for await (const lines of batches) if (lines.length > 0) yield Buffer.from(lines.join(''), 'utf8');
}

/** A list whose checks were made (listScope): the tenant it is read as and the type's scope. */
export interface CheckedList {
  listAs: AuthContext;
  scope: Scope;
}

/**
 * The records of `ids` (every match of the list, read first in its order and in one statement by
 * `listedIds`) in batches of EXPORT_BATCH, each record turned by `convert` into what the file
 * writes of it, in the order of `ids`: what the CSV export and the Excel and PDF reports read.
 * Each batch goes through the list's own query (a record edited out of the list since its id was
 * read is left out) in the list's tenant transaction, selecting only the columns a file shows;
 * the type, its permissions and the fields were read once for the whole file. The next batch is
 * asked for before this one is yielded, so the database works while the file is written.
 */
export async function* exportedBatches<T>(
  db: Kysely<DB>,
  auth: AuthContext,
  { listAs, scope }: CheckedList,
  order: ListOrder,
  fields: FieldDefinition[],
  ids: string[],
  convert: (row: ExportedRow) => T,
): AsyncGenerator<T[]> {
  // A field named like a record column shows the column, as on the list (a type check refuses
  // such names today; one made before would still be exported as the list shows it).
  const present = fields.some((f) => isSystemProperty(f.property))
    ? recordPresenter(scope.type, scope.viewer, mayUpdate(scope))
    : undefined;
  const read = async (batch: string[]): Promise<T[]> => {
    const byId = new Map<string, T>();
    await withContext(db, dbContext(listAs), async (tx) => {
      const query = listedQuery(tx, scope, order, auth).where(sql<boolean>`id = any(${sql.val(batch)}::uuid[])`);
      if (present) {
        for (const row of await query.selectAll().execute()) byId.set(row.id, convert({ ...row, data: present(row) }));
        return;
      }
      const rows = await query.select(['id', 'display_name', 'place', 'created_at', 'updated_at', 'data']).execute();
      for (const row of rows) byId.set(row.id, convert(row));
    });
    const out: T[] = [];
    for (const id of batch) {
      const item = byId.get(id);
      if (item !== undefined) out.push(item);
    }
    return out;
  };
  const ask = (from: number) => {
    const batch = read(ids.slice(from, from + EXPORT_BATCH));
    // Not left unhandled if the writer stops early; awaited below it still throws.
    batch.catch(() => undefined);
    return batch;
  };
  let next = ids.length > 0 ? ask(0) : undefined;
  for (let from = 0; next; from += EXPORT_BATCH) {
    const batch = await next;
    next = from + EXPORT_BATCH < ids.length ? ask(from + EXPORT_BATCH) : undefined;
    yield batch;
  }
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
  const chunks = csvChunks(
    header,
    listed ? exportedBatches(deps.db, auth, listed, order, fields, ids, (row) => csvLine(row, fields, context)) : [],
  );
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
