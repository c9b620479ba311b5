import type { Multipart } from '@fastify/multipart';
import { type AuthContext, actingTenant } from '../../platform/auth/context.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/job-queue/queue.ts';
import { bulkSaver } from '../entities/bulk-save.ts';
import { findJob } from '../long-running-jobs/service.ts';
import { initialNotes } from './runner.ts';
import { type ImportDeps, type ImportParams, storeUpload } from './uploads.ts';

/**
 * Imports (spec 01 §2.6 'Upload CSV Data File', §2.11, §4 'Import flow', §7; docs/decisions/
 * 0018-imports.md): an upload starts a test run, which checks every row as a save would and
 * writes nothing; 'Run Final Import' starts a new import (a new id) of the same file that saves.
 */
export const IMPORT_KINDS = ['csv-import', 'xml-import'] as const;

export const FINAL_MESSAGES = {
  notImport: 'This job is not an import.',
  notFinished: 'The test run has not finished yet.',
  failed: (error: string) => `The test run could not read the file: ${error}`,
} as const;

/** POST {base}/template/import: stores the CSV and queues its test run; answers the import id. */
export async function startCsvImport(
  deps: ImportDeps,
  jobs: JobQueue,
  auth: AuthContext,
  typeName: string,
  parts: AsyncIterableIterator<Multipart>,
  timeZone: string,
): Promise<{ importId: string }> {
  const tenantId = actingTenant(auth);
  // 404 for an unknown type, 403 without the right to add or edit its records: before any byte is stored.
  const saver = await bulkSaver(deps.db, auth, typeName, deps);
  const file = await storeUpload(deps, auth, tenantId, parts, { what: 'a CSV', mimeType: 'text/csv' });
  const params: ImportParams = {
    type: saver.type.name,
    file_id: file.id,
    test_run: true,
    time_zone: timeZone,
    notes_params: { source_import_id: null, type: saver.type.name, type_label: saver.type.label, file_name: file.name, format: 'csv' },
  };
  return queueImport(jobs, auth, 'csv-import', params);
}

export async function queueImport(jobs: JobQueue, auth: AuthContext, kind: string, params: ImportParams): Promise<{ importId: string }> {
  // The notes carry the import id itself (spec 01 §3 'params.import_id') from the start.
  const notes = (id: string) => initialNotes(id, params.notes_params, params.test_run) as unknown as Record<string, unknown>;
  const job = await jobs.enqueue(auth, kind, params as unknown as Record<string, unknown>, notes);
  return { importId: job.id };
}

/**
 * POST /run-final-import/{id}: a new import, with a new id, of the file a finished test run
 * read. Its rows carry the same keys, so running it again never saves a row twice.
 */
export async function runFinalImport(deps: ImportDeps, jobs: JobQueue, auth: AuthContext, id: string): Promise<{ importId: string }> {
  const source = await findJob(deps.db, auth, id);
  if (!(IMPORT_KINDS as readonly string[]).includes(source.kind))
    throw invalid({ id: [FINAL_MESSAGES.notImport] }, FINAL_MESSAGES.notImport);
  if (source.status !== 'complete') throw new AppError(409, 'conflict', FINAL_MESSAGES.notFinished);
  if (source.error) throw invalid({ id: [FINAL_MESSAGES.failed(source.error)] }, FINAL_MESSAGES.failed(source.error));
  const before = source.params as unknown as ImportParams;
  const read = (source.notes as { params?: { encoding?: ImportParams['notes_params']['encoding'] } }).params;
  const params: ImportParams = {
    ...before,
    test_run: false,
    notes_params: {
      ...before.notes_params,
      source_import_id: before.notes_params.source_import_id ?? source.id,
      ...(read?.encoding ? { encoding: read.encoding } : {}),
    },
  };
  return queueImport(jobs, auth, source.kind, params);
}
