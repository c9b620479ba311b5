import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser, createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import type { AuthContext } from '../auth/context.ts';
import { withContext } from '../db/tenancy.ts';
import { badRequest } from '../http/errors.ts';
import { JOB_FAILED, JOB_LOST, JobInterrupted, JobQueue, type JobRow } from './queue.ts';

describe(`[JOBS] the long-running job queue on ${TEST_DB}`, () => {
  let test: TestApp;
  let auth: AuthContext;
  let headers: Record<string, string>;
  const queues: JobQueue[] = [];
  const queue = (options: ConstructorParameters<typeof JobQueue>[2] = {}) => {
    const q = new JobQueue(test.database.db, test.app.log, options);
    queues.push(q);
    return q;
  };
  const read = (id: string) =>
    withContext(test.database.db.kysely, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
      tx.selectFrom('long_running_job').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );

  beforeAll(async () => {
    test = await createTestApp();
    const user = await createTenantUser(test);
    headers = user.headers;
    auth = {
      userId: user.user.id,
      email: user.user.email,
      displayName: 'Importer',
      tenantId: user.tenant.id,
      actingRole: 'Tenant Admin',
      isGlobal: false,
      isGlobalAdmin: false,
      tokenHash: Buffer.alloc(0),
      signedInAsBy: null,
    };
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await test.close();
  });

  it('runs each job once however many processes share the queue, as the person who started it', async () => {
    const ran: { id: string; by: string; user: string }[] = [];
    const [one, two] = [queue({ concurrency: 2 }), queue({ concurrency: 2 })];
    for (const [name, q] of [
      ['one', one],
      ['two', two],
    ] as const) {
      q.register<{ n: number }>('count', async (job) => {
        ran.push({ id: job.id, by: name, user: job.auth.userId });
        await job.report({ notes: { n: job.params.n }, progress: 50 });
        return { notes: { n: job.params.n, done: true }, resultUrl: `/api/files/${job.params.n}` };
      });
    }
    // Enqueued through `one` only; `two` finds them by looking.
    const jobs: JobRow[] = [];
    for (let n = 0; n < 12; n++) jobs.push(await one.enqueue(auth, 'count', { n }));
    two.kick();
    await Promise.all([one.drain(), two.drain()]);
    expect(ran.map((r) => r.id).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(new Set(ran.map((r) => r.user))).toEqual(new Set([auth.userId]));
    const done = await read(jobs[3]!.id);
    expect(done).toMatchObject({ status: 'complete', progress: 100, notes: { n: 3, done: true }, result_url: '/api/files/3', attempts: 1 });
    const res = await test.app.inject({ method: 'GET', url: `/api/long-running-job-notes/${jobs[3]!.id}`, headers });
    expect(res.json().data).toMatchObject({ status: 'complete', progress: 100, notes: { n: 3, done: true }, error: null });
  });

  it('records a refusal as the job’s error and hides anything else behind a plain message', async () => {
    const q = queue();
    q.register('refuse', async () => {
      throw badRequest('The file is not a CSV file.');
    });
    q.register('crash', async () => {
      throw new Error('secret stack detail');
    });
    const refused = await q.enqueue(auth, 'refuse', {});
    const crashed = await q.enqueue(auth, 'crash', {});
    await q.drain();
    expect(await read(refused.id)).toMatchObject({ status: 'complete', error: 'The file is not a CSV file.' });
    expect(await read(crashed.id)).toMatchObject({ status: 'complete', error: JOB_FAILED });
  });

  it('puts an interrupted job back in the queue, and takes back a job whose process stopped', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue();
    first.register('long', async (job) => {
      release();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      throw new JobInterrupted();
    });
    const job = await first.enqueue(auth, 'long', {});
    await started;
    await first.stop();
    expect(await read(job.id)).toMatchObject({ status: 'queued', attempts: 0 });

    const second = queue({ leaseMs: 1_000 });
    second.register('long', async () => ({ notes: { resumed: true } }));
    await second.drain();
    expect(await read(job.id)).toMatchObject({ status: 'complete', notes: { resumed: true } });

    // A started job whose process vanished (no heartbeat for the lease) is taken again …
    const lost = await second.enqueue(auth, 'orphan', {});
    await withContext(test.database.db.kysely, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
      sql`UPDATE long_running_job SET status = 'started', attempts = 1, heartbeat_at = now() - interval '1 hour' WHERE id = ${lost.id}`.execute(
        tx,
      ),
    );
    second.register('orphan', async () => ({ notes: { taken: true } }));
    await second.drain();
    expect(await read(lost.id)).toMatchObject({ status: 'complete', attempts: 2, notes: { taken: true } });
    // … until it has been tried three times: then it ends with an error.
    const dead = await second.enqueue(auth, 'never', {});
    await withContext(test.database.db.kysely, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
      sql`UPDATE long_running_job SET status = 'started', attempts = 3, heartbeat_at = now() - interval '1 hour' WHERE id = ${dead.id}`.execute(
        tx,
      ),
    );
    const reaper = queue({ pollMs: 50, leaseMs: 1_000 });
    reaper.register('never', async () => undefined);
    reaper.start();
    await expect.poll(async () => (await read(dead.id)).error, { timeout: 5_000 }).toBe(JOB_LOST);
  });

  it('keeps a job in its tenant (row-level security)', async () => {
    const q = queue();
    q.register('noop', async () => undefined);
    const job = await q.enqueue(auth, 'noop', {});
    const other = await createTenantUser(test);
    const seen = await withContext(test.database.db.kysely, { tenantId: other.tenant.id, userId: other.user.id, isGlobal: false }, (tx) =>
      tx.selectFrom('long_running_job').select('id').where('id', '=', job.id).execute(),
    );
    expect(seen).toEqual([]);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/long-running-job-notes/${job.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
  });
});
