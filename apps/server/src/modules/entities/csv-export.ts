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
  formatTimestamp,
  PAGE_SIZE,
  PLACES,
  type TextContext,
} from '@turnout/shared';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { storeGeneratedStream } from '../files/generated.ts';
import { listAuth } from './list-filters.ts';
import { approvableBy } from './queue.ts';
import { type ListOrder, listedIds, listedRecords, scopeFor } from './service.ts';

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

/**
 * The text of a batch of rows. Cells that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) are prefixed with a quote; the first batch carries a BOM
 * so spreadsheets read it as UTF-8.
 */
const csvText = (rows: string[][], first: boolean) => Buffer.from(stringify(rows, { bom: first, escape_formulas: true }), 'utf8');

/**
 * The header, then the records in batches by id: the ids of every match were read first, in
 * the list's order and in one statement (`listedIds`), so a long export reads each record once.
 */
async function* csvChunks(
  header: string[],
  ids: string[],
  read: (ids: string[]) => Promise<EntityRecord[]>,
  toRow: (r: EntityRecord) => string[],
) {
  yield csvText([header], true);
  for (let i = 0; i < ids.length; i += BATCH) {
    const records = await read(ids.slice(i, i + BATCH));
    if (records.length > 0) yield csvText(records.map(toRow), false);
  }
}

/** Records read per query: the largest page the list serves. */
const BATCH = PAGE_SIZE.max;

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
  const read = (batch: string[]) => listedRecords(deps.db, auth, typeName, order, batch, showDeleted);
  const chunks = csvChunks(header, ids, read, (r) => csvRow(r, fields, context));
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
