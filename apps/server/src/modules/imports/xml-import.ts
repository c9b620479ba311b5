import { createHash } from 'node:crypto';
import { childDestination, type EntityRecord, type XmlImporterConfig, xmlImporterErrors } from '@turnout/shared';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { type AuthContext, actingTenant } from '../../platform/auth/context.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { JobHandler, JobQueue } from '../../platform/job-queue/queue.ts';
import { bulkSaver } from '../entities/bulk-save.ts';
import { showRecord } from '../entities/service.ts';
import { getEntityType } from '../entity-types/service.ts';
import { importRows, initialNotes, listIgnored, type SourceRow } from './runner.ts';
import { queueImport } from './service.ts';
import { type ImportDeps, type ImportParams, openUpload, tenantDateFormat } from './uploads.ts';

/**
 * The XML importer (spec 02 §3, §5, §7; docs/decisions/0018-imports.md). An importer is a record
 * of the core type xml_importer whose `configuration` holds the settings. POST /xml-import/{id}
 * checks them and runs a test import of its file as a job; 'Run Final Import' saves, as for CSV.
 * Rows are the elements rowXPath selects; each mapping's source is an XPath from the row; the
 * unique key's text identifies the record across imports, so a second import of a row updates
 * the record it made.
 */
export const XML_MESSAGES = {
  notXml: (reason: string) => `The file is not well-formed XML: ${reason}`,
  entities: 'The XML file may not declare entities (DOCTYPE with ENTITY declarations are refused).',
  badXPath: (expression: string) => `The XPath '${expression}' is not valid.`,
  noUniqueValue: 'The unique key has no value in this row.',
  noFile: 'Upload the XML file first.',
  notAnImporter: 'This record is not an XML importer.',
  childNotImported: (destination: string) => `${destination} (child records are not imported)`,
} as const;

export interface XmlImportParams extends ImportParams {
  importer: { id: string; config: XmlImporterConfig };
}

/** The document's rows: each element (or node) rowXPath selects; the root's children by default. */
function parseXml(text: string): Document {
  // Entities are refused outright: no external entity is fetched (XXE) and no internal one
  // multiplies (a 'billion laughs' document), whatever the parser would do with them.
  if (/<!DOCTYPE[^>[]*\[[\s\S]*<!ENTITY/i.test(text) || /<!ENTITY/i.test(text))
    throw invalid({ file: [XML_MESSAGES.entities] }, XML_MESSAGES.entities);
  let problem: string | null = null;
  let doc: ReturnType<DOMParser['parseFromString']> | undefined;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning' && !problem) problem = String(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    // A fatal error ends the parse by throwing (@xmldom/xmldom 0.9).
    problem ??= error instanceof Error ? error.message : String(error);
  }
  if (problem || !doc?.documentElement) {
    const message = XML_MESSAGES.notXml(problem ?? 'it has no root element');
    throw invalid({ file: [message] }, message);
  }
  return doc as unknown as Document;
}

const probe = new DOMParser().parseFromString('<probe/>', 'text/xml') as unknown as Node;

/** 422 for an XPath the library cannot read (checked before the job is queued). */
function checkXPath(errors: Record<string, string[]>, key: string, expression: string | undefined): void {
  if (!expression?.trim()) return;
  try {
    xpath.select(expression, probe);
  } catch {
    errors[key] = [XML_MESSAGES.badXPath(expression)];
  }
}

const text = (expression: string, node: Node): string => {
  const value = xpath.select(`string(${expression})`, node);
  return typeof value === 'string' ? value : String(value ?? '');
};

/** The rows, a batch at a time, with the record each unique key already made (updated, not added twice). */
async function* xmlRows(
  doc: Document,
  config: XmlImporterConfig,
  importerId: string,
  ownFields: Set<string>,
  idsForKeys: (keys: string[]) => Promise<Map<string, string>>,
): AsyncGenerator<SourceRow> {
  const selected = xpath.select(config.rowXPath?.trim() || '/*/*', doc as unknown as Node);
  const nodes = Array.isArray(selected) ? (selected as Node[]) : [];
  const mappings = (config.field_map ?? []).filter((m) => ownFields.has(m.destination));
  for (let first = 0; first < nodes.length; first += 500) {
    const rows = nodes.slice(first, first + 500).map((node, i): SourceRow & { unique: string } => {
      const cells: Record<string, string> = {};
      for (const m of mappings) cells[m.destination] = text(m.source, node);
      const unique = text(config.uniqueKey!, node).trim();
      const digest = createHash('sha256').update(unique).digest('base64url').slice(0, 32);
      return { index: first + i + 1, id: null, cells, key: `xml-${importerId}-${digest}`, unique };
    });
    const ids = await idsForKeys(rows.filter((r) => r.unique).map((r) => r.key!));
    for (const row of rows) {
      // A row with no unique value cannot be told apart from others: it is refused.
      if (!row.unique) yield { index: row.index, id: null, cells: {}, error: XML_MESSAGES.noUniqueValue };
      else yield { index: row.index, id: ids.get(row.key!) ?? null, cells: row.cells, key: row.key };
    }
  }
}

/** POST /xml-import/{id}: checks the importer and queues a test import of its file (or of `path`'s). */
export async function startXmlImport(
  deps: ImportDeps,
  jobs: JobQueue,
  auth: AuthContext,
  importerId: string,
  body: { path?: string | undefined },
): Promise<{ importId: string }> {
  actingTenant(auth);
  const importer: EntityRecord = await showRecord(deps.db, auth, 'xml_importer', importerId, false);
  const config = ((importer as Record<string, unknown>).configuration ?? {}) as XmlImporterConfig;
  const errors = xmlImporterErrors(config, { hasTenant: true });
  checkXPath(errors, 'rowXPath', config.rowXPath);
  checkXPath(errors, 'uniqueKey', config.uniqueKey);
  for (const [i, m] of (config.field_map ?? []).entries()) checkXPath(errors, `field_map.${i}.source`, m.source);
  let fileId = config.file?.value;
  if (body.path) {
    const m = /\/files\/([0-9a-f-]{36})\/content$/i.exec(body.path);
    if (!m) errors.path = [XML_MESSAGES.noFile];
    else fileId = m[1];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const type = await getEntityType(deps.db, auth, config.entity_type_id!);
  const saver = await bulkSaver(deps.db, auth, type.name, deps);
  const params: XmlImportParams = {
    type: saver.type.name,
    file_id: fileId!,
    test_run: true,
    time_zone: config.timezone!,
    notes_params: {
      source_import_id: null,
      type: saver.type.name,
      type_label: saver.type.label,
      file_name: config.file?.name ?? importer.display_name,
      format: 'xml',
      importer_id: importer.id,
    },
    importer: { id: importer.id, config },
  };
  return queueImport(jobs, auth, 'xml-import', params);
}

/** The 'xml-import' job: the file is read whole (an XML document is not a stream of rows) up to the upload limit. */
export function xmlImportJob(deps: ImportDeps): JobHandler<XmlImportParams> {
  return async (job) => {
    const p = job.params;
    const saver = await bulkSaver(deps.db, job.auth, p.type, deps);
    const upload = await openUpload(deps, job.tenantId, job.auth.userId, p.file_id);
    const chunks: Buffer[] = [];
    for await (const chunk of upload.bytes) chunks.push(chunk);
    const doc = parseXml(Buffer.concat(chunks).toString('utf8'));
    const notes = initialNotes(job.id, p.notes_params, p.test_run);
    const ownFields = new Set(saver.type.fields.map((f) => f.field_data.property));
    notes.ignoredFields = listIgnored(
      (p.importer.config.field_map ?? [])
        .filter((m) => !ownFields.has(m.destination))
        .map((m) => (childDestination(m.destination) ? XML_MESSAGES.childNotImported(m.destination) : m.destination || m.source)),
    );
    const context = { dateFormat: await tenantDateFormat(deps.db, job.auth), timeZone: p.time_zone };
    const rows = xmlRows(doc, p.importer.config, p.importer.id, ownFields, saver.idsForKeys);
    return { notes: { ...(await importRows(job, saver, rows, notes, context, () => null)) } };
  };
}
