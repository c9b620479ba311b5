import { entityRecord, listedRecord, paged } from '@turnout/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { COUNT_CAP, WALK_ROWS } from './service.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

/**
 * List pages (docs/decisions/0031): a page carries what a list shows, detailed=true the whole
 * records; a filter matching past the count cap is read in its sort's order and gives the same
 * page as sorting all its matches.
 */
describe(`[RECORDS] list items and broad filters on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let chief: { id: string; email: string };
  let chiefA: Record<string, string>;
  let userA: Record<string, string>;
  let chiefB: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }]);
    chiefA = await signIn(test, chief.email);
    userA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    chiefB = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chiefA,
      payload: {
        label: 'Hydrant',
        object_data: { formtitle: '{code} hydrant' },
        allowed_transitions: [{ name: 'mark_as_finalised' }],
        fields: [
          f('unit', 'single-text', { flags: { tableView: true } }),
          f('priority', 'single-text', { flags: { tableView: true } }),
          f('secret', 'single-text', { flags: { tableView: true }, permissions: { visible_to: ['Tenant Admin'] } }),
          f('code', 'single-text'),
          f('narrative', 'textarea'),
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    for (const [i, unit] of ['E1', 'E2', 'E3'].entries()) {
      const saved = await test.app.inject({
        method: 'POST',
        url: '/api/entity/hydrant',
        headers: chiefA,
        payload: { unit, priority: 'high', secret: 's', code: `C${i}`, narrative: 'long text '.repeat(20) },
      });
      if (saved.statusCode !== 201) throw new Error(saved.body);
    }
  });
  afterAll(() => test.close());

  const list = (query: string, headers = userA) => test.app.inject({ method: 'GET', url: `/api/entity/hydrant?${query}`, headers });

  it('carries what the list shows: name, place, assignee, dates, table-view and title values', async () => {
    const res = await list('per_page=48');
    expect(res.statusCode).toBe(200);
    const page = paged(listedRecord).parse(res.json());
    expect(page.data).toHaveLength(3);
    const item = page.data.find((r) => r.unit === 'E1')!;
    expect(Object.keys(item).sort()).toEqual(
      ['id', 'version', 'display_name', 'place', 'assignee', 'due_at', 'created_at', 'updated_at', 'unit', 'priority', 'code'].sort(),
    );
    expect(item).toMatchObject({ display_name: 'C0 hydrant', place: 'created', version: 1, assignee: null, due_at: null });
    // What the record screen alone needs is left out.
    for (const key of ['available_transitions', 'type', 'narrative', 'uri', 'tenant_id', 'data_requiring_approval', 'secret'])
      expect(item).not.toHaveProperty(key);
  });

  it('carries a hidden table-view field only to a role that may see it', async () => {
    const item = (await list('per_page=48', chiefA)).json().data[0];
    expect(item.secret).toBe('s');
    expect((await list('per_page=48&fields=secret,narrative')).json().data[0]).not.toHaveProperty('secret');
  });

  it('carries more values named in fields, and whole records with detailed=true', async () => {
    const named = (await list('per_page=48&fields=narrative')).json().data[0];
    expect(named.narrative).toMatch(/^long text/);
    expect(named).not.toHaveProperty('available_transitions');
    const detailed = (await list('per_page=48&detailed=true')).json();
    const page = paged(entityRecord).parse(detailed);
    expect(page.data[0]).toMatchObject({ type: { name: 'hydrant' }, narrative: expect.any(String) });
    expect(page.data[0]!.available_transitions.length).toBeGreaterThan(0);
    expect(page.data[0]).not.toHaveProperty('secret');
  });

  it("never lists another tenant's records", async () => {
    const res = await list('per_page=48', chiefB);
    expect([200, 403, 404]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().data).toEqual([]);
  });

  it('names the assignees who are members of the department, and nobody of another', async () => {
    const db = test.database.db.kysely;
    const dana = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    // The name the department knows is its personnel record's, not the account's.
    await sql`UPDATE personnel SET display_name = 'Dana Reyes' WHERE tenant_id = ${a.id}::uuid AND user_id = ${dana.id}::uuid`.execute(db);
    const other = await makeTenant(test, 'Charlie');
    const outsider = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: other.id }]);
    const outsiderName = (await db.selectFrom('app_user').select('display_name').where('id', '=', outsider.id).executeTakeFirstOrThrow())
      .display_name;
    const add = async (code: string, extra: Record<string, unknown>) => {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/entity/hydrant',
        headers: chiefA,
        payload: { unit: 'E9', code, ...extra },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().data.id as string;
    };
    await add('Named', { assignee: dana.id, assignee_2: chief.id });
    // Saving refuses another department's user (references.ts), but a record may hold one from
    // before that check or of someone who changed departments: written past the API here.
    const foreign = await add('Foreign', {});
    await sql`UPDATE entity SET assignee = ${outsider.id}::uuid WHERE id = ${foreign}::uuid`.execute(db);
    const res = await list('per_page=48&filter[display_name]=hydrant&sort=a_to_z');
    expect(res.statusCode).toBe(200);
    const items = paged(listedRecord).parse(res.json()).data;
    const named = items.find((r) => r.code === 'Named')!;
    expect(named.assigned_to).toEqual([
      { id: dana.id, display_name: 'Dana Reyes' },
      { id: chief.id, display_name: expect.stringMatching(/^Name user-/) },
    ]);
    const stray = items.find((r) => r.code === 'Foreign')!;
    expect(stray.assignee).toBe(outsider.id);
    expect(stray).not.toHaveProperty('assigned_to');
    expect(res.body).not.toContain(outsiderName);
    // Items nobody is assigned to carry no names.
    expect(items.find((r) => r.unit === 'E1')).not.toHaveProperty('assigned_to');
  });

  describe('a filter matching past the count cap', () => {
    // Newest first: WALK_ROWS 'Oak' records, then COUNT_CAP + 100 'Maple' ones, then 'Mixed'
    // records of which every third says 'cedar'; all updated at distinct times.
    const oak = WALK_ROWS;
    const maple = COUNT_CAP + 100;
    const mixed = 3 * (COUNT_CAP + 100);
    let type: string;

    beforeAll(async () => {
      const db = test.database.db.kysely;
      type = (await db.selectFrom('entity_type').select('id').where('name', '=', 'hydrant').executeTakeFirstOrThrow()).id;
      await sql`INSERT INTO entity (tenant_id, entity_type_id, display_name, updated_at, data)
        SELECT ${a.id}::uuid, ${type}::uuid,
          CASE WHEN g <= ${oak} THEN 'Oak ' || g
               WHEN g <= ${oak + maple} THEN 'Maple ' || g
               WHEN g % 3 = 0 THEN 'Mixed cedar ' || g ELSE 'Mixed elm ' || g END,
          now() - g * interval '1 minute', jsonb_build_object('unit', 'U' || (g % 7))
        FROM generate_series(1, ${oak + maple + mixed}) g`.execute(db);
    });

    /** The page as sorting every match gives it. */
    const expected = async (search: string, order: 'default' | 'a_to_z', page: number) => {
      const db = test.database.db.kysely;
      const rows = await sql<{ id: string }>`SELECT id FROM entity WHERE tenant_id = ${a.id}::uuid AND entity_type_id = ${type}::uuid
          AND deleted_at IS NULL AND display_name ILIKE ${`%${search}%`}
          ORDER BY ${order === 'a_to_z' ? sql`lower(display_name) ASC,` : sql``} updated_at DESC, id
          LIMIT 48 OFFSET ${(page - 1) * 48}`.execute(db);
      return rows.rows.map((r) => r.id);
    };

    it.each([
      ['oak', 'default', 1],
      ['oak', 'default', 3],
      ['oak', 'a_to_z', 1],
      ['cedar', 'default', 1],
      ['cedar', 'a_to_z', 2],
      ['maple', 'default', 1],
      ['maple', 'default', 2],
      ['maple', 'a_to_z', 1],
    ] as const)('search %s, sort %s, page %i: the same page as sorting every match, first run and later', async (search, order, page) => {
      const want = await expected(search, order, page);
      expect(want).toHaveLength(48);
      for (let run = 0; run < 2; run++) {
        const res = await list(`per_page=48&page=${page}&sort=${order}&filter[display_name]=${search}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(want);
        expect(res.json().meta.total_capped).toBe(true);
      }
    });
  });
});
