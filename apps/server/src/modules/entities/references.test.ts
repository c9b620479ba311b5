import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storedRecordCount, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { REFERENCE_MESSAGES } from './references.ts';

/** Assignees and parents must belong to the record's department (issue 19 #4, #6). */
describe(`[RECORDS] assignees and parents of a record on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let otherChief: Record<string, string>;
  let member: string;
  let stranger: string;

  beforeAll(async () => {
    test = await createTestApp();
    const alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: alpha.id }])).email);
    otherChief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: bravo.id }])).email);
    member = (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alpha.id }])).id;
    stranger = (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: bravo.id }])).id;
    for (const headers of [chief, otherChief]) {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/entity-type',
        headers,
        payload: {
          label: 'Chore',
          object_data: { formtitle: '{what}' },
          fields: [
            { field_data: { property: 'what', title: 'What', type: 'single-text' } },
            { field_data: { property: 'lead', title: 'Lead', type: 'select-personnel' } },
            { field_data: { property: 'crew', title: 'Crew', type: 'select-personnel', params: { multiple: true } } },
          ],
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    // Four argon2 sign-ins on the embedded database outlast the default hook timeout on a busy machine.
  }, 180_000);
  afterAll(() => test.close());

  const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: '/api/entity/chore', headers, payload });
  const records = () => storedRecordCount(test);

  it('refuses a parent that does not exist, or is another department’s record, with 422', async () => {
    const before = await records();
    const missing = await post(chief, { what: 'Wash', parent_entity_id: randomUUID() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The given data was invalid.', errors: { parent_entity_id: [REFERENCE_MESSAGES.noParent] } });
    const theirs = (await post(otherChief, { what: 'Theirs' })).json().data.id;
    expect((await post(chief, { what: 'Wash', parent_entity_id: theirs })).statusCode).toBe(422);
    expect(await records()).toBe(before + 1);
    const parent = (await post(chief, { what: 'Parent' })).json().data.id;
    const child = await post(chief, { what: 'Child', parent_entity_id: parent });
    expect(child.statusCode).toBe(201);
    expect(child.json().data.parent_entity_id).toBe(parent);
  });

  it('refuses assignees who are not members of the department, on create and on edit', async () => {
    const before = await records();
    const res = await post(chief, { what: 'Hose test', assignee: member, assignee_2: stranger, assignee_5: randomUUID() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ assignee_2: [REFERENCE_MESSAGES.notMember], assignee_5: [REFERENCE_MESSAGES.notMember] });
    expect(await records()).toBe(before);
    const created = await post(chief, { what: 'Hose test', assignee: member });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json().data;
    const edit = await test.app.inject({
      method: 'PUT',
      url: `/api/entity/chore/${id}`,
      headers: chief,
      payload: { version, assignee: stranger },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ assignee: [REFERENCE_MESSAGES.notMember] });
    const row = await test.database.db.kysely
      .selectFrom('entity')
      .select(['assignee', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ assignee: member, version });
  });

  it('refuses select-personnel values naming people of another department, per field, on create and on edit', async () => {
    const personnelOf = async (userId: string) =>
      (await test.database.db.kysely.selectFrom('personnel').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const ours = await personnelOf(member);
    const theirs = await personnelOf(stranger);
    const before = await records();
    // Another department's user id, its personnel record's id, an id of no one, and a non-uuid.
    for (const [lead, crew] of [
      [{ id: stranger }, [{ id: ours }]],
      [{ id: ours }, [{ id: ours }, { id: theirs }]],
      [{ id: randomUUID() }, [{ id: 'not-a-uuid' }]],
    ]) {
      const res = await post(chief, { what: 'Drill', lead, crew });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors;
      expect(errors).toEqual(
        expect.objectContaining(
          (lead as { id: string }).id === ours
            ? { crew: [REFERENCE_MESSAGES.personnelNotMember('Crew')] }
            : { lead: [REFERENCE_MESSAGES.personnelNotMember('Lead')] },
        ),
      );
    }
    expect(await records()).toBe(before);
    // Our own people, by personnel id or by user id, are accepted.
    const created = await post(chief, { what: 'Drill', lead: { id: ours }, crew: [{ id: ours }, { id: member }] });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json().data;
    const edit = await test.app.inject({
      method: 'PUT',
      url: `/api/entity/chore/${id}`,
      headers: chief,
      payload: { version, crew: [{ id: ours }, { id: stranger }] },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ crew: [REFERENCE_MESSAGES.personnelNotMember('Crew')] });
    const row = await test.database.db.kysely
      .selectFrom('entity')
      .select(['data', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(version);
    expect((row.data as { crew: { id: string }[] }).crew.map((c) => c.id)).toEqual([ours, member]);
  });
});
