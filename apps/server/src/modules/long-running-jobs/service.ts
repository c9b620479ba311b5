import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { JobRow } from '../../platform/job-queue/queue.ts';

/** A job as GET /long-running-job-notes/{id} answers it (docs/decisions/0017-long-running-jobs.md). */
export interface JobNotes {
  id: string;
  kind: string;
  status: JobRow['status'];
  progress: number | null;
  notes: Record<string, unknown>;
  result_url: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentJob(row: JobRow): JobNotes {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    notes: row.notes,
    result_url: row.result_url,
    error: row.error,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job of the caller's: its tenant's rows only (row-level security), and of those only the
 * ones they started, unless they are a global admin. Anything else is 404, so another tenant
 * or another person learns nothing of a job's existence.
 */
export async function findJob(db: Kysely<DB>, auth: AuthContext, id: string): Promise<JobRow> {
  if (!UUID.test(id) || !auth.tenantId) throw notFound();
  const row = await withContext(db, dbContext(auth), (tx) =>
    tx.selectFrom('long_running_job').selectAll().where('tenant_id', '=', auth.tenantId!).where('id', '=', id).executeTakeFirst(),
  );
  if (!row || (row.user_id !== auth.userId && !auth.isGlobalAdmin)) throw notFound();
  return row;
}

export async function showJob(db: Kysely<DB>, auth: AuthContext, id: string): Promise<JobNotes> {
  return presentJob(await findJob(db, auth, id));
}
