import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});
const opts = (...keys: string[]) => ({ params: { options: keys.map((key) => ({ key, label: key.toUpperCase() })) } });

describe(`[RECORDS] entity list filters and the tasks list on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let b: { id: string };
  let chiefA: Record<string, string>;
  let firefighterA: Record<string, string>;
  let firefighterId: string;
  let chiefB: Record<string, string>;
  let global: Record<string, string>;

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const names = async (url: string, headers = chiefA) => {
    const res = await call('GET', url, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return (res.json().data as { display_name: string }[]).map((r) => r.display_name).sort();
  };

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    chiefA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    const ff = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    firefighterId = ff.id;
    firefighterA = await signIn(test, ff.email);
    chiefB = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
    await call('POST', '/api/user/select-tenant', global, { tenant: b.id, role: 'Tenant Admin' });
    const hose = {
      label: 'Hose',
      object_data: { formtitle: '{code}' },
      fields: [
        f('code', 'single-text'),
        f('kind', 'select-list', opts('attack', 'supply')),
        f('tag', 'select-adhoc', opts('red', 'blue')),
        f('ok', 'yes-no'),
        f('tested', 'date-picker'),
        f('period', 'date-range'),
        f('colours', 'checkbox-multiselect', opts('red', 'blue')),
      ],
    };
    for (const headers of [chiefA, chiefB]) {
      const res = await call('POST', '/api/entity-type', headers, hose);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const task = await call('POST', '/api/entity-type', chiefA, { label: 'Chore', is_task: true, fields: [f('what', 'single-text')] });
    if (task.statusCode !== 201) throw new Error(task.body);
    const d = (value: string) => ({ value });
    for (const record of [
      {
        code: 'H1',
        kind: 'attack',
        tag: 'red',
        ok: true,
        tested: d('2026-01-10'),
        period: { from: d('2026-01-01'), to: d('2026-01-31') },
        colours: ['red'],
      },
      { code: 'H2', kind: 'supply', tag: 'green', ok: false, tested: d('2026-02-10'), colours: ['red', 'blue'], assignee: firefighterId },
      { code: 'H3', kind: 'attack', period: { from: d('2026-03-01'), to: d('2026-03-31') } },
    ]) {
      const res = await call('POST', '/api/entity/hose', chiefA, record);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    await call('POST', '/api/entity/hose', chiefB, { code: 'B1', kind: 'attack' });
  });
  afterAll(() => test.close());

  it('sorts a number field as numbers and a text field as text, both ways', async () => {
    const pump = { label: 'Pump', object_data: { formtitle: '{unit}' }, fields: [f('unit', 'single-text'), f('flow', 'number-entry')] };
    const made = await call('POST', '/api/entity-type', chiefA, pump);
    if (made.statusCode !== 201) throw new Error(made.body);
    for (const [unit, flow] of [
      ['Engine 9', 1000],
      ['Engine 10', 500],
      ['Tanker 2', 1250],
      ['Brush 1', 95],
    ] as const) {
      const res = await call('POST', '/api/entity/pump', chiefA, { unit, flow });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const inOrder = async (sort: string) =>
      ((await call('GET', `/api/entity/pump?sort=${sort}`, chiefA)).json().data as { display_name: string }[]).map((r) => r.display_name);
    expect(await inOrder('flow')).toEqual(['Brush 1', 'Engine 10', 'Engine 9', 'Tanker 2']);
    expect(await inOrder('-flow')).toEqual(['Tanker 2', 'Engine 9', 'Engine 10', 'Brush 1']);
    expect(await inOrder('unit')).toEqual(['Brush 1', 'Engine 10', 'Engine 9', 'Tanker 2']);
    expect(await inOrder('-unit')).toEqual(['Tanker 2', 'Engine 9', 'Engine 10', 'Brush 1']);
  });

  it('filters by dropdown, adhoc (with blank or missing), yes/no and multi-select values', async () => {
    expect(await names('/api/entity/hose?filter[custom][kind]=attack')).toEqual(['H1', 'H3']);
    expect(await names('/api/entity/hose?filter[adhoc][tag]=green')).toEqual(['H2']);
    expect(await names('/api/entity/hose?filter[custom][tag]=NULL')).toEqual(['H3']);
    expect(await names('/api/entity/hose?filter[custom][ok]=true')).toEqual(['H1']);
    expect(await names('/api/entity/hose?filter[custom][ok]=false')).toEqual(['H2']);
    expect(await names('/api/entity/hose?filter[custom][colours]=blue')).toEqual(['H2']);
    expect(await names('/api/entity/hose?filter[custom][kind]=attack&filter[custom][ok]=true')).toEqual(['H1']);
  });

  it('filters dates by from and to, and date ranges by overlap', async () => {
    expect(await names('/api/entity/hose?filter[custom][tested][from]=2026-02-01')).toEqual(['H2']);
    expect(await names('/api/entity/hose?filter[custom][tested][to]=2026-02-10')).toEqual(['H1', 'H2']);
    expect(await names('/api/entity/hose?filter[custom][tested][from]=2026-01-01&filter[custom][tested][to]=2026-01-31')).toEqual(['H1']);
    expect(await names('/api/entity/hose?filter[custom][period][from]=2026-01-20&filter[custom][period][to]=2026-03-05')).toEqual([
      'H1',
      'H3',
    ]);
    expect(await names('/api/entity/hose?filter[custom][period][from]=2026-02-01&filter[custom][period][to]=2026-02-28')).toEqual([]);
  });

  it('filters by assignee, me or a user id', async () => {
    expect(await names('/api/entity/hose?filter[assignee]=me', firefighterA)).toEqual(['H2']);
    expect(await names(`/api/entity/hose?filter[assignee]=${firefighterId}`)).toEqual(['H2']);
    expect(await names('/api/entity/hose?filter[assignee]=me')).toEqual([]);
  });

  it('answers 422 for bad filters', async () => {
    for (const url of [
      '/api/entity/hose?filter[custom][tested][from]=yesterday',
      '/api/entity/hose?filter[custom][kind][from]=2026-01-01',
      '/api/entity/hose?filter[custom][nope]=x',
      '/api/entity/hose?filter[assignee]=someone',
      '/api/entity/hose?filter[tenant_id]=alpha',
    ]) {
      const res = await call('GET', url, chiefA);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
    }
  });

  it('lets a global admin filter by tenant; nobody else may name another tenant', async () => {
    expect(await names('/api/entity/hose', global)).toEqual(['B1']);
    expect(await names(`/api/entity/hose?filter[tenant_id]=${a.id}`, global)).toEqual(['H1', 'H2', 'H3']);
    expect(await names(`/api/entity/hose?filter[tenant_id]=${a.id}`)).toEqual(['H1', 'H2', 'H3']);
    expect((await call('GET', `/api/entity/hose?filter[tenant_id]=${a.id}`, chiefB)).statusCode).toBe(403);
    expect(await names('/api/entity/hose?filter[custom][kind]=attack', chiefB)).toEqual(['B1']);
  });

  it('refuses a role without view permission, and a stranger', async () => {
    await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { hose: { view: false } } });
    try {
      expect((await call('GET', '/api/entity/hose?filter[custom][kind]=attack', firefighterA)).statusCode).toBe(403);
    } finally {
      await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { hose: { view: null } } });
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/entity/hose?filter[custom][kind]=attack' })).statusCode).toBe(401);
  });

  it('searches, sorts and filters the tasks list', async () => {
    for (const [what, assignee] of [
      ['Wash Engine 7', firefighterId],
      ['Check hoses', firefighterId],
      ['Order foam', null],
    ] as const) {
      const res = await call('POST', '/api/entity/chore', chiefA, { what, ...(assignee ? { assignee } : {}) });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const list = async (query: string, headers = firefighterA) =>
      ((await call('GET', `/api/tasks${query}`, headers)).json().data as { display_name: string }[]).map((t) => t.display_name);
    expect(await list('?sort=a_to_z')).toEqual(['Check hoses', 'Wash Engine 7']);
    expect(await list('?sort=z_to_a')).toEqual(['Wash Engine 7', 'Check hoses']);
    expect(await list('?assignee=all&sort=a_to_z')).toEqual(['Check hoses', 'Order foam', 'Wash Engine 7']);
    expect(await list('?assignee=all&filter[display_name]=foam')).toEqual(['Order foam']);
    expect(await list(`?filter[assignee]=${firefighterId}&sort=a_to_z`, chiefA)).toEqual(['Check hoses', 'Wash Engine 7']);
    expect(await list('?filter[assignee]=me', chiefA)).toEqual([]);
    expect(await list('?assignee=all', chiefB)).toEqual([]);
    // A role that may not view the task type sees none of its tasks.
    await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { chore: { view: false } } });
    try {
      expect(await list('?assignee=all')).toEqual([]);
    } finally {
      await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { chore: { view: null } } });
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
    expect((await call('GET', '/api/tasks?sort=sideways', firefighterA)).statusCode).toBe(422);
    expect((await call('GET', '/api/tasks?filter[assignee]=x', firefighterA)).statusCode).toBe(422);
  });
});
