import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB } from '../test/database.ts';
import { signIn } from '../test/identity.ts';
import { DEMO_STATION_FOLDERS, documentsDemo } from './documents.ts';
import { STATIONS } from './entity-types/department-shifts.ts';
import { entityTypesDemo } from './entity-types.ts';
import { identityDemo } from './identity.ts';
import { type DemoContext, seedDemo } from './seed.ts';
import { tenantsDemo } from './tenants.ts';

describe(`[DEMO] stations and their document folders on ${TEST_DB}`, () => {
  let test: TestApp;
  let context: DemoContext;

  beforeAll(async () => {
    test = await createTestApp();
    context = { db: test.database.db.kysely, password: test.app.config.demoPassword, argon2: test.app.config.argon2 };
  }, 120_000);
  afterAll(() => test.close());

  it('seeds the stations once, each with its folders', async () => {
    const seeders = [tenantsDemo, identityDemo, entityTypesDemo, documentsDemo];
    await seedDemo(context, seeders);
    await seedDemo(context, seeders);
    const firefighter = await signIn(test, 'firefighter@riverside.example', context.password);
    const stations = (await test.app.inject({ method: 'GET', url: '/api/documents/stations', headers: firefighter })).json().data;
    expect(stations.map((s: { display_name: string }) => s.display_name)).toEqual(STATIONS);
    const listing = (
      await test.app.inject({
        method: 'GET',
        url: `/api/document-folders?library=station&station_id=${stations[0].id}`,
        headers: firefighter,
      })
    ).json().data;
    expect(listing.folders.map((f: { folder_name: string }) => f.folder_name)).toEqual(
      [...DEMO_STATION_FOLDERS].sort((a, b) => a.localeCompare(b)),
    );
  });
});
