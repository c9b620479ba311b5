import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const RULE_MESSAGE = 'The rule is not valid JSON logic.';
const field = (extra: Record<string, unknown>) => ({ field_data: { property: 'unit', title: 'Unit', type: 'single-text', ...extra } });

/** Field visibility rules are checked like action and alarm rules (issue 19 #5). */
describe(`[ENTITY TYPES] field visibility rules on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const tenant = await makeTenant(test);
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenant.id }])).email);
  });
  afterAll(() => test.close());

  const create = (label: string, fields: unknown[]) =>
    test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload: { label, fields } });

  it('refuses unknown operators, arrays, strings and numbers as a visibility rule, on create and update', async () => {
    const bad: [string, unknown][] = [
      ['unknown operator', { nonsense: [1, 2] }],
      ['array', [{ '==': [1, 1] }]],
      ['string', 'sometimes'],
      ['number', 3],
      ['two operators', { '==': [1, 1], '!=': [1, 2] }],
    ];
    for (const [what, visibility] of bad) {
      const res = await create(`Bad ${what}`, [field({ visibility })]);
      expect(res.statusCode, what).toBe(422);
      expect(res.json().errors, what).toEqual({ 'fields.0.field_data.visibility': [RULE_MESSAGE] });
    }
    const params = await create('Bad params', [field({ params: { visibility: ['x'] }, instance_data: { visibility: 'x' } })]);
    expect(params.json().errors).toEqual({
      'fields.0.field_data.params.visibility': [RULE_MESSAGE],
      'fields.0.field_data.instance_data.visibility': [RULE_MESSAGE],
    });
    const good = await create('Good rules', [field({ visibility: { '==': [{ var: 'unit' }, 'E1'] } })]);
    expect(good.statusCode).toBe(201);
    const put = await test.app.inject({
      method: 'PUT',
      url: `/api/entity-type/${good.json().data.id}`,
      headers: chief,
      payload: { label: 'Good rules', fields: [field({ visibility: { nope: true } })] },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ 'fields.0.field_data.visibility': [RULE_MESSAGE] });
  });

  it('accepts unset, true, false, hidden and JSON logic', async () => {
    for (const [i, visibility] of [null, true, false, 'hidden', { and: [{ var: 'unit' }, { '!': { var: 'closed' } }] }].entries()) {
      const res = await create(`Fine ${i}`, [field({ visibility })]);
      expect(res.statusCode, String(visibility)).toBe(201);
    }
  });
});
