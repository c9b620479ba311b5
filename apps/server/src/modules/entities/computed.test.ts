import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] computed fields on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    for (const payload of [
      { label: 'Call Entry', fields: [f('shift', 'single-text'), f('calls', 'number-entry')] },
      {
        label: 'Shift Log',
        fields: [
          f('hours', 'number-entry'),
          f('rate', 'number-entry'),
          f('pay', 'formula-result', { params: { contentsFormula: '{hours} * {rate}', formatResultAs: 'dollar' } }),
          f('total_calls', 'formula-result-rollup', {
            params: { sourceName: 'call_entry', rollupRelationshipField: 'shift', targetEntityField: 'calls', rollupType: 'sum' },
          }),
        ],
      },
    ]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    test.app.inject({ method, url, headers: chief, payload: payload as object });

  it('computes formulas on save and ignores values clients send for them', async () => {
    const saved = (await call('POST', '/api/entity/shift_log', { hours: 12, rate: 21.5, pay: 1 })).json().data;
    expect(saved.pay).toBe(258);
    const edited = (await call('PUT', `/api/entity/shift_log/${saved.id}`, { version: 1, hours: 10 })).json().data;
    expect(edited.pay).toBe(215);
    const noRate = (await call('POST', '/api/entity/shift_log', { hours: 3 })).json().data;
    expect(noRate.pay).toBeNull();
  });

  it('rolls up related records on save', async () => {
    const log = (await call('POST', '/api/entity/shift_log', { hours: 1, rate: 1 })).json().data;
    expect(log.total_calls).toBe(0);
    await call('POST', '/api/entity/call_entry', { shift: log.id, calls: 3 });
    await call('POST', '/api/entity/call_entry', { shift: log.id, calls: 4 });
    const again = (await call('PUT', `/api/entity/shift_log/${log.id}`, { version: 1, hours: 2 })).json().data;
    expect(again.total_calls).toBe(7);
  });
});

describe(`[RECORDS] terms acceptance stamps on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Waiver',
        fields: [f('who', 'single-text'), f('terms', 'terms-and-conditions', { params: { termsText: 'I agree.' } })],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  it('stamps who accepted and when from the session, not from the client', async () => {
    const record = (
      await test.app.inject({
        method: 'POST',
        url: '/api/entity/waiver',
        headers: firefighter,
        payload: {
          who: 'me',
          terms: { checked: true, checkedBy: 'someone-else', checkedByName: 'Forged Name', checkedAt: '2000-01-01T00:00:00Z' },
        },
      })
    ).json().data;
    expect(record.terms.checkedByName).toMatch(/^Name /);
    expect(record.terms.checkedByName).not.toBe('Forged Name');
    expect(record.terms.checkedAt).not.toBe('2000-01-01T00:00:00Z');
    expect(record.terms.display_value).toMatch(/^Agreed by Name .* at 20\d\d-/);
    // Saving again by someone else keeps the first stamp.
    const again = (
      await test.app.inject({
        method: 'PUT',
        url: `/api/entity/waiver/${record.id}`,
        headers: chief,
        payload: { version: 1, who: 'x', terms: { ...record.terms, checkedByName: 'Chief' } },
      })
    ).json().data;
    expect(again.terms.checkedByName).toBe(record.terms.checkedByName);
  });
});
