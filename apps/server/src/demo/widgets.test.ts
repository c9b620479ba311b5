import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB } from '../test/database.ts';
import { signIn } from '../test/identity.ts';
import { entityTypesDemo } from './entity-types.ts';
import { identityDemo } from './identity.ts';
import { recordsDemo } from './records.ts';
import { type DemoContext, seedDemo } from './seed.ts';
import { tenantsDemo } from './tenants.ts';
import { DEMO_CALL_COUNT, widgetsDemo } from './widgets.ts';

describe(`[DEMO] the chief's dashboard on ${TEST_DB}`, () => {
  let test: TestApp;
  let context: DemoContext;

  beforeAll(async () => {
    test = await createTestApp();
    context = { db: test.database.db.kysely, password: test.app.config.demoPassword, argon2: test.app.config.argon2 };
  });
  afterAll(() => test.close());

  it('seeds calls over 90 days and a dashboard whose every widget computes, once', async () => {
    const seeders = [tenantsDemo, identityDemo, entityTypesDemo, recordsDemo, widgetsDemo];
    await seedDemo(context, seeders);
    await seedDemo(context, seeders);
    const chief = await signIn(test, 'chief@riverside.example', context.password);
    const get = async (url: string) => (await test.app.inject({ method: 'GET', url, headers: chief })).json();
    expect((await get('/api/dashboards')).data.map((d: { name: string }) => d.name)).toEqual(["Chief's Dashboard", 'Board Overview']);
    const widgets = (await get('/api/widgets')).data as { id: string; name: string; render_type: string }[];
    expect(widgets).toHaveLength(12);
    const figures = new Map<string, Record<string, unknown>>();
    for (const w of widgets.filter((w) => w.render_type !== 'activity_feed')) {
      const data = await get(`/api/widget/${w.id}`);
      expect(data.message, w.name).toBeNull();
      figures.set(w.name, data);
    }
    expect(figures.get('Call Volume')).toMatchObject({ total: DEMO_CALL_COUNT });
    const points = figures.get('Call Volume')!.values as { value: number }[];
    expect(points).toHaveLength(30);
    expect(points.reduce((s, p) => s + p.value, 0)).toBeGreaterThan(20);
    const mean = figures.get('Response Time')!.value as number;
    expect(mean).toBeGreaterThanOrEqual(240);
    expect(mean).toBeLessThanOrEqual(660);
    const slices = figures.get('Calls by Type')!.values as { value: number }[];
    expect(slices.reduce((s, p) => s + p.value, 0)).toBe(DEMO_CALL_COUNT);
    expect(figures.get('Hydrants Out of Service')).toMatchObject({ total: 60, true: 8, value: 13 });
    const feed = widgets.find((w) => w.render_type === 'activity_feed')!;
    expect((await get(`/api/widget/${feed.id}/feed`)).data.length).toBe(100);
  });
});
