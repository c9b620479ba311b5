import {
  checkQuizSettings,
  type EntityType,
  type EntityTypeField,
  type FieldDefinition,
  type FieldOption,
  fieldMessages,
  fieldTypeOf,
  isFieldTypeKey,
  markQuizQuestion,
  optionKey,
  TRANSITION_NAMES,
  validateField,
} from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB } from '../test/database.ts';
import { signIn } from '../test/identity.ts';
import { failedItemCondition } from './entity-types/daily-apparatus-check.ts';
import { nerisIncidentTypes } from './entity-types/neris.ts';
import { DEMO_ENTITY_TYPES, entityTypesDemo } from './entity-types.ts';
import { identityDemo } from './identity.ts';
import { type DemoContext, seedDemo } from './seed.ts';
import { tenantsDemo } from './tenants.ts';

const definition = (f: EntityTypeField) => f.field_data as FieldDefinition;
const byProperty = (type: EntityType, property: string) => {
  const found = type.fields.find((f) => f.field_data.property === property);
  if (!found) throw new Error(`${type.name} has no field ${property}`);
  return definition(found);
};
const optionsOf = (f: FieldDefinition) => (f.params?.options ?? []) as FieldOption[];

describe(`[DEMO] entity types on ${TEST_DB}`, () => {
  let test: TestApp;
  let context: DemoContext;
  let riverside: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let types: Map<string, EntityType>;

  const countRows = async () => {
    const db = test.database.db.kysely;
    const typeCount = await db
      .selectFrom('entity_type')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const fieldCount = await db
      .selectFrom('entity_type_field')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { types: Number(typeCount.n), fields: Number(fieldCount.n) };
  };

  beforeAll(async () => {
    test = await createTestApp();
    context = { db: test.database.db.kysely, password: test.app.config.demoPassword, argon2: test.app.config.argon2 };
    await seedDemo(context, [tenantsDemo, identityDemo, entityTypesDemo]);
    riverside = await context.db.selectFrom('tenant').select('id').where('name', '=', 'riverside').executeTakeFirstOrThrow();
    chief = await signIn(test, 'chief@riverside.example', context.password);
    firefighter = await signIn(test, 'firefighter@riverside.example', context.password);
    const res = await test.app.inject({ method: 'GET', url: '/api/entity-type', headers: chief });
    expect(res.statusCode).toBe(200);
    types = new Map((res.json().data as EntityType[]).map((t) => [t.name, t]));
  });
  afterAll(() => test.close());

  it('creates every demo type as Riverside’s own, with its fields, pages, icon and transitions', () => {
    for (const demo of DEMO_ENTITY_TYPES) {
      const built = demo.build();
      expect(built.name).toBe(demo.name);
      const type = types.get(demo.name);
      expect(type, demo.name).toBeDefined();
      if (!type) continue;
      expect(type).toMatchObject({ label: built.label, tenant_id: riverside.id, is_global: false, sort_order: demo.sortOrder });
      expect(type.fields.map((f) => f.field_data.property)).toEqual(built.fields?.map((f) => f.field_data.property));
      expect(type.object_data.icon, demo.name).toEqual(expect.any(String));
      expect(type.object_data.page_labels, demo.name).toHaveLength(type.pages);
      const names = type.allowed_transitions.map((t) => t.name);
      expect(names).toContain('mark_as_created');
      expect(names.every((n) => TRANSITION_NAMES.includes(n))).toBe(true);
      for (const f of type.fields) {
        expect(isFieldTypeKey(f.field_data.type), `${demo.name}.${f.field_data.property}`).toBe(true);
        expect(f.field_data.page).toBeLessThanOrEqual(type.pages);
        expect(f.offline_id).toBeTruthy();
      }
      expect(type.fields.some((f) => f.field_data.flags?.tableView === true)).toBe(true);
    }
    expect(types.get('apparatus')?.is_module).toBe(true);
    expect(types.get('department_shifts')).toMatchObject({
      date_significant: true,
      object_data: { start_datetime_field: 'shift_start', end_datetime_field: 'shift_end' },
    });
    expect(types.get('training_quiz')?.object_data.is_quiz).toBe(true);
    for (const name of ['incident_report', 'daily_apparatus_check', 'training_quiz']) {
      expect(types.get(name)?.allowed_transitions.map((t) => t.name)).toContain('mark_as_finalised');
    }
  });

  it('builds the NERIS incident type as three levels: level 1 the distinct value_1 codes, level 3 with the path of its parents', () => {
    const rows = nerisIncidentTypes().map((t) => ['TRUE', t.value_1, t.value_2, t.value_3]);
    const level1Codes = [...new Set(rows.map((r) => r[1]))];
    const pairs = new Set(rows.filter((r) => r[2]).map((r) => `${r[1]}|${r[2]}`));
    const triples = new Set(rows.filter((r) => r[2] && r[3]).map((r) => `${r[1]}|${r[2]}|${r[3]}`));

    const type = types.get('incident_report')!;
    const [one, two, three] = ['incident_type_1', 'incident_type_2', 'incident_type_3'].map((p) => byProperty(type, p)) as [
      FieldDefinition,
      FieldDefinition,
      FieldDefinition,
    ];
    expect(level1Codes.length).toBeGreaterThan(5);
    expect(optionsOf(one).map(optionKey)).toEqual(level1Codes);
    expect(optionsOf(one).find((o) => o.key === 'FIRE')?.label).toBe('Fire');
    expect(optionsOf(two)).toHaveLength(pairs.size);
    for (const o of optionsOf(two)) expect(pairs.has(`${o.path}|${o.key}`), `${o.path}|${o.key}`).toBe(true);
    expect(optionsOf(two).find((o) => o.key === 'OUTSIDE_FIRE')?.path).toBe('FIRE');
    expect(optionsOf(three)).toHaveLength(triples.size);
    for (const o of optionsOf(three)) {
      expect(o.path?.split('|'), `${o.key}`).toHaveLength(2);
      expect(triples.has(`${o.path}|${o.key}`), `${o.path}|${o.key}`).toBe(true);
    }
    expect(optionsOf(three).find((o) => o.key === 'CONSTRUCTION_WASTE')).toMatchObject({
      path: 'FIRE|OUTSIDE_FIRE',
      label: 'Construction Waste',
    });
    for (const f of [one, two, three]) expect(f.params?.neris_property).toBe('incident_final_type');
    expect(one.validation?.required).toBe(true);
  });

  it('running the seed again creates nothing new and changes nothing', async () => {
    const before = await countRows();
    expect(before.types).toBeGreaterThanOrEqual(DEMO_ENTITY_TYPES.length);
    expect(before.fields).toBeGreaterThan(100);
    const stamps = [...types.values()].map((t) => [t.name, t.modified_at]);
    await entityTypesDemo.run(context);
    await seedDemo(context, [tenantsDemo, identityDemo, entityTypesDemo]);
    expect(await countRows()).toEqual(before);
    const res = await test.app.inject({ method: 'GET', url: '/api/entity-type/lite', headers: chief });
    const after = new Map((res.json().data as EntityType[]).map((t) => [t.name, t.modified_at]));
    for (const [name, stamp] of stamps) expect(after.get(name!)).toBe(stamp);
  });

  it('lets the demo firefighter see every demo type in GET /entity-type/lite', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/entity-type/lite', headers: firefighter });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(DEMO_ENTITY_TYPES.map((t) => t.name)));
    // In menu order: the incident report first.
    expect(names.filter((n) => DEMO_ENTITY_TYPES.some((t) => t.name === n))[0]).toBe('incident_report');
  });

  it('gives the incident report fields whose params fit the field registry: sample values validate, required ones are enforced', async () => {
    const id = types.get('incident_report')!.id;
    const res = await test.app.inject({ method: 'GET', url: `/api/entity-type/${id}`, headers: firefighter });
    expect(res.statusCode).toBe(200);
    const type = res.json().data as EntityType;
    const fire = byProperty(type, 'incident_type_1');
    const subtype = optionsOf(byProperty(type, 'incident_type_2')).find((o) => o.path === 'FIRE')!;
    const detail = optionsOf(byProperty(type, 'incident_type_3')).find((o) => o.path === `FIRE|${subtype.key}`)!;
    const person = { id: '4c8a0d3e-6a7b-4f5e-9d1c-2b3a4c5d6e7f', display_name: 'Frankie Firefighter' };
    const samples: Record<string, unknown> = {
      incident_number: 'RFD-2026-0142',
      incident_type_1: optionKey(optionsOf(fire)[0]!),
      incident_type_2: subtype.key,
      incident_type_3: detail.key,
      address: { street: '120 Main', streetType: 'St', city: 'Riverside', state: 'CA', zipcode: '92501' },
      coordinates: '33.9806 -117.3755',
      dispatched_at: '2026-03-14T10:04:00-07:00',
      arrived_at: '2026-03-14T10:11:00-07:00',
      cleared_at: '2026-03-14T11:30:00-07:00',
      apparatus: '0b6f2a7e-1c1d-4d43-9a55-2f4a9f0e8c11',
      personnel: person,
      mutual_aid_given: 'No',
      narrative: '<p>Engine 1 arrived to find a dumpster fire; knocked down with one line.</p>',
      officer_in_charge: person,
      officer_signature: 'data:image/png;base64,iVBORw0KGgo=',
    };
    expect(Object.keys(samples).sort()).toEqual(type.fields.map((f) => f.field_data.property).sort());
    for (const f of type.fields) {
      const field = definition(f);
      expect(fieldTypeOf(field.type).key, field.property).toBe(field.type);
      expect(validateField(field, samples[field.property]).errors, field.property).toEqual([]);
      const empty = validateField(field, null).errors;
      expect(empty, field.property).toEqual(field.validation?.required ? [fieldMessages.required(field)] : []);
    }
    expect(type.fields.filter((f) => f.field_data.validation?.required).map((f) => f.field_data.property)).toEqual([
      'incident_number',
      'incident_type_1',
      'address',
      'dispatched_at',
      'narrative',
    ]);
    expect(validateField(fire, 'NOT_A_NERIS_CODE').errors).toEqual([fieldMessages.notAnOption(fire)]);
    expect(byProperty(type, 'apparatus').params?.sourceName).toBe('apparatus');
    expect(byProperty(type, 'narrative').params?.maxHeight).toBe(400);
  });

  it('stores several people in select-personnel fields with params.multiple (incident personnel, shift crew)', async () => {
    const crew = { property: 'crew', title: 'Crew', type: 'select-personnel', params: { multiple: true } };
    expect(validateField(crew, [{ id: 'a1' }, { id: 'b2', display_name: 'Bo' }]).errors).toEqual([]);
  });

  it('makes the training quiz a one-attempt quiz of 80% in 20 minutes whose questions all have correct answers', () => {
    const type = types.get('training_quiz')!;
    const group = type.fields.find((f) => f.field_data.type === 'quiz-question-group')!;
    const params = group.field_data.params ?? {};
    expect(params).toMatchObject({ quizAttemptsOption: 'one-attempt', quiz_pass_mark_percent: 80, quizTimeLimit: 20 });
    expect(checkQuizSettings(params)).toEqual([]);
    const questions = type.fields.filter((f) => ['true-false-quiz', 'radio-quiz', 'checkbox-quiz'].includes(f.field_data.type));
    expect(new Set(questions.map((q) => q.field_data.type)).size).toBe(3);
    expect(params.fieldList).toEqual(questions.map((q) => q.offline_id));
    for (const q of questions) {
      const field = definition(q);
      const correct = optionsOf(field)
        .filter((o) => o.correctAnswer)
        .map(optionKey);
      const answer = field.type === 'true-false-quiz' ? field.params?.correctAnswer : field.type === 'radio-quiz' ? correct[0] : correct;
      expect(validateField(field, answer).errors, field.property).toEqual([]);
      expect(markQuizQuestion(field, answer), field.property).toEqual({ marksAchieved: 1, marksPossible: 1 });
    }
  });

  it('raises the daily check’s Failed item alarm over its yes-no items, and points apparatus fields at the Apparatus type', () => {
    const check = types.get('daily_apparatus_check')!;
    expect(check.alarms).toEqual([
      expect.objectContaining({ name: 'Failed item', alarmCondition: failedItemCondition, alarmConditionColor: '#ff0000' }),
    ]);
    const yesNo = new Set(check.fields.filter((f) => f.field_data.type === 'yes-no').map((f) => f.field_data.property));
    const used = failedItemCondition.or.map((rule) => rule['==='][0] as { var: string });
    expect(used.map((u) => u.var).sort()).toEqual([...yesNo].sort());
    expect(yesNo.size).toBeGreaterThanOrEqual(5);
    for (const type of types.values()) {
      for (const f of type.fields) {
        const source = f.field_data.params?.sourceName;
        if (source) expect(types.has(String(source)), `${type.name}.${f.field_data.property}`).toBe(true);
      }
    }
  });

  it('keeps the type editor’s save rules: a number-entry keeps integer but drops min (spec 03 §5)', () => {
    const quantity = byProperty(types.get('equipment_inventory')!, 'quantity');
    expect(quantity.validation).toEqual({ required: true, integer: true });
    expect(byProperty(types.get('equipment_inventory')!, 'photo').params?.fileType).toBe('image');
    expect(byProperty(types.get('time_sheet')!, 'punch_card').params?.customFunctionalityType).toBe('timesheet-punch-card');
  });
});
