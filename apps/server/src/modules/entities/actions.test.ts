import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { startSmtpServer } from '../../test/smtp.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] actions on save on ${TEST_DB}`, () => {
  let test: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await createTestApp({ smtpUrl: smtp.url });
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }], 'chief-actions@test.example')).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Pump Check',
        fields: [f('unit', 'single-text'), f('pump_ok', 'yes-no'), f('status_note', 'single-text'), f('contact', 'email')],
        actions: [
          {
            offline_id: 'failed-pump',
            name: 'Failed pump',
            triggers: { type: 'check-on-save' },
            ruleset_json: { '==': [{ var: 'pump_ok' }, false] },
            effects: [
              { type: 'setProperty', property: 'status_note', expression: { cat: ['Out of service: ', { var: 'unit' }] } },
              {
                type: 'email',
                subject: 'Pump failed on {unit}',
                body: 'Check {unit} today.',
                toRoles: ['Tenant Admin'],
                fieldListTo: ['contact'],
              },
              { type: 'fax', subject: 'x', to: '555' },
            ],
          },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  it('runs executable effects once, the first time a save makes the rules true', async () => {
    const ok = (await call('POST', '/api/entity/pump_check', firefighter, { unit: 'E1', pump_ok: true })).json().data;
    expect(ok.status_note).toBeUndefined();
    expect((await call('GET', `/api/entity/pump_check/${ok.id}/actions/history`, firefighter)).json().data).toEqual([]);

    const failed = (
      await call('PUT', `/api/entity/pump_check/${ok.id}`, firefighter, { version: 1, pump_ok: false, contact: 'station1@test.example' })
    ).json().data;
    expect(failed.status_note).toBe('Out of service: E1');
    const mailToChief = await smtp.waitFor('chief-actions@test.example');
    expect(mailToChief.raw).toContain('Pump failed on E1');
    await smtp.waitFor('station1@test.example');
    const history = (await call('GET', `/api/entity/pump_check/${ok.id}/actions/history`, firefighter)).json().data;
    expect(history.map((h: { status: string; detail: string }) => h.status).sort()).toEqual(['completed', 'completed', 'not_configured']);
    expect(history.find((h: { status: string }) => h.status === 'not_configured').detail).toContain('fax: not configured');

    // Still true on the next save: it does not run again.
    await call('PUT', `/api/entity/pump_check/${ok.id}`, firefighter, { version: 2, unit: 'E1' });
    expect((await call('GET', `/api/entity/pump_check/${ok.id}/actions/history`, firefighter)).json().data).toHaveLength(3);
    const status = (await call('GET', `/api/entity/pump_check/${ok.id}/actions/failed-pump/status`, firefighter)).json().data;
    expect(status).toMatchObject({ action_id: 'failed-pump', trigger: 'save' });
  });

  it('lets admins force an action, and nobody else', async () => {
    const record = (await call('POST', '/api/entity/pump_check', firefighter, { unit: 'E2', pump_ok: true })).json().data;
    expect((await call('GET', `/api/entity/pump_check/${record.id}/actions/failed-pump/force`, firefighter)).statusCode).toBe(403);
    const forced = await call('GET', `/api/entity/pump_check/${record.id}/actions/failed-pump/force`, chief);
    expect(forced.json()).toEqual({ message: 'Action has been queued. Please check history for details.' });
    const history = (await call('GET', `/api/entity/pump_check/${record.id}/actions/history`, chief)).json().data;
    expect(history.every((h: { trigger: string }) => h.trigger === 'force')).toBe(true);
    expect((await call('GET', `/api/entity/pump_check/${record.id}/actions/nope/force`, chief)).statusCode).toBe(404);
  });
});
