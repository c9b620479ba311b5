import { entityRecord, fieldTypeOf, listedRecord, paged } from '@turnout/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { filterShapes } from './list-filters.ts';
import { COUNT_CAP } from './service.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] the records engine on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let chiefA: Record<string, string>;
  let firefighterA: Record<string, string>;
  let chiefB: Record<string, string>;
  let global: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chiefA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    firefighterA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    chiefB = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    const admin = await makeGlobalAdmin(test);
    global = await signIn(test, admin.email);
    await test.app.inject({
      method: 'POST',
      url: '/api/user/select-tenant',
      headers: global,
      payload: { tenant: a.id, role: 'Tenant Admin' },
    });
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chiefA,
      payload: {
        label: 'Incident',
        object_data: { formtitle: '{unit} incident' },
        allowed_transitions: [{ name: 'mark_as_finalised' }, { name: 'mark_as_in_progress' }],
        fields: [
          f('unit', 'single-text', { validation: { required: true }, flags: { tableView: true } }),
          f('count', 'number-entry', { validation: { integer: true } }),
          f('priority', 'select-list', {
            params: {
              options: [
                { key: 'low', label: 'Low' },
                { key: 'high', label: 'High' },
              ],
            },
          }),
          f('secret', 'textarea', { permissions: { visible_to: ['Tenant Admin'] } }),
          f('rank', 'single-text', { permissions: { modifiable_by: ['Tenant Admin'] } }),
          f('opened', 'date-picker', { params: { lockedToCreationDate: true } }),
          f('reporter', 'select-personnel', { params: { lockedToCreator: true } }),
          f('code', 'single-text', { validation: { on_create_only: true } }),
          f('plate', 'single-text', { params: { updatable_only_when_null: true } }),
          f('section', 'heading'),
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const add = async (values: Record<string, unknown>, headers = firefighterA) => {
    const res = await call('POST', '/api/entity/incident', headers, values);
    if (res.statusCode !== 201) throw new Error(`add failed ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const count = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('entity')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds a record: display name from the form title, server-filled fields, hidden fields left out', async () => {
    const record = await add(
      { unit: 'E1', count: 3, priority: 'high', secret: 'nope', code: 'C1', opened: { value: '1999-01-01' } },
      chiefA,
    );
    expect(record).toMatchObject({
      display_name: 'E1 incident',
      place: 'created',
      version: 1,
      unit: 'E1',
      count: 3,
      priority: 'high',
      secret: 'nope',
      code: 'C1',
    });
    expect(record.uri).toBe(`/entity/incident/${record.id}`);
    expect(record.opened).toEqual({ value: new Date().toISOString().slice(0, 10) });
    expect(record.reporter).toMatchObject({ id: expect.any(String) });
    expect(record.available_transitions.map((t: { name: string }) => t.name)).toEqual(['mark_as_in_progress', 'mark_as_finalised']);
    const asFirefighter = (await call('GET', `/api/entity/incident/${record.id}`, firefighterA)).json().data;
    expect(asFirefighter).not.toHaveProperty('secret');
    expect(asFirefighter.unit).toBe('E1');
    const list = (await call('GET', '/api/entity/incident', firefighterA)).json().data;
    for (const row of list) expect(row).not.toHaveProperty('secret');
  });

  it('refuses bad values with the registry’s messages and writes nothing', async () => {
    const before = await count();
    const res = await call('POST', '/api/entity/incident', firefighterA, {
      count: 2.5,
      priority: 'urgent',
      bogus: 1,
      unit: 'x'.repeat(256),
      section: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        bogus: ['Unknown field.'],
        section: ['Unknown field.'],
        unit: ['unit must be less than 255 characters long. (Currently 256)'],
        count: ['count must be a whole number.'],
        priority: ['priority has a choice that is not one of its options.'],
      },
    });
    expect((await call('POST', '/api/entity/incident', firefighterA, { count: 1 })).json().errors).toEqual({
      unit: ['unit is a required field.'],
    });
    expect(await count()).toBe(before);
  });

  it('refuses with 403 a field the role may not modify, and a type the role may not create', async () => {
    const res = await call('POST', '/api/entity/incident', firefighterA, { unit: 'E2', rank: 'Chief' });
    expect(res.statusCode).toBe(403);
    const hidden = await call('POST', '/api/entity/incident', firefighterA, { unit: 'E2', secret: 'peek' });
    expect(hidden.statusCode).toBe(403);
    await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { incident: { create: false } } });
    expect((await call('POST', '/api/entity/incident', firefighterA, { unit: 'E3' })).statusCode).toBe(403);
    await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { incident: { create: null } } });
  });

  it('answers a retried offline upload with the record saved the first time', async () => {
    const first = await call('POST', '/api/entity/incident', firefighterA, { unit: 'E4', offline_id: 'device-1:42' });
    const retry = await call('POST', '/api/entity/incident', firefighterA, { unit: 'E4', offline_id: 'device-1:42' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const rows = await test.database.db.kysely.selectFrom('entity').select('id').where('offline_id', '=', 'device-1:42').execute();
    expect(rows).toHaveLength(1);
  });

  it('edits with the version it read: a stale version gets 409 with the current record, nothing overwritten', async () => {
    const record = await add({ unit: 'E5', code: 'K1' });
    expect((await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { unit: 'E6' })).json().errors).toEqual({
      version: ['The version field is required.'],
    });
    const saved = await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 1, unit: 'E6', count: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, unit: 'E6', count: 7, display_name: 'E6 incident' });
    const stale = await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 1, unit: 'E7' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().data).toMatchObject({ version: 2, unit: 'E6' });
    const onCreateOnly = await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 2, code: 'K2' });
    expect(onCreateOnly.json().errors).toEqual({ code: ['code can only be set when the record is created.'] });
    expect((await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 2, plate: 'P1' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 3, plate: 'P2' })).json().errors).toEqual({
      plate: ['plate can only be set while it is empty.'],
    });
    const versions = (await call('GET', `/api/entity/incident/${record.id}/versions`, firefighterA)).json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    // The snapshot written with the save: its values, display name and place.
    expect(versions[1].model_data).toMatchObject({ unit: 'E6', count: 7, display_name: 'E6 incident', place: saved.json().data.place });
    expect(versions[0].responsible_user.display_name).toMatch(/^Name /);
  });

  it('never loses an update when two clients save at once', async () => {
    const record = await add({ unit: 'E8' });
    const [one, two] = await Promise.all([
      call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 1, unit: 'From one' }),
      call('PUT', `/api/entity/incident/${record.id}`, chiefA, { version: 1, count: 99 }),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const final = (await call('GET', `/api/entity/incident/${record.id}`, chiefA)).json().data;
    expect(final.version).toBe(2);
    const winner = one.statusCode === 200 ? { unit: 'From one' } : { count: 99 };
    expect(final).toMatchObject(winner);
    // The loser learns the current record and can save on top of it.
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().data.version).toBe(2);
  });

  it('lists with filters, a sort and paging', async () => {
    await add({ unit: 'Zulu list', priority: 'low' });
    await add({ unit: 'Alpha list', priority: 'high' });
    const high = (await call('GET', '/api/entity/incident?filter[custom][priority]=high&filter[display_name]=list', firefighterA)).json();
    expect(high.data.map((r: { unit: string }) => r.unit)).toEqual(['Alpha list']);
    const az = (await call('GET', '/api/entity/incident?sort=a_to_z&filter[display_name]=list&per_page=1', firefighterA)).json();
    expect(az.data.map((r: { unit: string }) => r.unit)).toEqual(['Alpha list']);
    expect(az.meta).toMatchObject({ current_page: 1, last_page: 2, total: 2 });
    expect((await call('GET', '/api/entity/incident?sort=nonsense', firefighterA)).statusCode).toBe(422);
    expect((await call('GET', '/api/entity/incident?filter[custom][nope]=1', firefighterA)).statusCode).toBe(422);
    expect((await call('GET', '/api/entity/incident?per_page=100000', firefighterA)).statusCode).toBe(422);
  });

  it('answers a page read in one scan in its schema, sorted, with the total even past the last page', async () => {
    await add({ unit: 'Charlie scan', priority: 'high' });
    await add({ unit: 'alpha scan', priority: 'high' });
    await add({ unit: 'Bravo scan', priority: 'high' });
    await add({ unit: 'Delta scan', priority: 'low' });
    const url = '/api/entity/incident?filter[display_name]=scan&filter[custom][priority]=high&sort=a_to_z&per_page=2';
    const first = await call('GET', url, firefighterA);
    // The list route skips checking its answer against the schema when writing it (plain-json.ts): check here;
    // list items without detailed=true, whole records with it (docs/decisions/0031).
    expect(paged(listedRecord).safeParse(first.json()).success).toBe(true);
    expect(paged(entityRecord).safeParse((await call('GET', `${url}&detailed=true`, firefighterA)).json()).success).toBe(true);
    expect(first.json().data.map((r: { unit: string }) => r.unit)).toEqual(['alpha scan', 'Bravo scan']);
    expect(first.json().meta).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    expect(first.json().meta.total_capped).toBeUndefined();
    const second = (await call('GET', `${url}&page=2`, firefighterA)).json();
    expect(second.data.map((r: { unit: string }) => r.unit)).toEqual(['Charlie scan']);
    const past = (await call('GET', `${url}&page=9`, firefighterA)).json();
    expect(past).toMatchObject({ data: [], meta: { total: 3, current_page: 9 } });
    const newest = (await call('GET', '/api/entity/incident?filter[display_name]=scan&filter[custom][priority]=high', firefighterA)).json();
    expect(newest.data.map((r: { unit: string }) => r.unit)).toEqual(['Bravo scan', 'alpha scan', 'Charlie scan']);
  });

  it('matches filters on numbers, booleans and list items as on text', async () => {
    await add({ unit: 'Kilo shapes', count: 42 });
    const byNumber = (await call('GET', '/api/entity/incident?filter[custom][count]=42&filter[display_name]=shapes', firefighterA)).json();
    expect(byNumber.data.map((r: { unit: string }) => r.unit)).toEqual(['Kilo shapes']);
    expect(filterShapes('flag', 'true')).toEqual(['{"flag":"true"}', '{"flag":["true"]}', '{"flag":true}', '{"flag":[true]}']);
    expect(filterShapes('n', '4.5')).toContain('{"n":[4.5]}');
    // Given the field type, only what such a field holds: one index scan per filter.
    expect(filterShapes('p', 'high', fieldTypeOf('select-list').value)).toEqual(['{"p":"high"}']);
    expect(filterShapes('p', '4', fieldTypeOf('select-list').value)).toEqual(['{"p":"4"}', '{"p":4}']);
    expect(filterShapes('p', 'high', fieldTypeOf('checkbox-multiselect').value)).toEqual(['{"p":["high"]}']);
    expect(filterShapes('p', 'true', fieldTypeOf('yes-no').value)).toEqual(['{"p":true}']);
    // A value no shape of the field fits is still looked for in every shape (it then matches nothing).
    expect(filterShapes('p', 'x', fieldTypeOf('yes-no').value)).toEqual(['{"p":"x"}', '{"p":["x"]}']);
  });

  it('counts matches up to a cap past the page unless count=exact', async () => {
    const type = await test.database.db.kysely
      .selectFrom('entity_type')
      .select('id')
      .where('name', '=', 'incident')
      .executeTakeFirstOrThrow();
    // Superuser inserts, straight to the table: enough rows to pass the cap in one statement.
    await sql`INSERT INTO entity (tenant_id, entity_type_id, display_name, data)
      SELECT ${a.id}::uuid, ${type.id}::uuid, 'Bulk capped ' || n, '{}'::jsonb FROM generate_series(1, ${COUNT_CAP + 20}) n`.execute(
      test.database.db.kysely,
    );
    const capped = (await call('GET', '/api/entity/incident?filter[display_name]=bulk capped&per_page=48', firefighterA)).json();
    expect(capped.meta).toMatchObject({ total: COUNT_CAP, total_capped: true, last_page: Math.ceil(COUNT_CAP / 48) });
    const exact = (await call('GET', '/api/entity/incident?filter[display_name]=bulk capped&count=exact', firefighterA)).json();
    expect(exact.meta.total).toBe(COUNT_CAP + 20);
    expect(exact.meta.total_capped).toBeUndefined();
    const deep = (await call('GET', `/api/entity/incident?filter[display_name]=bulk capped&per_page=48&page=22`, firefighterA)).json();
    expect(deep.meta.total).toBe(COUNT_CAP + 20);
    expect((await call('GET', '/api/entity/incident?count=all', firefighterA)).statusCode).toBe(422);
    // Known to match the cap, the filter is not counted again; its page is read as ever.
    const again = (await call('GET', '/api/entity/incident?filter[display_name]=bulk capped&sort=a_to_z', firefighterA)).json();
    expect(again.meta).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(again.data[0].display_name).toBe('Bulk capped 1');
    // Once the filter matches fewer than a page, the short page gives the exact total.
    await sql`DELETE FROM entity WHERE display_name LIKE 'Bulk capped %' AND display_name <> 'Bulk capped 7'`.execute(
      test.database.db.kysely,
    );
    const few = (await call('GET', '/api/entity/incident?filter[display_name]=bulk capped', firefighterA)).json();
    expect(few.meta).toMatchObject({ total: 1, last_page: 1 });
    expect(few.meta.total_capped).toBeUndefined();
    expect(few.data.map((r: { display_name: string }) => r.display_name)).toEqual(['Bulk capped 7']);
  });

  it('shows the record a record belongs to, only to those who may view its type', async () => {
    const vaultType = await call('POST', '/api/entity-type', chiefA, {
      label: 'Vault',
      object_data: { formtitle: '{code}' },
      fields: [f('code', 'single-text')],
    });
    expect(vaultType.statusCode, vaultType.body).toBe(201);
    const vault = (await call('POST', '/api/entity/vault', chiefA, { code: 'Vault 9' })).json().data;
    const child = await add({ unit: 'Belongs', parent_entity_id: vault.id }, chiefA);
    const asChief = (await call('GET', `/api/entity/incident/${child.id}`, chiefA)).json().data;
    expect(asChief.parent).toEqual({ id: vault.id, uri: `/entity/vault/${vault.id}`, display_name: 'Vault 9' });
    // A role that may not view vaults sees the record but not what it belongs to.
    const denied = await call('POST', '/api/permissions-v2', chiefA, {
      tenant: a.id,
      role: 'Tenant User',
      permissions: { vault: { view: false } },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const asFirefighter = await call('GET', `/api/entity/incident/${child.id}`, firefighterA);
    expect(asFirefighter.statusCode).toBe(200);
    expect(asFirefighter.json().data.parent).toBeUndefined();
    expect((await call('GET', `/api/entity/incident/${child.id}`, chiefB)).statusCode).toBe(404);
  });

  it('changes status by allowed transitions; a finalised record is read-only', async () => {
    const record = await add({ unit: 'E9' });
    expect((await call('POST', `/api/entity/incident/${record.id}/transition/mark_as_approved`, firefighterA)).statusCode).toBe(422);
    const done = await call('POST', `/api/entity/incident/${record.id}/transition/mark_as_finalised`, firefighterA);
    expect(done.json().data).toMatchObject({ place: 'finalised', version: 2 });
    const edit = await call('PUT', `/api/entity/incident/${record.id}`, firefighterA, { version: 2, unit: 'late' });
    expect(edit.statusCode).toBe(403);
  });

  it('deletes softly; deleted records show only with the show-deleted permission and header', async () => {
    const record = await add({ unit: 'E10' });
    expect((await call('DELETE', `/api/entity/incident/${record.id}`, firefighterA)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/entity/incident/${record.id}`, chiefA)).statusCode).toBe(200);
    expect((await call('GET', `/api/entity/incident/${record.id}`, chiefA)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity/incident/${record.id}`, { ...chiefA, 'show-deleted-requested': 'true' })).statusCode).toBe(404);
    const shown = await call('GET', `/api/entity/incident/${record.id}`, { ...global, 'show-deleted-requested': 'true' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.deleted_at).not.toBeNull();
  });

  it("gives another tenant nothing of A's records and changes nothing", async () => {
    const record = await add({ unit: 'Secret unit' });
    for (const [method, url, payload] of [
      ['GET', '/api/entity/incident'],
      ['GET', `/api/entity/incident/${record.id}`],
      ['PUT', `/api/entity/incident/${record.id}`, { version: 1, unit: 'hacked' }],
      ['DELETE', `/api/entity/incident/${record.id}`],
      ['POST', `/api/entity/incident/${record.id}/transition/mark_as_finalised`],
      ['GET', `/api/entity/incident/${record.id}/versions`],
      ['POST', '/api/entity/incident', { unit: 'planted' }],
    ] as const) {
      const res = await call(method, url, chiefB, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Secret unit');
    }
    const after = (await call('GET', `/api/entity/incident/${record.id}`, chiefA)).json().data;
    expect(after).toMatchObject({ unit: 'Secret unit', version: 1, deleted_at: null });
    expect((await test.app.inject({ method: 'GET', url: '/api/entity/incident' })).statusCode).toBe(401);
  });
});
