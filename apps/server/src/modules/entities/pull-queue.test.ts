import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] random pull and the queue on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let lieutenant: Record<string, string>;
  let other: Record<string, string>;
  let global: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    tenantA = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenantA.id }])).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }])).email);
    lieutenant = await signIn(test, (await makeUser(test, [{ roleKey: 'Lieutenant', tenantId: tenantA.id }])).email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
    await test.app.inject({
      method: 'POST',
      url: '/api/user/select-tenant',
      headers: global,
      payload: { tenant: tenantA.id, role: 'Tenant Admin' },
    });
    for (const payload of [
      { label: 'Hydrant', fields: [f('number', 'single-text', { flags: { tableView: true } })] },
      {
        label: 'Inspection Round',
        fields: [
          f('title', 'single-text', { flags: { tableView: true } }),
          f('hours', 'number-entry', { params: { approverRoles: ['Lieutenant'] } }),
          f('hydrants', 'custom-functionality', { params: { customFunctionalityType: 'random-entity-pull', sourceName: 'hydrant' } }),
          f('note', 'custom-functionality', { params: { customFunctionalityType: 'activation-status' } }),
        ],
      },
    ]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    for (let i = 1; i <= 6; i += 1) await call('POST', '/api/entity/hydrant', chief, { number: `H-${i}` });
  });
  afterAll(() => test.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) {
    return test.app.inject({ method, url, headers, payload: payload as object });
  }

  it('pulls count random records of the field’s type into the field (global admins only)', async () => {
    const round = (await call('POST', '/api/entity/inspection_round', chief, { title: 'North' })).json().data;
    const res = await call('POST', `/api/entity/inspection_round/${round.id}/pull/hydrants`, global, { count: 3 });
    expect(res.statusCode).toBe(200);
    const pulled = res.json().entity.hydrants.pulled as { id: string; display_name: string; uri: string }[];
    expect(pulled).toHaveLength(3);
    expect(new Set(pulled.map((p) => p.id)).size).toBe(3);
    for (const p of pulled) expect(p.display_name).toMatch(/^H-\d$/);
    expect(res.json().entity.version).toBe(2);
    const all = await call('POST', `/api/entity/inspection_round/${round.id}/pull/hydrants`, global, { count: 50 });
    expect(all.json().entity.hydrants.pulled).toHaveLength(6);
  });

  it('refuses everyone else, bad counts and other fields, writing nothing', async () => {
    const round = (await call('POST', '/api/entity/inspection_round', chief, { title: 'South' })).json().data;
    const url = `/api/entity/inspection_round/${round.id}/pull/hydrants`;
    expect((await call('POST', url, chief, { count: 2 })).statusCode).toBe(403);
    expect((await call('POST', url, firefighter, { count: 2 })).statusCode).toBe(403);
    expect((await call('POST', url, other, { count: 2 })).statusCode).toBe(403);
    for (const count of ['many', 0, 1.5, 1000]) {
      const res = await call('POST', url, global, { count });
      expect(res.statusCode, String(count)).toBe(422);
      expect(res.json().errors.count).toBeDefined();
    }
    expect((await call('POST', url, global, {})).statusCode).toBe(422);
    const wrongField = await call('POST', `/api/entity/inspection_round/${round.id}/pull/note`, global, { count: 2 });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors.fieldName).toBeDefined();
    expect((await call('GET', `/api/entity/inspection_round/${round.id}`, chief)).json().data.version).toBe(1);
  });

  it('lists the queue: records with changes the caller may approve', async () => {
    const waiting = (await call('POST', '/api/entity/inspection_round', firefighter, { title: 'East', hours: 1 })).json().data;
    await call('POST', '/api/entity/inspection_round', firefighter, { title: 'West', hours: 1 });
    const put = await call('PUT', `/api/entity/inspection_round/${waiting.id}`, firefighter, { version: 1, hours: 9 });
    expect(put.json().data.data_requiring_approval.hours).toBeDefined();
    const asLieutenant = (await call('GET', '/api/entity/inspection_round/queue', lieutenant)).json();
    expect(asLieutenant.data.map((r: { id: string }) => r.id)).toEqual([waiting.id]);
    expect(asLieutenant.meta.total).toBe(1);
    const viaParam = (await call('GET', '/api/entity/inspection_round?forQueue=1', lieutenant)).json();
    expect(viaParam.data.map((r: { id: string }) => r.id)).toEqual([waiting.id]);
    // A firefighter may not approve hours: the queue is empty for them.
    expect((await call('GET', '/api/entity/inspection_round/queue', firefighter)).json().data).toEqual([]);
    expect((await call('GET', '/api/entity/inspection_round/queue', other)).statusCode).toBe(404);
    expect((await call('GET', '/api/entity/inspection_round/queue?page=0', lieutenant)).statusCode).toBe(422);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Lieutenant',
      permissions: { inspection_round: { view: false } },
    });
    expect((await call('GET', '/api/entity/inspection_round/queue', lieutenant)).statusCode).toBe(403);
  });
});
