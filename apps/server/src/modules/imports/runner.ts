import { createHash } from 'node:crypto';
import { canSeeField, type EntityType, type FieldDefinition, type FieldViewer, fieldTypeOf } from '@turnout/shared';
import { JobInterrupted, type RunningJob } from '../../platform/job-queue/queue.ts';
import type { BulkOutcome, BulkRow, BulkSaver } from '../entities/bulk-save.ts';
import { type CellContext, cellValue } from './cell-values.ts';
import type { CsvEncoding } from './csv-source.ts';

/**
 * The part of an import that CSV and XML share (docs/decisions/0018-imports.md): rows of text
 * by field property become the values a save takes, go to the entities module's bulk saver in
 * batches (checked only, on a test run; saved, on a final import), and the job's notes say
 * what happened (spec 01 §3 'Import job').
 */
export interface SourceRow {
  /** The row's number in the file (for CSV, as a spreadsheet numbers it: the header is 1). */
  index: number;
  /** The record to update, or null to add one. */
  id: string | null;
  /** Cell text by field property. */
  cells: Record<string, string>;
  /** The row's own key (an XML importer's unique key); by default one is made from its content. */
  key?: string;
  /** Why the row cannot be imported at all (it is listed as failed, nothing else is done). */
  error?: string;
}

export interface FailedRow {
  index: number;
  exception: string;
  errors: Record<string, string[]>;
}

/** An import's notes: spec 01 §3 'Import job' and a breakdown of what was done. */
export interface ImportNotes {
  importedItems: number;
  ignoredFields: string[];
  error: string | null;
  params: ImportNotesParams & { import_id: string };
  testRun: boolean;
  failedRows: FailedRow[];
  /** Every failed row, also those past the listed ones. */
  failedCount: number;
  /** Batches done. */
  tasksCompleted: number;
  finished: boolean;
  rowsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  /** New rows already saved by an earlier run of the same import (not saved again). */
  existing: number;
}

export interface ImportNotesParams {
  source_import_id: string | null;
  type: string;
  type_label: string;
  file_name: string;
  format: 'csv' | 'xml';
  /** How the file's text was read (CSV): found by the test run, used by the final import. */
  encoding?: CsvEncoding;
  /** The XML importer record whose configuration this import follows. */
  importer_id?: string;
}

/** Rows per batch: one transaction, one INSERT of records and one of their versions. */
export const BATCH_ROWS = 500;
/** Batches saved at once by one import (docs/decisions/0018-imports.md 'How many at once'). */
export const BATCHES_AT_ONCE = 2;
/** Failed rows listed in the notes (all are counted). */
export const MAX_FAILED_LISTED = 500;
/** Ignored columns listed, and the longest name shown. */
const MAX_IGNORED_LISTED = 100;
const MAX_COLUMN_NAME = 80;

export const IGNORED_MESSAGES = {
  moreIgnored: (n: number) => `… and ${n} more`,
} as const;

export function initialNotes(importId: string, params: ImportNotesParams, testRun: boolean): ImportNotes {
  return {
    importedItems: 0,
    ignoredFields: [],
    error: null,
    params: { ...params, import_id: importId },
    testRun,
    failedRows: [],
    failedCount: 0,
    tasksCompleted: 0,
    finished: false,
    rowsRead: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    existing: 0,
  };
}

/** The fields a column may fill: values people can see and type, not computed ones nor files. */
export function importableFields(type: EntityType, viewer: FieldViewer): FieldDefinition[] {
  return type.fields
    .map((f) => f.field_data as FieldDefinition)
    .filter((f) => {
      const kind = fieldTypeOf(f.type);
      return (
        kind.holdsValue &&
        kind.family !== 'computed' &&
        !['single-file', 'signature-pad', 'hidden', 'custom-functionality'].includes(f.type) &&
        canSeeField(f.permissions, viewer)
      );
    });
}

/** Ignored column names as listed: shortened, at most MAX_IGNORED_LISTED of them. */
export function listIgnored(names: string[]): string[] {
  const shown = names.slice(0, MAX_IGNORED_LISTED).map((n) => (n.length > MAX_COLUMN_NAME ? `${n.slice(0, MAX_COLUMN_NAME)}…` : n));
  return names.length > MAX_IGNORED_LISTED ? [...shown, IGNORED_MESSAGES.moreIgnored(names.length - MAX_IGNORED_LISTED)] : shown;
}

/** The readable text of a failed row: its field messages (which name their fields), else the refusal. */
export function exceptionText(outcome: Extract<BulkOutcome, { status: 'failed' }>): string {
  const messages = Object.values(outcome.errors).flat();
  return messages.length > 0 ? messages.join(' ') : outcome.message;
}

/**
 * Runs the rows through the saver in batches, reporting after each. New rows get a key from
 * their content and how often that content came before in the file, so a second run of the
 * same file — or of the file with a row fixed — saves only what is not saved yet.
 */
export async function importRows(
  job: RunningJob<unknown>,
  saver: BulkSaver,
  rows: AsyncIterable<SourceRow>,
  notes: ImportNotes,
  context: CellContext,
  progress: () => number | null,
): Promise<ImportNotes> {
  const fields = new Map(importableFields(saver.type, saver.viewer).map((f) => [f.property, f]));
  const seen = new Map<string, number>();
  let batch: { source: SourceRow; row: BulkRow }[] = [];

  const tally = async (done: { source: SourceRow; row: BulkRow }[], outcomes: BulkOutcome[]) => {
    outcomes.forEach((outcome, i) => {
      const { source } = done[i]!;
      if (outcome.status === 'failed') {
        notes.failedCount += 1;
        if (notes.failedRows.length < MAX_FAILED_LISTED)
          notes.failedRows.push({ index: source.index, exception: exceptionText(outcome), errors: outcome.errors });
        return;
      }
      notes.importedItems += 1;
      if (outcome.status === 'created') notes.created += 1;
      else if (outcome.status === 'updated') notes.updated += 1;
      else if (outcome.status === 'unchanged') notes.unchanged += 1;
      else if (outcome.status === 'existing') notes.existing += 1;
    });
    notes.tasksCompleted += 1;
    await job.report({ notes: { ...notes }, progress: progress() });
  };
  // Up to BATCHES_AT_ONCE batches in flight: the next batch is read and checked while the
  // database writes the one before.
  const inFlight: Promise<void>[] = [];
  const settle = async (all: boolean) => {
    while (inFlight.length > (all ? 0 : BATCHES_AT_ONCE - 1)) await inFlight.shift();
    if (job.signal.aborted) throw new JobInterrupted();
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const done = batch;
    batch = [];
    const input = done.map((b) => b.row);
    const work = (notes.testRun ? saver.check(input) : saver.save(input)).then((outcomes) => tally(done, outcomes));
    work.catch(() => undefined); // awaited in settle; never an unhandled rejection meanwhile
    inFlight.push(work);
    await settle(false);
  };

  for await (const source of rows) {
    notes.rowsRead += 1;
    if (source.error) {
      notes.failedCount += 1;
      if (notes.failedRows.length < MAX_FAILED_LISTED) notes.failedRows.push({ index: source.index, exception: source.error, errors: {} });
      continue;
    }
    const values: Record<string, unknown> = {};
    const hash = createHash('sha256')
      .update(saver.type.id)
      .update('\0')
      .update(source.id ?? '');
    for (const property of Object.keys(source.cells).sort()) {
      const field = fields.get(property);
      const text = source.cells[property]!;
      if (!field) continue;
      hash.update('\0').update(property).update('\0').update(text);
      const value = cellValue(field, text, context);
      if (value !== undefined) values[property] = value;
    }
    const digest = hash.digest('base64url').slice(0, 32);
    const occurrence = seen.get(digest) ?? 0;
    seen.set(digest, occurrence + 1);
    batch.push({ source, row: { key: source.key ?? `import-${digest}-${occurrence}`, id: source.id, values } });
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  await settle(true);
  notes.failedRows.sort((a, b) => a.index - b.index);
  notes.finished = true;
  return notes;
}
