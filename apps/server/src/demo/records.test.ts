import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB } from '../test/database.ts';
import { signIn } from '../test/identity.ts';
import { entityTypesDemo } from './entity-types.ts';
import { identityDemo } from './identity.ts';
import { DEMO_HYDRANT_COUNT, recordsDemo } from './records.ts';
import { type DemoContext, seedDemo } from './seed.ts';
import { DEMO_SHIFT_DAYS, shiftsDemo } from './shifts.ts';
import { tenantsDemo } from './tenants.ts';

describe(`[DEMO] records on ${TEST_DB}`, () => {
  let test: TestApp;
  let context: DemoContext;

  beforeAll(async () => {
    test = await createTestApp();
    context = { db: test.database.db.kysely, password: test.app.config.demoPassword, argon2: test.app.config.argon2 };
  });
  afterAll(() => test.close());

  it('seeds more hydrants than a page holds, once, and a task type', async () => {
    const seeders = [tenantsDemo, identityDemo, entityTypesDemo, recordsDemo];
    await seedDemo(context, seeders);
    await seedDemo(context, seeders);
    const chief = await signIn(test, 'chief@riverside.example', context.password);
    const page = (await test.app.inject({ method: 'GET', url: '/api/entity/hydrant?sort=a_to_z', headers: chief })).json();
    expect(page.meta).toMatchObject({ total: DEMO_HYDRANT_COUNT, last_page: 2, per_page: 48 });
    expect(page.data[0].display_name).toBe('H-001');
    const types = (await test.app.inject({ method: 'GET', url: '/api/entity-type', headers: chief })).json().data;
    expect(types.find((t: { name: string }) => t.name === 'station_task')).toMatchObject({ is_task: true, label: 'Station Task' });
  });

  it('seeds three weeks of department shifts once, most with an assignee, for the schedule timeline', async () => {
    const seeders = [tenantsDemo, identityDemo, entityTypesDemo, shiftsDemo];
    await seedDemo(context, seeders);
    await seedDemo(context, seeders);
    const chief = await signIn(test, 'chief@riverside.example', context.password);
    const now = Date.now();
    const from = new Date(now - 15 * 86_400_000).toISOString();
    const to = new Date(now + 15 * 86_400_000).toISOString();
    const res = await test.app.inject({
      method: 'GET',
      url: `/api/calendar/shift-schedule/department_shifts?from=${from}&to=${to}`,
      headers: chief,
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as { assignee: { name: string } | null }[];
    expect(items).toHaveLength(DEMO_SHIFT_DAYS.before + DEMO_SHIFT_DAYS.after + 1);
    expect(new Set(items.map((i) => i.assignee?.name ?? null))).toEqual(
      new Set(['Casey Captain', 'Logan Lieutenant', 'Emery Engineer', null]),
    );
  });
});
