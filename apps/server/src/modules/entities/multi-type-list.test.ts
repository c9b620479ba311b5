import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, signedInAs } from '../../test/identity.ts';

type Headers = Record<string, string>;

describe(`[RECORDS] GET /entity/list?entityTypeNames[] on ${TEST_DB}`, () => {
  let test: TestApp;
  let alpha: { id: string };
  let chief: Headers;
  let firefighter: Headers;
  let bravoChief: Headers;

  const list = (headers: Headers, query: string) => test.app.inject({ method: 'GET', url: `/api/entity/list?${query}`, headers });
  const makeType = async (label: string, fields: unknown[]) => {
    const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload: { label, fields } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as { name: string };
  };
  const add = async (type: string, data: Record<string, unknown>) => {
    const res = await test.app.inject({ method: 'POST', url: `/api/entity/${type}`, headers: chief, payload: data });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    test = await createTestApp();
    alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await signedInAs(test, 'Tenant Admin', alpha.id);
    firefighter = await signedInAs(test, 'Tenant User', alpha.id);
    bravoChief = await signedInAs(test, 'Tenant Admin', bravo.id);
    const f = (property: string, extra: Record<string, unknown> = {}) => ({
      field_data: { property, title: property, type: 'single-text', page: 1, ...extra },
    });
    await makeType('Engine', [f('unit'), f('secret', { permissions: { visible_to: ['Tenant Admin'] } })]);
    await makeType('Ladder', [f('unit')]);
    for (const unit of ['E1', 'E2']) await add('engine', { unit, secret: `s-${unit}` });
    for (const unit of ['L1', 'L2', 'L3']) await add('ladder', { unit });
  }, 180_000);
  afterAll(() => test.close());

  it('lists the records of several types in one page, each with its own field visibility', async () => {
    const res = await list(firefighter, 'entityTypeNames[]=engine&entityTypeNames[]=ladder&per_page=4&sort=a_to_z');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 5, last_page: 2, current_page: 1 });
    expect(body.data).toHaveLength(4);
    const engine = body.data.find((r: { unit: string }) => r.unit === 'E1');
    expect(engine.secret).toBeUndefined();
    const asChief = (await list(chief, 'entityTypeNames[]=engine&entityTypeNames[]=ladder')).json();
    expect(asChief.data.find((r: { unit: string }) => r.unit === 'E1').secret).toBe('s-E1');
    const searched = (await list(chief, 'entityTypeNames[]=engine,ladder&filter[display_name]=xyz-nothing')).json();
    expect(searched.meta.total).toBe(0);
  });

  it('refuses strangers, unknown and other tenants’ types, roles without view and bad input', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/entity/list?entityTypeNames[]=engine' })).statusCode).toBe(401);
    const unknown = await list(chief, 'entityTypeNames[]=engine&entityTypeNames[]=nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Entity Type not found.');
    expect((await list(bravoChief, 'entityTypeNames[]=engine')).statusCode).toBe(404);
    const denied = await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers: chief,
      payload: { tenant: alpha.id, role: 'Tenant User', permissions: { ladder: { view: false } } },
    });
    expect(denied.statusCode).toBe(200);
    expect((await list(firefighter, 'entityTypeNames[]=engine&entityTypeNames[]=ladder')).statusCode).toBe(403);
    const missing = await list(chief, 'page=1');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ entityTypeNames: ['The entity type names field is required.'] });
    expect((await list(chief, 'entityTypeNames[]=engine&sort=unit')).statusCode).toBe(422);
  });
});
