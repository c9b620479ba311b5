import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { TASK_MESSAGES } from './task-create.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[TASKS] adding a task with task-level validation on ${TEST_DB}`, () => {
  let test: TestApp;
  let alpha: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let firefighterId: string;
  let otherChief: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: alpha.id }])).email);
    const ff = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alpha.id }]);
    firefighterId = ff.id;
    firefighter = await signIn(test, ff.email);
    otherChief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: bravo.id }])).email);
    for (const payload of [
      { label: 'Chore', is_task: true, fields: [f('what', 'single-text', { validation: { required: true } })] },
      { label: 'Hydrant', fields: [f('number', 'single-text')] },
    ]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    test.app.inject({ method: 'POST', url, headers, payload });

  it('adds a task through {base}/task and through /tasks, listed as the assignee’s task', async () => {
    const one = await post('/api/entity/chore/task', chief, { what: 'Wash Engine 7', assignee: firefighterId });
    expect(one.statusCode).toBe(201);
    expect(one.json().data).toMatchObject({ type: { name: 'chore' }, assignee: firefighterId, what: 'Wash Engine 7' });
    const two = await post('/api/tasks', chief, {
      type: { name: 'chore' },
      what: 'Check hoses',
      assignee: firefighterId,
      due_at: '2026-12-01T08:00:00Z',
    });
    expect(two.statusCode).toBe(201);
    expect(two.json().data.due_at).toBe('2026-12-01T08:00:00.000Z');
    const mine = (await test.app.inject({ method: 'GET', url: '/api/tasks', headers: firefighter })).json();
    expect(mine.data.map((t: { display_name: string }) => t.display_name).sort()).toEqual(['Check hoses', 'Wash Engine 7']);
  });

  it('answers 422 per field: no assignee, not a task type, no type, the record’s own rules', async () => {
    const noAssignee = await post('/api/entity/chore/task', chief, { what: 'Roll hoses' });
    expect(noAssignee.statusCode).toBe(422);
    expect(noAssignee.json().errors).toEqual({ assignee: [TASK_MESSAGES.assigneeRequired] });
    const notTask = await post('/api/entity/hydrant/task', chief, { number: 'H-1', assignee: firefighterId });
    expect(notTask.statusCode).toBe(422);
    expect(notTask.json().errors).toEqual({ type: [TASK_MESSAGES.notTask] });
    const noType = await post('/api/tasks', chief, { what: 'Roll hoses', assignee: firefighterId });
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors).toEqual({ type: [TASK_MESSAGES.typeRequired] });
    const missingValue = await post('/api/tasks', chief, { type: 'chore', assignee: firefighterId });
    expect(missingValue.statusCode).toBe(422);
    expect(Object.keys(missingValue.json().errors)).toEqual(['what']);
    const badDate = await post('/api/tasks', chief, { type: 'chore', what: 'x', assignee: firefighterId, due_at: 'soon' });
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json().errors)).toContain('due_at');
    const odd = await post('/api/tasks', chief, { type: 42, what: 'x', assignee: firefighterId });
    expect(odd.statusCode).toBe(422);
  });

  it('refuses another tenant and a role without create permission, saving nothing', async () => {
    const count = async () =>
      (await test.app.inject({ method: 'GET', url: '/api/tasks?assignee=all', headers: chief })).json().meta.total as number;
    const before = await count();
    // Bravo's chief cannot see Alpha's type, nor assign Alpha's member.
    expect((await post('/api/entity/chore/task', otherChief, { what: 'x', assignee: firefighterId })).statusCode).toBe(404);
    expect((await post('/api/tasks', otherChief, { type: 'chore', what: 'x', assignee: firefighterId })).statusCode).toBe(404);
    await post('/api/permissions-v2', chief, { tenant: alpha.id, role: 'Tenant User', permissions: { chore: { create: false } } });
    expect((await post('/api/entity/chore/task', firefighter, { what: 'x', assignee: firefighterId })).statusCode).toBe(403);
    expect((await post('/api/tasks', firefighter, { type: 'chore', what: 'x', assignee: firefighterId })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'POST', url: '/api/tasks', payload: { type: 'chore' } })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
