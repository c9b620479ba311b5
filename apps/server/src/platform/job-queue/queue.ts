import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import type { DB, LongRunningJobTable } from '../db/schema.ts';
import { type Tx, withContext } from '../db/tenancy.ts';
import { publishOnCommit } from '../events/bus.ts';
import { AppError } from '../http/errors.ts';

/**
 * Long-running work (docs/decisions/0017-long-running-jobs.md): an import, an export, a report.
 * A module registers a handler for its kind; a request enqueues a job and answers its id at
 * once; any server process on the same database takes the job (FOR UPDATE SKIP LOCKED), runs
 * the handler as the person who started it, and records status, progress, notes and a result
 * url in `long_running_job`, which GET /long-running-job-notes/{id} reads back and which every
 * change pushes as a 'job' server event to that person.
 */
export type JobRow = Selectable<LongRunningJobTable>;

export type JobStatus = JobRow['status'];

/** What a handler is given. */
export interface RunningJob<P> {
  id: string;
  tenantId: string;
  kind: string;
  params: P;
  /** The person who started the job, acting as when they started it. */
  auth: AuthContext;
  /** Aborted when this process stops: finish the current step and throw `JobInterrupted`. */
  signal: AbortSignal;
  /** Notes (and progress, 0–100) so far: written, and pushed to the person as a 'job' event. */
  report(update: { notes?: Record<string, unknown>; progress?: number | null }): Promise<void>;
}

/** What a handler answers: its final notes and, for a file it made, where to fetch it. */
export interface JobResult {
  notes?: Record<string, unknown>;
  resultUrl?: string | null;
}

export type JobHandler<P> = (job: RunningJob<P>) => Promise<JobResult | undefined>;

/** Thrown by a handler that stopped because the process is stopping: the job goes back to the queue. */
export class JobInterrupted extends Error {
  constructor() {
    super('The job was interrupted.');
    this.name = 'JobInterrupted';
  }
}

/** The error text of a job whose handler failed with something other than an AppError. */
export const JOB_FAILED = 'The job failed. Please try again.';
/** …and of a job whose process stopped beating MAX_ATTEMPTS times. */
export const JOB_LOST = 'The job stopped before it finished.';

export interface JobQueueOptions {
  /** Jobs one process runs at once (default 2; 1 on the embedded database). */
  concurrency?: number;
  /** How often an idle process looks for work queued by another (default 2 s). */
  pollMs?: number;
  /** A started job not heard from for this long is taken again (default 5 minutes). */
  leaseMs?: number;
}

const MAX_ATTEMPTS = 3;
const everyone = { tenantId: null, userId: null, isGlobal: true } as const;

/** The person a job runs as, from what was kept when it was enqueued. */
function authOf(job: JobRow): AuthContext {
  const a = job.acting as Partial<AuthContext>;
  return {
    userId: job.user_id,
    email: String(a.email ?? ''),
    displayName: String(a.displayName ?? ''),
    tenantId: job.tenant_id,
    actingRole: typeof a.actingRole === 'string' ? a.actingRole : null,
    isGlobal: false,
    isGlobalAdmin: a.isGlobalAdmin === true,
    tokenHash: Buffer.alloc(0),
    signedInAsBy: typeof a.signedInAsBy === 'string' ? a.signedInAsBy : null,
  };
}

/** The 'job' server event: enough for a screen to know it should read the job again. */
async function announce(tx: Tx, job: Pick<JobRow, 'tenant_id' | 'id' | 'user_id' | 'kind' | 'status' | 'progress'>): Promise<void> {
  await publishOnCommit(tx, job.user_id, {
    type: 'job',
    tenant_id: job.tenant_id,
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
  });
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly worker = randomUUID();
  private claiming: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? (db.kind === 'pglite' ? 1 : 2);
    this.pollMs = options.pollMs ?? 2_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  private get kysely(): Kysely<DB> {
    return this.db.kysely;
  }

  /** Registers the handler of a kind; a process takes only the kinds it has handlers for. */
  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`a handler for job kind '${kind}' is already registered`);
    this.handlers.set(kind, handler as JobHandler<never>);
  }

  /**
   * Queues a job for `auth` (in the tenant they act in) and starts it here at once when this
   * process has room; `notes` is what the job reports before it starts (or makes it from the
   * job's id).
   */
  async enqueue(
    auth: AuthContext,
    kind: string,
    params: Record<string, unknown>,
    notes: Record<string, unknown> | ((id: string) => Record<string, unknown>) = {},
  ): Promise<JobRow> {
    const id = randomUUID();
    const tenantId = actingTenant(auth);
    const acting = {
      email: auth.email,
      displayName: auth.displayName,
      actingRole: auth.actingRole,
      isGlobalAdmin: auth.isGlobalAdmin,
      signedInAsBy: auth.signedInAsBy,
    };
    const job = await withContext(this.kysely, dbContext(auth), async (tx) => {
      const row = await tx
        .insertInto('long_running_job')
        .values({
          tenant_id: tenantId,
          id,
          user_id: auth.userId,
          acting: JSON.stringify(acting),
          kind,
          params: JSON.stringify(params),
          notes: JSON.stringify(typeof notes === 'function' ? notes(id) : notes),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await announce(tx, row);
      return row;
    });
    this.kick();
    return job;
  }

  /** Looks for work every pollMs (jobs queued by other processes, or left by one that stopped). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      void this.reap().then(
        () => this.kick(),
        (error: unknown) => this.log.error({ err: error }, 'job queue: reaping failed'),
      );
    }, this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops taking work; running jobs are asked to stop (they go back to the queue) and awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    for (const { abort } of this.running.values()) abort.abort();
    await this.claiming;
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Resolves when this process has nothing running and nothing it could take is waiting (tests). */
  async drain(): Promise<void> {
    for (;;) {
      // A claim pass begun before this call may have looked for fewer kinds or missed a job
      // changed since (a test registers a kind, then drains): wait for it, then look again.
      await this.claiming;
      this.kick();
      await this.claiming;
      if (this.running.size === 0) return;
      await Promise.race([...this.running.values()].map((r) => r.done));
    }
  }

  /** Takes jobs while there is room; one claim loop at a time. */
  kick(): void {
    if (this.stopped || this.claiming || this.handlers.size === 0) return;
    this.claiming = this.fill()
      .catch((error: unknown) => this.log.error({ err: error }, 'job queue: claiming failed'))
      .finally(() => {
        this.claiming = null;
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.concurrency) {
      const job = await this.claim();
      if (!job) return;
      const abort = new AbortController();
      const done = this.run(job, abort.signal).finally(() => {
        this.running.delete(job.id);
        this.kick();
      });
      this.running.set(job.id, { done, abort });
    }
  }

  /** The oldest waiting job of a kind this process handles, now started by it; or a started one whose lease ran out. */
  private async claim(): Promise<JobRow | undefined> {
    const kinds = [...this.handlers.keys()];
    return withContext(this.kysely, everyone, async (tx) => {
      const { rows } = await sql<JobRow>`
        UPDATE long_running_job j
        SET status = 'started', started_at = coalesce(j.started_at, now()), heartbeat_at = now(), attempts = j.attempts + 1
        FROM (
          SELECT tenant_id, id FROM long_running_job
          WHERE kind IN (${sql.join(kinds)}) AND attempts < ${MAX_ATTEMPTS}
            AND (status = 'queued' OR (status = 'started' AND heartbeat_at < now() - make_interval(secs => ${this.leaseMs / 1000})))
          ORDER BY created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        ) next
        WHERE j.tenant_id = next.tenant_id AND j.id = next.id
        RETURNING j.*`.execute(tx);
      const job = rows[0];
      if (job) await announce(tx, job);
      return job;
    });
  }

  /** Started jobs whose process stopped beating MAX_ATTEMPTS times end with an error. */
  private async reap(): Promise<void> {
    await withContext(this.kysely, everyone, async (tx) => {
      const { rows } = await sql<JobRow>`
        UPDATE long_running_job
        SET status = 'complete', finished_at = now(), error = ${JOB_LOST}
        WHERE status = 'started' AND attempts >= ${MAX_ATTEMPTS} AND heartbeat_at < now() - make_interval(secs => ${this.leaseMs / 1000})
        RETURNING *`.execute(tx);
      for (const job of rows) await announce(tx, job);
    });
  }

  private async update(job: JobRow, changes: Record<string, unknown>): Promise<void> {
    await withContext(this.kysely, everyone, async (tx) => {
      const row = await tx
        .updateTable('long_running_job')
        .set(changes)
        .where('tenant_id', '=', job.tenant_id)
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirst();
      if (row && changes.status !== 'queued') await announce(tx, row);
    });
  }

  private async run(job: JobRow, signal: AbortSignal): Promise<void> {
    const handler = this.handlers.get(job.kind) as JobHandler<unknown>;
    const log = this.log.child({ job: job.id, kind: job.kind, worker: this.worker });
    const beat = setInterval(
      () => void this.update(job, { heartbeat_at: new Date() }).catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed')),
      Math.max(1_000, this.leaseMs / 3),
    );
    beat.unref();
    try {
      const result = await handler({
        id: job.id,
        tenantId: job.tenant_id,
        kind: job.kind,
        params: job.params,
        auth: authOf(job),
        signal,
        report: async ({ notes, progress }) => {
          const changes: Record<string, unknown> = { heartbeat_at: new Date() };
          if (notes) changes.notes = JSON.stringify(notes);
          if (progress !== undefined) changes.progress = progress === null ? null : Math.max(0, Math.min(100, Math.round(progress)));
          await this.update(job, changes);
        },
      });
      await this.update(job, {
        status: 'complete',
        progress: 100,
        finished_at: new Date(),
        heartbeat_at: null,
        ...(result?.notes ? { notes: JSON.stringify(result.notes) } : {}),
        ...(result?.resultUrl ? { result_url: result.resultUrl } : {}),
      });
    } catch (error) {
      if (error instanceof JobInterrupted || (signal.aborted && this.stopped)) {
        log.info('job interrupted: back to the queue');
        await this.update(job, { status: 'queued', heartbeat_at: null, attempts: sql`attempts - 1` }).catch(() => {});
        return;
      }
      const message = error instanceof AppError ? error.message : JOB_FAILED;
      if (!(error instanceof AppError)) log.error({ err: error }, 'job failed');
      await this.update(job, { status: 'complete', finished_at: new Date(), heartbeat_at: null, error: message }).catch((e: unknown) =>
        log.error({ err: e }, 'job failure could not be recorded'),
      );
    } finally {
      clearInterval(beat);
    }
  }
}
