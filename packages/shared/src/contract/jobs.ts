import { z } from 'zod';

/**
 * GET /long-running-job-notes/{id} (spec 01 §7; docs/decisions/0017-long-running-jobs.md): a
 * job's status, progress (0–100, null while unknown), what it reports (notes, by kind), the url
 * of what it made, and its error when it failed.
 */
export const JOB_STATUSES = ['queued', 'started', 'complete'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const longRunningJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().nullable(),
  notes: z.record(z.string(), z.unknown()),
  result_url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type LongRunningJob = z.infer<typeof longRunningJob>;

/** The notes of an import job (spec 01 §3 'Import job'), as the job screen reads them. */
export const importJobNotes = z.object({
  importedItems: z.number().default(0),
  ignoredFields: z.array(z.string()).default([]),
  error: z.string().nullable().default(null),
  params: z
    .looseObject({
      import_id: z.string(),
      source_import_id: z.string().nullable().optional(),
      type: z.string().optional(),
      type_label: z.string().optional(),
      file_name: z.string().optional(),
    })
    .optional(),
  testRun: z.boolean().default(true),
  failedRows: z
    .array(z.object({ index: z.number(), exception: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() }))
    .default([]),
  failedCount: z.number().default(0),
  tasksCompleted: z.number().default(0),
  finished: z.boolean().default(false),
  rowsRead: z.number().default(0),
  created: z.number().default(0),
  updated: z.number().default(0),
  unchanged: z.number().default(0),
  existing: z.number().default(0),
});
export type ImportJobNotes = z.infer<typeof importJobNotes>;

/** The answer of an upload and of POST /run-final-import/{id}. */
export const importStarted = z.object({ importId: z.string() });
