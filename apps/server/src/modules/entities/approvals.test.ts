import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] approvals and alarms on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let lieutenant: Record<string, string>;
  let firefighter: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    lieutenant = await signIn(test, (await makeUser(test, [{ roleKey: 'Lieutenant', tenantId: a.id }])).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Check',
        fields: [
          f('unit', 'single-text'),
          f('hours', 'number-entry', { params: { approverRoles: ['Lieutenant'] } }),
          f('pump_ok', 'yes-no'),
          f('mileage', 'number-entry'),
        ],
        alarms: [{ name: 'Pump failed', alarmCondition: { '==': [{ var: 'pump_ok' }, false] }, alarmConditionColor: '#ff8800' }],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  it('holds a change to an approval field until an approver approves it', async () => {
    const record = (await call('POST', '/api/entity/check', firefighter, { unit: 'E1', hours: 4 })).json().data;
    const edited = (await call('PUT', `/api/entity/check/${record.id}`, firefighter, { version: 1, hours: 12, unit: 'E1b' })).json().data;
    expect(edited.hours).toBe(4);
    expect(edited.unit).toBe('E1b');
    expect(edited.data_requiring_approval.hours).toMatchObject({ value: 12, by_name: expect.any(String) });
    expect((await call('POST', `/api/entity/check/${record.id}/approve`, firefighter, { pendingApprovals: ['hours'] })).statusCode).toBe(
      403,
    );
    const approved = await call('POST', `/api/entity/check/${record.id}/approve`, lieutenant, { pendingApprovals: ['hours'] });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      hours: 12,
      data_requiring_approval: {},
      data_approved: { hours: { status: 'approved' } },
    });
    expect((await call('POST', `/api/entity/check/${record.id}/approve`, lieutenant, { pendingApprovals: ['hours'] })).statusCode).toBe(
      422,
    );
  });

  it('lets an approver change the field directly, and rejects drop the change', async () => {
    const record = (await call('POST', '/api/entity/check', firefighter, { unit: 'E2', hours: 1 })).json().data;
    await call('PUT', `/api/entity/check/${record.id}`, firefighter, { version: 1, hours: 99 });
    const rejected = (await call('POST', `/api/entity/check/${record.id}/reject`, lieutenant, { pendingRejections: ['hours'] })).json()
      .data;
    expect(rejected).toMatchObject({ hours: 1, data_requiring_approval: {}, data_rejected: { hours: { status: 'rejected' } } });
    const direct = (await call('PUT', `/api/entity/check/${record.id}`, lieutenant, { version: rejected.version, hours: 2 })).json().data;
    expect(direct).toMatchObject({ hours: 2, data_requiring_approval: {} });
    expect((await call('POST', `/api/entity/check/${record.id}/reject`, lieutenant, {})).statusCode).toBe(422);
  });

  it('marks fields in alarm state with the alarm colour', async () => {
    const bad = (await call('POST', '/api/entity/check', firefighter, { unit: 'E3', pump_ok: false })).json().data;
    expect(bad._fieldsInAlarmState).toEqual(['pump_ok']);
    expect(bad._alarmStateColors).toEqual({ pump_ok: '#ff8800' });
    const good = (await call('POST', '/api/entity/check', firefighter, { unit: 'E4', pump_ok: true })).json().data;
    expect(good._fieldsInAlarmState).toEqual([]);
  });

  it('refuses a type whose action or alarm rule is not JSON logic', async () => {
    const res = await call('POST', '/api/entity-type', chief, {
      label: 'Bad Rules',
      actions: [{ name: 'x', ruleset_json: { nonsense: [1] }, effects: [] }],
      alarms: [{ name: 'y', alarmCondition: 'always' }],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['actions.0.ruleset_json', 'alarms.0.alarmCondition']);
  });
});
