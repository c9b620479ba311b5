import type { EntityType } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../../platform/db/tenancy.ts';
import { EventBus, type ServerEvent } from '../../platform/events/bus.ts';
import { forgetReads } from '../../platform/read-cache.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { recordChanged } from './service.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

type Headers = Record<string, string>;
interface Person {
  id: string;
  headers: Headers;
}

describe(`[NOTIFICATIONS] /api/notifications* and what creates them on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenantA: string;
  let chief: Person;
  let watcher: Person;
  let engineer: Person;
  let lieutenant: Person;
  let stranger: Person;

  const person = async (roleKey: string, tenantId: string, email?: string): Promise<Person> => {
    const user = await makeUser(test, [{ roleKey, tenantId }], email);
    return { id: user.id, headers: await signIn(test, user.email) };
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const subjects = async (who: Person) =>
    (await call('GET', '/api/notifications', who.headers)).json().data.map((n: { data: { subject: string } }) => n.data.subject);
  const unread = async (who: Person) => (await call('GET', '/api/notifications/unread?per_page=1', who.headers)).json().meta.total;
  const create = async (type: string, who: Person, body: Record<string, unknown>) => {
    const res = await call('POST', `/api/entity/${type}`, who.headers, body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: string; uri: string; version: number; display_name: string };
  };

  beforeAll(async () => {
    test = await createTestApp();
    const a = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    tenantA = a.id;
    chief = await person('Tenant Admin', a.id);
    watcher = await person('Tenant User', a.id);
    engineer = await person('Engineer', a.id, 'engineer-notify@test.example');
    lieutenant = await person('Lieutenant', a.id);
    stranger = await person('Tenant Admin', b.id);
    for (const payload of [
      {
        label: 'Hydrant',
        object_data: { formtitle: 'Hydrant {number}' },
        fields: [f('number', 'single-text'), f('street', 'single-text')],
      },
      { label: 'Chore', is_task: true, object_data: { formtitle: '{what}' }, fields: [f('what', 'single-text')] },
      {
        label: 'Check',
        object_data: { formtitle: 'Check {unit}' },
        fields: [f('unit', 'single-text'), f('hours', 'number-entry', { title: 'Pump hours', params: { approverRoles: ['Lieutenant'] } })],
      },
      {
        label: 'Pump Test',
        object_data: { formtitle: 'Pump {unit}' },
        fields: [f('unit', 'single-text'), f('pump_ok', 'yes-no')],
        actions: [
          {
            offline_id: 'failed',
            name: 'Failed pump',
            triggers: { type: 'check-on-save' },
            ruleset_json: { '==': [{ var: 'pump_ok' }, false] },
            effects: [{ type: 'email', subject: 'Pump failed on {unit}', body: 'See the test.', to: 'ENGINEER-notify@test.example' }],
          },
        ],
      },
    ]) {
      const res = await call('POST', '/api/entity-type', chief.headers, payload);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  it('refuses callers without a session (401) and a user acting in no tenant (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/batch-read'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['GET', '/api/events'],
    ] as const) {
      expect((await test.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
    const session = await test.database.db.kysely
      .updateTable('user_session')
      .set({ tenant_id: null })
      .where('user_id', '=', stranger.id)
      .returning('token_hash')
      .executeTakeFirstOrThrow();
    // Written behind the app's back: forget its cached read of the session, as its own routes do.
    forgetReads(test.database.db.kysely);
    const res = await call('GET', '/api/notifications', stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Tenant must be selected first' });
    const b = await test.database.db.kysely
      .selectFrom('role_assignment')
      .select('tenant_id')
      .where('user_id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    await test.database.db.kysely
      .updateTable('user_session')
      .set({ tenant_id: b.tenant_id })
      .where('token_hash', '=', session.token_hash)
      .execute();
    forgetReads(test.database.db.kysely);
  });

  it('tells every watcher but the one who saved that a record changed, and lists them newest first', async () => {
    const hydrant = await create('hydrant', chief, { number: 'H-1', street: 'Main' });
    for (const who of [watcher, engineer]) {
      const watch = await call('POST', `/api/entity/hydrant/${hydrant.id}/toggleWatch`, who.headers);
      expect(watch.json().data.watching).toBe(true);
    }
    const before = await unread(watcher);
    const saved = await call('PUT', `/api/entity/hydrant/${hydrant.id}`, engineer.headers, { version: hydrant.version, street: 'Elm' });
    expect(saved.statusCode).toBe(200);
    const engineerName = `Name ${'engineer-notify'}`;
    expect(await unread(watcher)).toBe(before + 1);
    const list = (await call('GET', '/api/notifications', watcher.headers)).json();
    expect(list.data[0]).toMatchObject({ data: { subject: `${engineerName} updated Hydrant H-1`, path: hydrant.uri }, read_at: null });
    expect(list.meta).toMatchObject({ current_page: 1, last_page: 1, total: before + 1, to: before + 1 });
    // The person who saved hears nothing of their own change.
    expect(await subjects(engineer)).not.toContain(`${engineerName} updated Hydrant H-1`);
    // A status change and a deletion are changes too.
    await call('POST', `/api/entity/hydrant/${hydrant.id}/transition/mark_as_created`, chief.headers);
    const deleted = await call('DELETE', `/api/entity/hydrant/${hydrant.id}`, chief.headers);
    expect(deleted.statusCode).toBeLessThan(300);
    const chiefName = (
      await test.database.db.kysely.selectFrom('app_user').select('display_name').where('id', '=', chief.id).executeTakeFirstOrThrow()
    ).display_name;
    expect((await subjects(engineer))[0]).toBe(`${chiefName} deleted Hydrant H-1`);
  });

  it('pages newest first with current_page, last_page, total and to', async () => {
    const hydrant = await create('hydrant', chief, { number: 'H-P', street: 'A' });
    await call('POST', `/api/entity/hydrant/${hydrant.id}/toggleWatch`, lieutenant.headers);
    let version = hydrant.version;
    for (const street of ['B', 'C', 'D']) {
      const res = await call('PUT', `/api/entity/hydrant/${hydrant.id}`, chief.headers, { version, street });
      version = res.json().data.version;
    }
    const page1 = (await call('GET', '/api/notifications?per_page=2', lieutenant.headers)).json();
    expect(page1.meta).toMatchObject({ current_page: 1, last_page: 2, total: 3, to: 2 });
    const page2 = (await call('GET', '/api/notifications?per_page=2&page=2', lieutenant.headers)).json();
    expect(page2.meta).toMatchObject({ current_page: 2, to: 3 });
    const ids = [...page1.data, ...page2.data].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(3);
    const times = [...page1.data, ...page2.data].map((n: { created_at: string }) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await call('GET', '/api/notifications?per_page=0', lieutenant.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The given data was invalid.');
  });

  it("marks one read, and only the caller's own: others' are not found", async () => {
    const [first] = (await call('GET', '/api/notifications/unread', watcher.headers)).json().data;
    expect(first).toBeDefined();
    for (const other of [engineer, stranger]) {
      const res = await call('POST', `/api/notifications/${first.id}/read`, other.headers);
      expect(res.statusCode).toBe(404);
    }
    expect((await call('POST', '/api/notifications/not-a-uuid/read', watcher.headers)).statusCode).toBe(404);
    const before = await unread(watcher);
    const res = await call('POST', `/api/notifications/${first.id}/read`, watcher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: first.id, read_at: expect.any(String) });
    expect(await unread(watcher)).toBe(before - 1);
    // Twice is harmless.
    expect((await call('POST', `/api/notifications/${first.id}/read`, watcher.headers)).json().data.read_at).toBe(res.json().data.read_at);
  });

  it("batch-reads the caller's ids, ignores others' and validates the ids", async () => {
    const mine = (await call('GET', '/api/notifications/unread', lieutenant.headers)).json().data.map((n: { id: string }) => n.id);
    const theirs = (await call('GET', '/api/notifications/unread', engineer.headers)).json().data.map((n: { id: string }) => n.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const engineerBefore = await unread(engineer);
    const res = await call('POST', '/api/notifications/batch-read', lieutenant.headers, { notification_ids: [...mine, ...theirs] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notifications marked as read', data: { marked: mine.length, unread: 0 } });
    expect(await unread(lieutenant)).toBe(0);
    expect(await unread(engineer)).toBe(engineerBefore);
    // Another tenant's user marks nothing of ours either.
    const asStranger = await call('POST', '/api/notifications/batch-read', stranger.headers, { notification_ids: theirs });
    expect(asStranger.json().data.marked).toBe(0);
    expect(await unread(engineer)).toBe(engineerBefore);

    const invalid = await call('POST', '/api/notifications/batch-read', lieutenant.headers, { notification_ids: ['nope'] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'notification_ids.0': ['Each notification id must be a UUID.'] },
    });
    const empty = await call('POST', '/api/notifications/batch-read', lieutenant.headers, { notification_ids: [] });
    expect(empty.json().errors).toEqual({ notification_ids: ['The notification ids field is required.'] });
    const missing = await call('POST', '/api/notifications/batch-read', lieutenant.headers, {});
    expect(missing.statusCode).toBe(422);
  });

  it("never shows another tenant's notifications", async () => {
    expect(await subjects(stranger)).toEqual([]);
    expect(await unread(stranger)).toBe(0);
  });

  it('tells a new assignee of a task, unless they assigned themselves', async () => {
    const chore = await create('chore', chief, { what: 'Wash Engine 1', assignee: engineer.id });
    expect((await subjects(engineer))[0]).toBe('You were assigned Wash Engine 1');
    const own = await create('chore', lieutenant, { what: 'Check SCBA', assignee: lieutenant.id });
    expect(await subjects(lieutenant)).not.toContain('You were assigned Check SCBA');
    // An id that is no member of the department is refused (issue 19), and nobody is told.
    const refused = await call('PUT', `/api/entity/chore/${chore.id}`, chief.headers, {
      version: chore.version,
      assignee_2: watcher.id,
      assignee_3: stranger.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(await subjects(watcher)).not.toContain('You were assigned Wash Engine 1');
    // Adding a second assignee tells only the new one.
    const res = await call('PUT', `/api/entity/chore/${chore.id}`, chief.headers, { version: chore.version, assignee_2: watcher.id });
    expect(res.statusCode).toBe(200);
    expect((await subjects(watcher))[0]).toBe('You were assigned Wash Engine 1');
    expect((await subjects(engineer)).filter((s: string) => s === 'You were assigned Wash Engine 1')).toHaveLength(1);
    expect(await subjects(stranger)).toEqual([]);
    expect(own.id).toBeTruthy();
  });

  it('asks the approver roles when a change waits, and tells the requester the decision', async () => {
    const check = await create('check', watcher, { unit: 'E1', hours: 4 });
    const edit = await call('PUT', `/api/entity/check/${check.id}`, watcher.headers, { version: check.version, hours: 12 });
    expect(edit.json().data.data_requiring_approval.hours).toBeDefined();
    const watcherName = (
      await test.database.db.kysely.selectFrom('app_user').select('display_name').where('id', '=', watcher.id).executeTakeFirstOrThrow()
    ).display_name;
    const lieutenantName = (
      await test.database.db.kysely.selectFrom('app_user').select('display_name').where('id', '=', lieutenant.id).executeTakeFirstOrThrow()
    ).display_name;
    expect((await subjects(lieutenant))[0]).toBe(`${watcherName} requested approval of Pump hours on Check E1`);
    expect(await subjects(engineer)).not.toContain(`${watcherName} requested approval of Pump hours on Check E1`);
    const approved = await call('POST', `/api/entity/check/${check.id}/approve`, lieutenant.headers, { pendingApprovals: ['hours'] });
    expect(approved.statusCode).toBe(200);
    expect((await subjects(watcher))[0]).toBe(`${lieutenantName} approved your change to Pump hours on Check E1`);
    const again = await call('PUT', `/api/entity/check/${check.id}`, watcher.headers, { version: approved.json().data.version, hours: 99 });
    expect(again.statusCode).toBe(200);
    await call('POST', `/api/entity/check/${check.id}/reject`, lieutenant.headers, { pendingRejections: ['hours'] });
    expect((await subjects(watcher))[0]).toBe(`${lieutenantName} rejected your change to Pump hours on Check E1`);
  });

  it('tells the assignee of a task a transition generates', async () => {
    const followUp = await call('POST', '/api/entity-type', chief.headers, {
      label: 'Follow Up',
      is_task: true,
      object_data: { formtitle: 'Follow up at {where}' },
      fields: [f('where', 'single-text')],
    });
    const inspection = await call('POST', '/api/entity-type', chief.headers, {
      label: 'Inspection',
      fields: [f('address', 'single-text')],
      allowed_transitions: [
        {
          name: 'mark_as_submitted',
          generates_tasks: [
            {
              entity_type_id: followUp.json().data.id,
              assignee_id_property: 'creator_id',
              mapped_fields: [{ source: 'address', destination: 'where' }],
            },
          ],
        },
      ],
    });
    expect(inspection.statusCode).toBe(201);
    const record = await create('inspection', engineer, { address: '12 Main St' });
    expect((await call('POST', `/api/entity/inspection/${record.id}/transition/mark_as_submitted`, chief.headers)).statusCode).toBe(200);
    const [latest] = (await call('GET', '/api/notifications', engineer.headers)).json().data;
    expect(latest.data.subject).toBe('You were assigned Follow up at 12 Main St');
    expect(latest.data.path).toMatch(/^\/entity\/follow_up\/[0-9a-f-]{36}$/);
    // Submitting your own record assigns the task to yourself: nothing to tell.
    const own = await create('inspection', chief, { address: '14 Main St' });
    await call('POST', `/api/entity/inspection/${own.id}/transition/mark_as_submitted`, chief.headers);
    expect(await subjects(chief)).not.toContain('You were assigned Follow up at 14 Main St');
  });

  it("tells users of the tenant whom an action's email effect writes to", async () => {
    await create('pump_test', chief, { unit: 'E3', pump_ok: false });
    expect((await subjects(engineer))[0]).toBe('You were emailed about Pump E3: Pump failed on E3');
  });

  it('creates and publishes nothing when the save rolls back', async () => {
    const hydrant = await create('hydrant', chief, { number: 'H-R', street: 'A' });
    await call('POST', `/api/entity/hydrant/${hydrant.id}/toggleWatch`, watcher.headers);
    const row = await test.database.db.kysely.selectFrom('entity').selectAll().where('id', '=', hydrant.id).executeTakeFirstOrThrow();
    const type = { name: 'hydrant', label: 'Hydrant', is_task: false, fields: [] } as unknown as EntityType;
    const heard: ServerEvent[] = [];
    const bus = new EventBus(test.database.db, test.app.log);
    await bus.start();
    // 'records' events (live figures) are not notifications.
    const stop = bus.subscribe(watcher.id, (e) => e.type !== 'records' && heard.push(e));
    const before = await unread(watcher);
    const failed = withContext(test.database.db.kysely, { tenantId: tenantA, userId: chief.id, isGlobal: false }, async (tx) => {
      await recordChanged(tx, {
        actor: { userId: chief.id, displayName: 'Chief' },
        type,
        before: row,
        after: { ...row, version: row.version + 1 },
      });
      throw new Error('the save failed after the hook');
    });
    await expect(failed).rejects.toThrow('the save failed after the hook');
    // The same change committed is heard.
    await withContext(test.database.db.kysely, { tenantId: tenantA, userId: chief.id, isGlobal: false }, (tx) =>
      recordChanged(tx, {
        actor: { userId: chief.id, displayName: 'Chief' },
        type,
        before: row,
        after: { ...row, version: row.version + 1 },
      }),
    );
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      type: 'notification',
      tenant_id: tenantA,
      notification: { data: { subject: 'Chief updated Hydrant H-R' } },
    });
    expect(await unread(watcher)).toBe(before + 1);
    stop();
    await bus.close();
  });
});
