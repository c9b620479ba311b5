import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

const field = (property: string, type = 'single-text', extra: Record<string, unknown> = {}) => ({
  modified_at: new Date().toISOString(),
  field_data: { property, title: property.replace(/_/g, ' '), type, page: 1, ...extra },
});

describe(`[ENTITY TYPES] the entity type engine on ${TEST_DB}`, () => {
  let test: TestApp;
  let a: { id: string };
  let b: { id: string };
  let chiefA: Record<string, string>;
  let chiefB: Record<string, string>;
  let firefighterA: Record<string, string>;
  let global: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    chiefA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: a.id }])).email);
    chiefB = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    firefighterA = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }])).email);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });

  async function create(headers: Record<string, string>, body: Record<string, unknown>) {
    const res = await call('POST', '/api/entity-type', headers, body);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  it('refuses strangers and people without modify entity types', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/entity-type/lite' })).statusCode).toBe(401);
    const res = await call('POST', '/api/entity-type', firefighterA, { label: 'Sneaky' });
    expect(res.statusCode).toBe(403);
  });

  it('creates a type with an identifier from its label, and grants its tenant view, create and update', async () => {
    const type = await create(chiefA, {
      label: 'Daily Apparatus Check',
      pages: 2,
      fields: [field('unit'), field('pump_ok', 'yes-no', { page: 2 })],
    });
    expect(type).toMatchObject({
      name: 'daily_apparatus_check',
      label: 'Daily Apparatus Check',
      tenant_id: a.id,
      pages: 2,
      is_global: false,
    });
    expect(type.fields.map((f: { field_data: { property: string } }) => f.field_data.property)).toEqual(['unit', 'pump_ok']);
    expect(type.fields[0].offline_id).toBeTruthy();
    const perms = (await call('GET', '/api/permissions-v2', firefighterA)).json().data;
    expect(perms.daily_apparatus_check).toMatchObject({ view: true, create: true, update: true, delete: false });
    const lite = (await call('GET', '/api/entity-type/lite', firefighterA)).json().data;
    expect(lite.map((t: { name: string }) => t.name)).toContain('daily_apparatus_check');
    // Bravo sees nothing of it.
    const other = (await call('GET', '/api/entity-type/lite', chiefB)).json().data;
    expect(other.map((t: { name: string }) => t.name)).not.toContain('daily_apparatus_check');
    expect((await call('GET', `/api/entity-type/${type.id}`, chiefB)).statusCode).toBe(404);
    expect((await call('PUT', `/api/entity-type/${type.id}`, chiefB, { label: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/entity-type/${type.id}`, chiefB)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity-type/${type.id}`, chiefA)).json().data.label).toBe('Daily Apparatus Check');
  });

  it('refuses a taken identifier, a repeated property and a field beyond the last page, writing nothing', async () => {
    await create(chiefA, { label: 'Hydrant' });
    const taken = await call('POST', '/api/entity-type', chiefA, { label: 'Hydrant' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The identifier has already been taken.'] });
    const bad = await call('POST', '/api/entity-type', chiefA, {
      label: 'Broken Type',
      pages: 1,
      fields: [field('unit'), field('Unit'), field('later', 'single-text', { page: 3 })],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'fields.1.field_data.property': ['The property has already been taken.'],
      'fields.2.field_data.page': ['The page must be between 1 and 1.'],
    });
    const names = (await call('GET', '/api/entity-type/lite', chiefA)).json().data.map((t: { name: string }) => t.name);
    expect(names).not.toContain('broken_type');
    const wrong = await call('POST', '/api/entity-type', chiefA, {
      label: 'Wrong Fields',
      fields: [
        field('who', 'select-personel'),
        field('quiz', 'quiz-question-group', { params: { quizAttemptsOption: 'multiple-attempts', quizMaximumAttempts: 1 } }),
        field('kind', 'select-list', { params: { options: 'Engine,Ladder' } }),
        field('version'),
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors).sort()).toEqual([
      'fields.0.field_data.type',
      'fields.1.field_data.params',
      'fields.2.field_data.params.options',
      'fields.3.field_data.property',
    ]);
    const noLabel = await call('POST', '/api/entity-type', chiefA, { label: '  ' });
    expect(noLabel.json().errors).toEqual({ label: ['The label field is required.'] });
  });

  it('normalises number fields on save (spec 03 §5)', async () => {
    const type = await create(chiefA, {
      label: 'Numbers',
      fields: [
        field('count', 'number-entry', { validation: { min: 1, max: 5, digits: 2 } }),
        field('range', 'number-entry', { params: { isNumberRange: true }, validation: { min: 1, max: 5, digits: 2 } }),
        field('slider', 'number-slider', { validation: { min: 1, max: 5 } }),
      ],
    });
    const byProperty = Object.fromEntries(
      type.fields.map((f: { field_data: { property: string; validation: unknown } }) => [f.field_data.property, f.field_data.validation]),
    );
    expect(byProperty).toEqual({ count: { digits: 2 }, range: { min: 1, max: 5 }, slider: { min: 1, max: 5 } });
  });

  it('changes only fields sent with modified_at, and deletes fields marked deleted', async () => {
    const type = await create(chiefA, {
      label: 'Inventory Item',
      fields: [field('item'), field('count', 'number-entry'), field('notes', 'textarea')],
    });
    const [item, count, notes] = type.fields;
    const res = await call('PUT', `/api/entity-type/${type.id}`, chiefA, {
      label: 'Equipment Inventory',
      fields: [
        { ...item, field_data: { ...item.field_data, title: 'Changed but not sent as modified' }, modified_at: null },
        { ...count, modified_at: new Date().toISOString(), field_data: { ...count.field_data, title: 'Quantity' } },
        { ...notes, modified_at: new Date().toISOString(), deleted: true },
        field('location'),
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.label).toBe('Equipment Inventory');
    expect(
      after.fields.map((f: { field_data: { property: string; title: string } }) => [f.field_data.property, f.field_data.title]),
    ).toEqual([
      ['item', 'item'],
      ['count', 'Quantity'],
      ['location', 'location'],
    ]);
  });

  it('lets only global admins make global types; tenants add their own fields to them', async () => {
    expect((await call('POST', '/api/entity-type', chiefA, { label: 'Nope', is_global: true })).statusCode).toBe(403);
    const type = await create(global, { label: 'Incident Report', is_global: true, fields: [field('narrative', 'textarea')] });
    expect(type.tenant_id).toBeNull();
    const seenByA = (await call('GET', `/api/entity-type/${type.id}`, chiefA)).json().data;
    const narrative = seenByA.fields[0];
    const added = await call('PUT', `/api/entity-type/${type.id}`, chiefA, {
      label: 'Ignored for tenants',
      fields: [field('station_notes')],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.label).toBe('Incident Report');
    expect(
      added
        .json()
        .data.fields.map((f: { field_data: { property: string }; tenant_id: string | null }) => [f.field_data.property, f.tenant_id]),
    ).toEqual([
      ['narrative', null],
      ['station_notes', a.id],
    ]);
    const onlyGlobal = (await call('GET', `/api/entity-type/${type.id}`, chiefB)).json().data;
    expect(onlyGlobal.fields.map((f: { field_data: { property: string } }) => f.field_data.property)).toEqual(['narrative']);
    const touchGlobal = await call('PUT', `/api/entity-type/${type.id}`, chiefA, {
      label: 'x',
      fields: [{ ...narrative, modified_at: new Date().toISOString(), field_data: { ...narrative.field_data, title: 'Hacked' } }],
    });
    expect(touchGlobal.statusCode).toBe(403);
    expect((await call('DELETE', `/api/entity-type/${type.id}`, chiefA)).statusCode).toBe(403);
    expect((await call('GET', `/api/entity-type/${type.id}`, chiefB)).json().data.fields[0].field_data.title).toBe('narrative');
  });

  it('refuses a reference to a missing type unless type checks are skipped', async () => {
    const body = {
      label: 'Apparatus Check Log',
      fields: [field('apparatus', 'select-list', { params: { sourceName: 'apparatus_unit' } })],
    };
    const res = await call('POST', '/api/entity-type', chiefA, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "Entity type 'apparatus_unit' not found (Import type 'apparatus_unit' first.)",
      errors: { 'fields.0.field_data.params.sourceName': ["Entity type 'apparatus_unit' not found (Import type 'apparatus_unit' first.)"] },
    });
    const skipped = await call('POST', '/api/entity-type', chiefA, { ...body, importArgs: { skipTypeChecks: true } });
    expect(skipped.statusCode).toBe(201);
  });

  it('exports a type and imports it into another tenant; exporting again gives the same document', async () => {
    const original = await create(chiefA, {
      label: 'Training Quiz',
      pages: 2,
      object_data: { icon: 'school', is_quiz: true, page_labels: ['Intro', 'Questions'] },
      fields: [
        field('intro', 'heading'),
        field('q1', 'radio-quiz', { page: 2, params: { options: [{ key: 'a', label: 'A', correctAnswer: true }] } }),
      ],
      actions: [
        { name: 'Notify trainer', enabled: true, triggers: { type: 'check-on-save' }, effects: [{ type: 'email', subject: 'Quiz done' }] },
      ],
      alarms: [{ name: 'Late' }],
      allowed_transitions: [{ name: 'mark_as_created' }, { name: 'mark_as_finalised' }],
    });
    const exported = await call('GET', `/api/entity-type/${original.id}?download=1`, chiefA);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="training_quiz.json"');
    const document = exported.json();
    expect(document).not.toHaveProperty('id');
    expect(document.alarms[0]).toMatchObject({ name: 'Late', alarmCondition: true, alarmConditionColor: '#ff0000' });
    const imported = await call('POST', '/api/entity-type', chiefB, { ...document, importArgs: {} });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().message).toBe('Entity type added successfully');
    const again = (await call('GET', `/api/entity-type/${imported.json().data.id}?download=1`, chiefB)).json();
    expect(again).toEqual(document);
    // Importing it once more updates the type of the same name.
    const update = await call('POST', '/api/entity-type', chiefB, { ...document, label: 'Training Quiz v2', importArgs: {} });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      message: 'Entity type updated successfully.',
      data: { id: imported.json().data.id, label: 'Training Quiz v2' },
    });
    expect(update.json().data.fields.map((f: { offline_id: string }) => f.offline_id)).toEqual(
      document.fields.map((f: { offline_id: string }) => f.offline_id),
    );
  });

  it('reorders and deletes types: a deleted type is gone from lists and answers 404', async () => {
    const one = await create(chiefA, { label: 'Sort One' });
    const two = await create(chiefA, { label: 'Sort Two' });
    expect(two.sort_order - one.sort_order).toBe(1000);
    const res = await call('PUT', '/api/entity-type/sort-order', chiefA, [
      { id: one.id, sort_order: 5000 },
      { id: two.id, sort_order: 4000 },
    ]);
    expect(res.statusCode).toBe(200);
    const order = (await call('GET', '/api/entity-type/lite', chiefA)).json().data.map((t: { name: string }) => t.name);
    expect(order.indexOf('sort_two')).toBeLessThan(order.indexOf('sort_one'));
    expect((await call('PUT', '/api/entity-type/sort-order', chiefB, [{ id: one.id, sort_order: 1 }])).statusCode).toBe(404);
    expect((await call('DELETE', `/api/entity-type/${one.id}`, chiefA)).json()).toEqual({ message: 'Deleted Successfully' });
    expect((await call('GET', `/api/entity-type/${one.id}`, chiefA)).json()).toEqual({ message: 'Entity Type not found.' });
    const row = await test.database.db.kysely
      .selectFrom('entity_type')
      .select('deleted_at')
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it('hides a type from people whose role may not view it', async () => {
    await create(chiefA, { label: 'Payroll' });
    await call('POST', '/api/permissions-v2', chiefA, { tenant: a.id, role: 'Tenant User', permissions: { payroll: { view: false } } });
    const lite = (await call('GET', '/api/entity-type/lite', firefighterA)).json().data.map((t: { name: string }) => t.name);
    expect(lite).not.toContain('payroll');
    const id = (await call('GET', '/api/entity-type/lite', chiefA)).json().data.find((t: { name: string }) => t.name === 'payroll').id;
    expect((await call('GET', `/api/entity-type/${id}`, firefighterA)).statusCode).toBe(404);
  });

  it('keeps types apart in the database too: global types for all, tenant types for their tenant (RLS)', async () => {
    const { withContext } = await import('../../platform/db/tenancy.ts');
    const db = test.database.db.kysely;
    const seen = await withContext(db, { tenantId: b.id, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('entity_type').select(['tenant_id']).execute(),
    );
    expect(seen.every((t) => t.tenant_id === null || t.tenant_id === b.id)).toBe(true);
    await expect(
      withContext(db, { tenantId: b.id, userId: null, isGlobal: false }, (tx) =>
        tx
          .insertInto('entity_type')
          .values({
            tenant_id: null,
            name: 'sneaky_global',
            label: 'Sneaky',
            sort_order: 1,
            pages: 1,
            object_data: '{}',
            actions: '[]',
            alarms: '[]',
            reports: '[]',
            allowed_transitions: '[]',
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const none = await withContext(db, { tenantId: null, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('entity_type').select('tenant_id').where('tenant_id', 'is not', null).execute(),
    );
    expect(none).toEqual([]);
  });

  it('lists the workflow places and transitions', async () => {
    const transitions = (await call('GET', '/api/workflow/transitions', firefighterA)).json().data;
    expect(transitions.find((t: { name: string }) => t.name === 'mark_as_created')).toMatchObject({
      to: 'created',
      metadata: { required_always: true },
    });
    expect(transitions.find((t: { name: string }) => t.name === 'mark_as_finalised')).toMatchObject({
      to: 'finalised',
      metadata: { title: 'Finalise' },
    });
    const places = (await call('GET', '/api/workflow/places', firefighterA)).json().data;
    expect(places.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['created', 'finalised']));
  });
});
