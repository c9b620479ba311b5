import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from './db/database.ts';

/**
 * Recurring work (daily action checks, later exports and reminders). Each run takes a
 * transaction-level advisory lock keyed by the job's name, so with several server processes
 * on one PostgreSQL only one runs a job at a time; the others skip that round.
 *
 * DESIGN names pg-boss for the queue; pg-boss 12 declares Node ≥ 22.12 and these machines run
 * Node 20, so this small scheduler stands in until the runtime moves (docs/decisions/0007).
 */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export function lockKey(name: string): number {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) | 0;
  return hash;
}

export class JobRunner {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `job` now (unless another process holds it) and returns whether it ran. */
  async runOnce(job: Job): Promise<boolean> {
    // The embedded database is one process's: nothing to share, and its single connection
    // must stay free for the job's own queries.
    if (this.db.kind === 'pglite') {
      await job.run();
      return true;
    }
    return this.db.kysely.transaction().execute(async (tx) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lockKey(job.name)}) AS locked`.execute(tx);
      if (!rows[0]?.locked) return false;
      await job.run();
      return true;
    });
  }

  start(jobs: Job[]): void {
    for (const job of jobs) {
      const tick = () => {
        const task = this.runOnce(job).then(
          () => {},
          (error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'),
        );
        this.running.add(task);
        void task.finally(() => this.running.delete(task));
      };
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      this.timers.push(timer);
      setTimeout(tick, 5_000).unref();
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all([...this.running]);
  }
}
