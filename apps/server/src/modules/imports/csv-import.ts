import type { FieldDefinition } from '@turnout/shared';
import type { JobHandler } from '../../platform/job-queue/queue.ts';
import { bulkSaver } from '../entities/bulk-save.ts';
import { RECORD_COLUMNS } from '../entities/csv-export.ts';
import { type CsvEncoding, type CsvRow, csvRows, NotUtf8 } from './csv-source.ts';
import { type ImportNotes, importableFields, importRows, initialNotes, listIgnored, type SourceRow } from './runner.ts';
import { type ImportDeps, type ImportParams, openUpload, tenantDateFormat } from './uploads.ts';

/**
 * The template's columns (spec 01 §2.6 'Create Import Template CSV'): a field by its property
 * or its title (any case), `id` for updates; the template's other record columns (display
 * name, place, created and updated times) are the server's to set and are passed over;
 * everything else is listed as an ignored field.
 */
export function mapHeader(header: string[], fields: FieldDefinition[]): { columns: (string | null)[]; id: number; ignored: string[] } {
  const byProperty = new Map(fields.map((f) => [f.property.toLowerCase(), f.property]));
  const byTitle = new Map<string, string>();
  for (const f of fields) if (!byTitle.has(f.title.trim().toLowerCase())) byTitle.set(f.title.trim().toLowerCase(), f.property);
  const used = new Set<string>();
  const columns: (string | null)[] = [];
  const ignored: string[] = [];
  let id = -1;
  header.forEach((raw, i) => {
    const name = raw.trim();
    const lower = name.toLowerCase();
    if (lower === 'id' && id < 0) {
      id = i;
      columns.push(null);
      return;
    }
    const property = byProperty.get(lower) ?? byTitle.get(lower);
    if (property && !used.has(property)) {
      used.add(property);
      columns.push(property);
      return;
    }
    columns.push(null);
    if (!property && (RECORD_COLUMNS as readonly string[]).includes(lower)) return;
    ignored.push(name === '' ? `(column ${i + 1})` : name);
  });
  return { columns, id, ignored };
}

/** The data rows of a CSV as cells by property; the header row sets the notes' ignored fields. */
async function* sourceRows(rows: AsyncIterable<CsvRow>, fields: FieldDefinition[], notes: ImportNotes): AsyncGenerator<SourceRow> {
  let header: ReturnType<typeof mapHeader> | null = null;
  for await (const row of rows) {
    if (!header) {
      header = mapHeader(row.cells, fields);
      notes.ignoredFields = listIgnored(header.ignored);
      continue;
    }
    const cells: Record<string, string> = {};
    header.columns.forEach((property, i) => {
      const text = row.cells[i];
      if (property && text !== undefined) cells[property] = text;
    });
    const id = header.id >= 0 ? row.cells[header.id]?.trim() || null : null;
    yield { index: row.index, id, cells };
  }
}

/** The 'csv-import' job: a test run (checks only) or a final import of an uploaded CSV. */
export function csvImportJob(deps: ImportDeps): JobHandler<ImportParams> {
  return async (job) => {
    const p = job.params;
    const saver = await bulkSaver(deps.db, job.auth, p.type, deps);
    const context = { dateFormat: await tenantDateFormat(deps.db, job.auth), timeZone: p.time_zone };
    const fields = importableFields(saver.type, saver.viewer);
    const run = async (encoding: CsvEncoding) => {
      const upload = await openUpload(deps, job.tenantId, job.auth.userId, p.file_id);
      const notes = initialNotes(job.id, { ...p.notes_params, encoding }, p.test_run);
      const rows = sourceRows(csvRows(upload.bytes, encoding), fields, notes);
      return importRows(job, saver, rows, notes, context, upload.progress);
    };
    const encoding = p.notes_params.encoding ?? 'utf-8';
    try {
      return { notes: { ...(await run(encoding)) } };
    } catch (error) {
      // Not UTF-8: read the file again as Latin-1 (a final import reads it as its test run did).
      if (!(error instanceof NotUtf8) || encoding !== 'utf-8') throw error;
      return { notes: { ...(await run('windows-1252')) } };
    }
  };
}
