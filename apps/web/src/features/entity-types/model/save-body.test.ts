import type { EntityType, EntityTypeField } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { draftFromType, emptyDraft, fieldKey, newField } from './draft.ts';
import { buildSaveBody, diffFields, fieldErrorsByKey, normaliseFieldData, stableJson } from './save-body.ts';

const NOW = '2026-11-22T10:00:00.000Z';
const LOADED_AT = '2026-11-01T08:00:00.000Z';

function field(id: string, property: string, extra: Partial<EntityTypeField['field_data']> = {}): EntityTypeField {
  return {
    id,
    offline_id: `off-${id}`,
    tenant_id: 't1',
    modified_at: LOADED_AT,
    title: property,
    field_data: { property, title: property, type: 'single-text', page: 1, sort_order: 1000, table_sort_order: 10_000, ...extra },
  };
}

function type(fields: EntityTypeField[]): EntityType {
  return {
    id: 'type-1',
    name: 'hose_test',
    label: 'Hose Test',
    tenant_id: 't1',
    sort_order: 3000,
    pages: 2,
    is_module: false,
    is_core: false,
    is_task: false,
    is_global: false,
    date_significant: false,
    modified_at: LOADED_AT,
    object_data: { page_labels: ['One', 'Two'] },
    fields,
    actions: [],
    alarms: [],
    reports: [],
    allowed_transitions: [{ name: 'mark_as_created', generates_tasks: [] }],
  };
}

describe('which fields get modified_at', () => {
  const loaded = type([field('f1', 'hose_id'), field('f2', 'pressure', { type: 'number-entry' }), field('f3', 'notes')]);

  it('sends unchanged fields without modified_at, changed and added ones stamped, removed ones deleted', () => {
    const draft = draftFromType(loaded);
    draft.fields = draft.fields
      .filter((f) => f.id !== 'f3')
      .map((f) => (f.id === 'f2' ? { ...f, field_data: { ...f.field_data, title: 'Pressure (psi)' } } : f));
    const added = newField('yes-no', 2, draft.fields);
    added.field_data = { ...added.field_data, property: 'passed', title: 'Passed?' };
    draft.fields.push(added);

    const body = buildSaveBody(loaded, draft, NOW);
    const sent = body.fields ?? [];
    const byProperty = (p: string) => sent.find((f) => f.field_data.property === p);
    expect(byProperty('hose_id')).not.toHaveProperty('modified_at');
    expect(byProperty('hose_id')?.id).toBe('f1');
    expect(byProperty('pressure')).toMatchObject({ id: 'f2', modified_at: NOW, title: 'Pressure (psi)' });
    expect(byProperty('passed')).toMatchObject({ offline_id: added.offline_id, modified_at: NOW });
    expect(byProperty('passed')).not.toHaveProperty('id');
    expect(byProperty('notes')).toMatchObject({ id: 'f3', deleted: true, modified_at: NOW });
    expect(sent.filter((f) => f.modified_at)).toHaveLength(3);
  });

  it('sees nothing changed in a draft just loaded, whatever the key order', () => {
    const draft = draftFromType(loaded);
    draft.fields[0] = {
      ...draft.fields[0]!,
      field_data: Object.fromEntries(Object.entries(draft.fields[0]!.field_data).reverse()) as never,
    };
    expect(diffFields(loaded.fields, draft.fields).map((d) => d.change)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect((buildSaveBody(loaded, draft, NOW).fields ?? []).some((f) => f.modified_at)).toBe(false);
  });

  it('counts a new sort order as a change (reordering sends the moved field)', () => {
    const draft = draftFromType(loaded);
    draft.fields[2] = { ...draft.fields[2]!, field_data: { ...draft.fields[2]!.field_data, sort_order: 500 } };
    expect(diffFields(loaded.fields, draft.fields).map((d) => d.change)).toEqual(['unchanged', 'unchanged', 'changed']);
  });

  it('sends a new type with every field, the derived identifier and nothing deleted', () => {
    const draft = { ...emptyDraft(), label: '  Hose Test ', name: 'hose_test' };
    draft.fields = [newField('single-text', 1, [])];
    draft.fields[0]!.field_data.property = 'hose_id';
    const body = buildSaveBody(null, draft, NOW);
    expect(body).toMatchObject({ name: 'hose_test', label: 'Hose Test', pages: 1 });
    expect(body.fields).toHaveLength(1);
    expect(body.allowed_transitions).toEqual([{ name: 'mark_as_created', generates_tasks: [] }]);
    expect(body).not.toHaveProperty('sort_order');
  });

  it('maps 422 messages keyed fields.n back to the field sent at n', () => {
    const sent = [field('f1', 'a'), field('f2', 'b')];
    expect(
      fieldErrorsByKey(sent, { 'fields.1.field_data.property': ['The property has already been taken.'], label: ['x'] }, fieldKey),
    ).toEqual({
      'off-f2': ['The property has already been taken.'],
    });
  });
});

describe('on-save normalisation of number fields (spec 03 §5)', () => {
  const validation = { required: true, min: 1, max: 9, digits: 2 };
  it('drops digits from ranges and min/max from plain numbers, keeps sliders whole', () => {
    expect(
      normaliseFieldData({
        property: 'a',
        title: '',
        type: 'number-entry',
        page: 1,
        sort_order: 1,
        table_sort_order: 1,
        params: { isNumberRange: true },
        validation,
      }).validation,
    ).toEqual({
      required: true,
      min: 1,
      max: 9,
    });
    expect(
      normaliseFieldData({ property: 'a', title: '', type: 'number-entry', page: 1, sort_order: 1, table_sort_order: 1, validation })
        .validation,
    ).toEqual({
      required: true,
      digits: 2,
    });
    expect(
      normaliseFieldData({ property: 'a', title: '', type: 'number-slider', page: 1, sort_order: 1, table_sort_order: 1, validation })
        .validation,
    ).toEqual(validation);
    expect(
      normaliseFieldData({ property: 'a', title: '', type: 'single-text', page: 1, sort_order: 1, table_sort_order: 1, validation })
        .validation,
    ).toEqual(validation);
  });

  it('orders keys so JSON comparison ignores key order', () => {
    expect(stableJson({ b: 1, a: { d: 1, c: [{ f: 1, e: 2 }] } })).toBe('{"a":{"c":[{"e":2,"f":1}],"d":1},"b":1}');
  });
});
