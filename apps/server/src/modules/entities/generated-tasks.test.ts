import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] transitions that generate tasks on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let firefighterPersonnel: string;

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    const ff = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    firefighter = await signIn(test, ff.email);
    firefighterPersonnel = (
      await test.database.db.kysely.selectFrom('personnel').select('id').where('user_id', '=', ff.id).executeTakeFirstOrThrow()
    ).id;
    const followUp = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Follow Up',
        is_task: true,
        object_data: { formtitle: 'Follow up at {where}' },
        fields: [f('where', 'single-text')],
      },
    });
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Inspection',
        fields: [f('address', 'single-text'), f('inspector', 'select-personnel'), f('needs_follow_up', 'yes-no')],
        allowed_transitions: [
          {
            name: 'mark_as_submitted',
            generates_tasks: [
              {
                entity_type_id: followUp.json().data.id,
                assignee_id_property: 'inspector',
                mapped_fields: [{ source: 'address', destination: 'where' }],
                conditions: { ruleset_json: { '==': [{ var: 'needs_follow_up' }, true] } },
              },
            ],
          },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  it('makes a task for the inspector when a record needing follow-up is submitted', async () => {
    const record = (
      await call('POST', '/api/entity/inspection', chief, { address: '12 Main St', inspector: firefighterPersonnel, needs_follow_up: true })
    ).json().data;
    const quiet = (
      await call('POST', '/api/entity/inspection', chief, {
        address: '14 Main St',
        inspector: firefighterPersonnel,
        needs_follow_up: false,
      })
    ).json().data;
    expect((await call('POST', `/api/entity/inspection/${record.id}/transition/mark_as_submitted`, chief)).statusCode).toBe(200);
    expect((await call('POST', `/api/entity/inspection/${quiet.id}/transition/mark_as_submitted`, chief)).statusCode).toBe(200);
    const tasks = (await call('GET', '/api/tasks', firefighter)).json().data;
    expect(tasks.map((t: { display_name: string }) => t.display_name)).toEqual(['Follow up at 12 Main St']);
    const task = (await call('GET', `/api/entity/follow_up/${tasks[0].id}`, firefighter)).json().data;
    expect(task).toMatchObject({ where: '12 Main St', parent_entity_id: record.id, place: 'created' });
  });
});
