import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase, twoTenants } from '../../test/database.ts';
import { BLANK_KEY, filterShapes, listKeysOf } from './list-filters.ts';

/**
 * The list keys (migration 0015) are a sieve in front of a list's exact conditions: they may let
 * through a record the conditions then refuse, never hold back one the conditions would list.
 * Every search and filter below is run with and without them over records spelt every which way.
 */
describe(`list keys on ${TEST_DB}`, () => {
  let test: TestDatabase;
  let tenant: string;
  let other: string;
  let type: string;

  const titles = [
    'Maple Street fire',
    'MAPLE-ST alarm',
    'maples of 128 Elm',
    'Old mapleton road',
    'Straße 12 Café',
    'café au lait',
    'x_y junction',
    'ab',
    'Lift assist 128 Elm Avenue',
    '',
  ];
  const values: Record<string, unknown>[] = [
    { priority: 'high', count: 3, flag: true },
    { priority: ['high', 'low'], count: 3.5, flag: 'true' },
    { priority: 'low', count: '3.0', flag: false },
    { priority: ['low'], count: 3.0, unit: 'Engine 1' },
    { priority: 'HIGH', count: [3, 4], unit: ['Engine 1', 'Rescue 8'] },
    { priority: 'x'.repeat(300), count: -0, nested: { priority: 'high' } },
    { priority: null, count: 7, unit: 'Straße' },
    {},
  ];

  beforeAll(async () => {
    test = await createTestDatabase();
    const db = test.db.kysely;
    [tenant, other] = await twoTenants(db);
    type = (await sql<{ id: string }>`INSERT INTO entity_type (name, label) VALUES ('hydrant', 'Hydrant') RETURNING id`.execute(db))
      .rows[0]!.id;
    let n = 0;
    for (const title of titles)
      for (const data of values) {
        n += 1;
        await sql`INSERT INTO entity (tenant_id, entity_type_id, display_name, place, data)
          VALUES (${n % 5 === 0 ? other : tenant}::uuid, ${type}::uuid, ${title}, ${n % 3 === 0 ? 'finalised' : 'created'}, ${JSON.stringify(data)}::jsonb)`.execute(
          db,
        );
      }
    // Numbers as another client may write them, with trailing zeros JavaScript would drop.
    for (const data of ['{"count": 3.0, "priority": "high"}', '{"count": 3.50, "flag": true}'])
      await sql`INSERT INTO entity (tenant_id, entity_type_id, display_name, data)
        VALUES (${tenant}::uuid, ${type}::uuid, 'Maple Street 128 Elm Café x_y junction lift assist', ${data}::jsonb)`.execute(db);
  });

  afterAll(() => test.drop());

  // Every search here has a trigram to key on ('e-s' or 'ab' have none, and are not keyed).
  const searches = ['maple', 'Maple St', 'APLE', 'mapleton', '128', '128 elm', 'straße', 'café', 'x_y junction', 'lift assist', '12 caf'];
  const filterSets: Record<string, string>[] = [
    {},
    { priority: 'high' },
    { priority: 'HIGH' },
    { count: '3' },
    { count: '3.5' },
    { count: '3.0' },
    { count: '0' },
    { flag: 'true' },
    { unit: 'Engine 1' },
    { unit: 'Straße' },
    { priority: 'high', flag: 'true' },
    { priority: BLANK_KEY },
  ];

  async function ids(search: string, custom: Record<string, string>, place: string | undefined, keyed: boolean): Promise<string[]> {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conditions = Object.entries(custom).map(([property, value]) =>
      value === BLANK_KEY
        ? sql`(data->${property} IS NULL OR data->${property} = 'null'::jsonb)`
        : sql`(${sql.join(
            filterShapes(property, value).map((shape) => sql`data @> ${shape}::jsonb`),
            sql` OR `,
          )})`,
    );
    if (place) conditions.push(sql`place = ${place}`);
    const keys = keyed ? listKeysOf({ displayName: search, custom, place }) : undefined;
    if (keys)
      conditions.push(
        sql`entity_list_keys(tenant_id, entity_type_id, display_name, place, data) @> entity_list_query_keys(${tenant}::uuid, ${type}::uuid, ${keys.search}, ${place ?? null}, ${sql.val(keys.filters)}::text[])`,
      );
    const rows = await sql<{ id: string }>`SELECT id FROM entity WHERE tenant_id = ${tenant}::uuid AND entity_type_id = ${type}::uuid
      AND display_name ILIKE ${like} ${sql.join(
        conditions.map((c) => sql`AND ${c}`),
        sql` `,
      )} ORDER BY id`.execute(test.db.kysely);
    return rows.rows.map((r) => r.id);
  }

  it('lists with its keys exactly what it lists without them, for every search, filter and place', async () => {
    let listed = 0;
    for (const search of searches)
      for (const custom of filterSets)
        for (const place of [undefined, 'finalised']) {
          expect(listKeysOf({ displayName: search, custom, place })).toBeDefined();
          const exact = await ids(search, custom, place, false);
          expect(await ids(search, custom, place, true), `${search} ${JSON.stringify(custom)} ${place}`).toEqual(exact);
          listed += exact.length;
        }
    // The cases are not vacuous: most searches and filters match records.
    expect(listed).toBeGreaterThan(300);
  });

  it('keys the department and type: another tenant’s records hold none of this one’s keys', async () => {
    const keys = listKeysOf({ displayName: 'maple', custom: {} })!;
    const rows = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM entity WHERE tenant_id = ${other}::uuid AND display_name ILIKE '%maple%'
      AND entity_list_keys(tenant_id, entity_type_id, display_name, place, data) @> entity_list_query_keys(${tenant}::uuid, ${type}::uuid, ${keys.search}, NULL, '{}'::text[])`.execute(
      test.db.kysely,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('keys only searches with a trigram, and leaves numbers spelt unlike a number to their filter', () => {
    expect(listKeysOf({ displayName: 'ab', custom: { priority: 'high' } })).toBeUndefined();
    expect(listKeysOf({ displayName: 'é-ü', custom: {} })).toBeUndefined();
    expect(listKeysOf({ displayName: undefined, custom: { priority: 'high' } })).toBeUndefined();
    expect(listKeysOf({ displayName: 'maple', custom: { priority: 'high', count: '3.0', n: '007', m: '12', blank: BLANK_KEY } })).toEqual({
      search: 'maple',
      filters: ['priority=high', 'm=12'],
    });
  });
});
