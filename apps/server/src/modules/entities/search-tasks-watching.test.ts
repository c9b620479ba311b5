import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] search, tasks, watching and find-or-create on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let firefighterId: string;
  let other: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    const ff = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    firefighterId = ff.id;
    firefighter = await signIn(test, ff.email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    for (const payload of [
      {
        label: 'Incident',
        object_data: { formtitle: '{unit}' },
        fields: [
          f('unit', 'single-text'),
          f('narrative', 'textarea'),
          f('secret', 'textarea', { permissions: { visible_to: ['Tenant Admin'] } }),
        ],
      },
      { label: 'Hydrant', fields: [f('number', 'single-text', { flags: { tableView: true } }), f('street', 'single-text')] },
      { label: 'Chore', is_task: true, fields: [f('what', 'single-text', { flags: { tableView: true } })] },
    ]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  it('searches display names and text values across types, never a hidden value', async () => {
    await call('POST', '/api/entity/incident', chief, {
      unit: 'Engine 7',
      narrative: 'dumpster fire behind the bakery',
      secret: 'codeword zanzibar',
    });
    await call('POST', '/api/entity/hydrant', chief, { number: 'H-12', street: 'Bakery Lane' });
    const bakery = (await call('GET', '/api/search?query=bakery', firefighter)).json();
    expect(bakery.data.map((h: { type: { name: string } }) => h.type.name).sort()).toEqual(['hydrant']);
    // The incident's narrative is searchable by the chief; for the firefighter the type has a hidden field, so only names match.
    const asChief = (await call('GET', '/api/search?query=bakery', chief)).json();
    expect(asChief.data.map((h: { type: { name: string } }) => h.type.name).sort()).toEqual(['hydrant', 'incident']);
    expect((await call('GET', '/api/search?query=zanzibar', firefighter)).json().data).toEqual([]);
    expect(
      (await call('GET', '/api/search?query=engine', firefighter)).json().data.map((h: { display_name: string }) => h.display_name),
    ).toEqual(['Engine 7']);
    expect((await call('GET', '/api/search?query=en', firefighter)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    // Trigram similarity finds a name despite a typo, and ranks the closer name first.
    await call('POST', '/api/entity/incident', chief, { unit: 'Riverbend Road East Spur' });
    await call('POST', '/api/entity/incident', chief, { unit: 'Riverbend Road' });
    const typo = (await call('GET', '/api/search?query=Rivrebend Road', firefighter)).json();
    expect(typo.data.length).toBeGreaterThanOrEqual(1);
    expect(typo.data.map((h: { display_name: string }) => h.display_name)).toEqual(['Riverbend Road', 'Riverbend Road East Spur']);
    expect((await call('GET', '/api/search?query=engine', other)).json().data).toEqual([]);
    expect((await test.app.inject({ method: 'GET', url: '/api/search?query=engine' })).statusCode).toBe(401);
  });

  it("lists the user's tasks by default, everyone's on request", async () => {
    await call('POST', '/api/entity/chore', chief, { what: 'Wash Engine 7', assignee: firefighterId, due_at: '2026-12-01T08:00:00Z' });
    await call('POST', '/api/entity/chore', chief, { what: 'Check hoses' });
    const mine = (await call('GET', '/api/tasks', firefighter)).json();
    expect(mine.data.map((t: { display_name: string }) => t.display_name)).toEqual(['Wash Engine 7']);
    expect(mine.data[0].due_at).toBe('2026-12-01T08:00:00.000Z');
    const all = (await call('GET', '/api/tasks?assignee=all', firefighter)).json();
    expect(all.meta.total).toBe(2);
    expect((await call('GET', '/api/tasks?assignee=all', other)).json().meta.total).toBe(0);
  });

  it('toggles watching a record', async () => {
    const record = (await call('POST', '/api/entity/hydrant', chief, { number: 'H-99' })).json().data;
    expect((await call('POST', `/api/entity/hydrant/${record.id}/toggleWatch`, firefighter)).json()).toEqual({ data: { watching: true } });
    expect((await call('GET', `/api/entity/hydrant/${record.id}`, firefighter)).json().data.watching).toBe(true);
    expect((await call('POST', `/api/entity/hydrant/${record.id}/toggleWatch`, firefighter)).json()).toEqual({ data: { watching: false } });
    expect((await call('POST', `/api/entity/hydrant/${record.id}/toggleWatch`, other)).statusCode).toBe(404);
  });

  it('finds a record by its values or creates it, once', async () => {
    const first = await call('POST', '/api/entity/hydrant/find_or_create', firefighter, { filter: { number: 'H-500' }, street: 'Main St' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ number: 'H-500', street: 'Main St' });
    const again = await call('POST', '/api/entity/hydrant/find_or_create', firefighter, {
      filter: { number: 'H-500' },
      street: 'Other St',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await call('POST', '/api/entity/hydrant/find_or_create', firefighter, { street: 'x' })).statusCode).toBe(422);
    expect((await call('POST', '/api/entity/hydrant/find_or_create', firefighter, { filter: { number: { $gt: 1 } } })).statusCode).toBe(
      422,
    );
  });
});
