import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, lockKey } from '../../platform/jobs.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { runDailyChecks } from './daily.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] the daily action check on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Hose Test',
        fields: [f('hose', 'single-text'), f('due', 'single-text'), f('overdue', 'yes-no')],
        actions: [
          {
            offline_id: 'overdue',
            name: 'Mark overdue',
            triggers: { type: 'check-daily' },
            ruleset_json: { '<': [{ var: 'due' }, { var: '_today' }] },
            effects: [{ type: 'setProperty', property: 'overdue', expression: true }],
          },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  it('runs check-daily actions once for the records whose rules hold today', async () => {
    const post = (payload: unknown) =>
      test.app.inject({ method: 'POST', url: '/api/entity/hose_test', headers: chief, payload: payload as object });
    const late = (await post({ hose: 'H1', due: '2026-01-01' })).json().data;
    const fine = (await post({ hose: 'H2', due: '2099-01-01' })).json().data;
    // On save the daily action does not run.
    expect(late.overdue).toBeUndefined();
    expect(await runDailyChecks(test.database.db.kysely, undefined, '2026-06-01')).toBe(1);
    const get = async (id: string) =>
      (await test.app.inject({ method: 'GET', url: `/api/entity/hose_test/${id}`, headers: chief })).json().data;
    expect((await get(late.id)).overdue).toBe(true);
    expect((await get(fine.id)).overdue).toBeUndefined();
    expect(await runDailyChecks(test.database.db.kysely, undefined, '2026-06-02')).toBe(0);
    const history = (
      await test.app.inject({ method: 'GET', url: `/api/entity/hose_test/${late.id}/actions/history`, headers: chief })
    ).json().data;
    expect(history).toMatchObject([{ trigger: 'daily', status: 'completed' }]);
  });

  it('lets one process run a job at a time', async () => {
    const runner = new JobRunner(test.database.db, test.app.log);
    let runs = 0;
    const job = {
      name: 'test-job',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
      },
    };
    expect(await runner.runOnce(job)).toBe(true);
    expect(runs).toBe(1);
    if (TEST_DB !== 'postgres') return;
    // Another process holds the job: this one skips the round.
    const db = test.database.db.kysely;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${lockKey('test-job')})`.execute(tx);
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(await runner.runOnce(job)).toBe(false);
    expect(runs).toBe(1);
    release();
    await holding;
  });
});
