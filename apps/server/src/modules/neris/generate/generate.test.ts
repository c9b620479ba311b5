import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateRule } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, buildEntityType, buildJsonSchema, propertyOf } from './build.ts';
import { type ConditionContext, translateCondition, UnreadCondition } from './conditions.ts';
import { parseCsv } from './csv.ts';
import { readFramework, readValueSet } from './framework.ts';
import { FRAMEWORK_DIR, GENERATED_DIR, generatedFiles } from './main.ts';

const framework = readFramework(FRAMEWORK_DIR);
const catalogue = buildCatalogue(framework);

describe('NERIS generator: reading the framework', () => {
  it('parses CSV: quoted commas, doubled quotes, empty cells, CRLF and a missing final newline', () => {
    expect(parseCsv('a,b,c\n1,"x, y","say ""hi"""\r\n,,\n"last",2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['', '', ''],
      ['last', '2', '3'],
    ]);
    expect(parseCsv('a\n"multi\nline"\n')).toEqual([['a'], ['multi\nline']]);
    expect(parseCsv('\uFEFFa,b\n')).toEqual([['a', 'b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('joins the levels of a hierarchical value set with ||, drops inactive rows and reads the NFIRS crosswalk', () => {
    const csv = [
      'active,value_1,value_2,value_3,description_1,description_2,description_3,definition_1,source,NFIRS Crosswalk',
      'TRUE,FIRE,OUTSIDE_FIRE,CONSTRUCTION_WASTE,Fire,Outside Fire,Construction Waste,,,"141, 142"',
      'FALSE,FIRE,OUTSIDE_FIRE,RETIRED,Fire,Outside Fire,Retired,,,',
      'TRUE,LAWENFORCE,,,Law Enforcement Support,,,,,551',
    ].join('\n');
    expect(readValueSet(csv)).toEqual([
      { value: 'FIRE||OUTSIDE_FIRE||CONSTRUCTION_WASTE', labels: ['Fire', 'Outside Fire', 'Construction Waste'], nfirs: ['141', '142'] },
      { value: 'LAWENFORCE', labels: ['Law Enforcement Support'], nfirs: ['551'] },
    ]);
    expect(readValueSet('value,active,description\nYES,TRUE,Yes\nNO,FALSE,No\n')).toEqual([{ value: 'YES', labels: ['Yes'] }]);
  });

  it('reads every module and value set of the shipped framework', () => {
    expect(Object.keys(framework.modules)).toEqual(
      expect.arrayContaining(['core_mod_incident', 'core_mod_dispatch', 'mod_fire', 'mod_unit_response']),
    );
    expect(framework.valueSets.type_incident?.length).toBeGreaterThan(120);
    expect(framework.valueSets.type_incident?.map((v) => v.value.split('||').length)).toEqual(expect.arrayContaining([3, 2, 1]));
  });
});

describe('NERIS generator: conditions', () => {
  const context: ConditionContext = {
    resolve: (name) =>
      ({ casualty_type: 'ff_casualty_type', smoke_alarm_presence: 'smoke_alarm_presence', primary_mode: 'ff_rescue_primary_mode' })[name],
    valuesOf: (element) =>
      element === 'ff_casualty_type'
        ? [
            { value: 'INJURED_NONFATAL', labels: ['Injured Nonfatal'] },
            { value: 'INJURED_FATAL', labels: ['Injured Fatal'] },
          ]
        : element === 'ff_rescue_primary_mode'
          ? [{ value: 'REMOVAL_FROM_STRUCTURE', labels: ['Removal From Structure'] }]
          : [{ value: 'PRESENT', labels: ['Present'] }],
    incidentTypes: framework.valueSets.type_incident ?? [],
  };
  const holds = (text: string, data: Record<string, unknown>) => evaluateRule(translateCondition(text, context) as never, data);

  it('reads incident-type conditions at each level', () => {
    expect(holds('final incident type includes fire', { incident_final_type: ['FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE'] })).toBe(true);
    expect(holds('final incident type includes fire', { incident_final_type: ['MEDICAL||ILLNESS||CHEST_PAIN'] })).toBe(false);
    expect(holds('final incident type includes fire', {})).toBe(false);
    const structure = "type_incident.value_2 values include 'STRUCTURE FIRE'";
    expect(holds(structure, { incident_final_type: ['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE'] })).toBe(true);
    expect(holds(structure, { incident_final_type: ['FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE'] })).toBe(false);
    expect(holds('if fire subtype is not outside fire', { incident_final_type: ['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE'] })).toBe(true);
    const cooking = "incident type = 'CONFINED_COOKING_APPLIANCE_FIRE'";
    expect(holds(cooking, { incident_final_type: ['FIRE||STRUCTURE_FIRE||CONFINED_COOKING_APPLIANCE_FIRE'] })).toBe(true);
  });

  it('reads comparisons, turning the words of the text into codes of the value set', () => {
    expect(holds("smoke_alarm_presence = 'PRESENT'", { smoke_alarm_presence: 'PRESENT' })).toBe(true);
    expect(holds("smoke_alarm_presence = 'PRESENT'", { smoke_alarm_presence: 'NOT_PRESENT' })).toBe(false);
    expect(holds("casualty_type in ('injured nonfatally', 'injured fatally')", { ff_casualty_type: 'INJURED_FATAL' })).toBe(true);
    expect(holds("casualty_type in ('injured nonfatally', 'injured fatally')", { ff_casualty_type: 'UNINJURED' })).toBe(false);
    expect(holds('primary_mode= Removal From Structure', { ff_rescue_primary_mode: 'REMOVAL_FROM_STRUCTURE' })).toBe(true);
    expect(holds('smoke_alarm_presence is null', {})).toBe(true);
    expect(holds("smoke_alarm_presence = 'PRESENT' & final incident type includes fire", { smoke_alarm_presence: 'PRESENT' })).toBe(false);
  });

  it('ignores the texts that state no testable condition, and names a text it cannot read', () => {
    expect(translateCondition('TRUE', context)).toBeNull();
    expect(translateCondition('eh was involved', context)).toBeNull();
    expect(() => translateCondition('the moon is full', context)).toThrow(UnreadCondition);
    expect(() => translateCondition("smoke_alarm_presence = 'MAYBE'", context)).toThrow(/'MAYBE' is no value/);
  });
});

describe('NERIS generator: the entity type and the schema', () => {
  const type = buildEntityType(catalogue);
  type Field = { offline_id: string; field_data: { property: string; type: string; page: number; params: Record<string, unknown> } };
  const fields = type.fields as Field[];
  const field = (property: string) => fields.find((f) => f.field_data.property === property)!;

  it('has one page per module, in the order a report is written', () => {
    expect(type.object_data.page_labels).toEqual([
      'Incident',
      'Dispatch',
      'Location',
      'Units & Response',
      'Fire',
      'Medical',
      'Hazards',
      'Exposures',
      'Rescues',
      'Risk Reduction',
      'Casualties',
    ]);
    expect(type).toMatchObject({ name: 'neris_incident', is_core: true, is_global: true, pages: 11 });
  });

  it('types each field from the framework and gives every field its neris_property', () => {
    for (const f of fields) expect(propertyOf(f.field_data.params.neris_property as string)).toBe(f.field_data.property);
    expect(field('neris_place').field_data.params.neris_property).toBe('place');
    expect(field('dispatch_time_call_create').field_data.type).toBe('date-time-picker');
    expect(field('incident_people_present').field_data.type).toBe('yes-no');
    expect(field('structure_floor_of_origin').field_data.type).toBe('number-entry');
    expect(field('incident_point').field_data.type).toBe('lat-lng');
    expect(field('unit_response').field_data.type).toBe('matrix-field');
    expect(field('fire_water_supply').field_data).toMatchObject({ type: 'select-list', page: 5 });
  });

  it('offers the incident types as one hierarchical list of full codes', () => {
    const params = field('incident_final_type').field_data.params as { options: { key: string; label: string }[]; hierarchical: boolean };
    expect(field('incident_final_type').field_data.type).toBe('select-list-multiple');
    expect(params.hierarchical).toBe(true);
    expect(params.options).toContainEqual(
      expect.objectContaining({
        key: 'FIRE||STRUCTURE_FIRE||ROOM_AND_CONTENTS_FIRE',
        label: 'Fire › Structure Fire › Room and Contents Fire',
      }),
    );
  });

  it('shows the fire page only for fire incident types, and structure fields only for structure fires', () => {
    const actions = type.actions as { ruleset_json: unknown; effects: { type: string; pages?: number[]; fields?: string[] }[] }[];
    const firePage = actions.find((a) => a.effects.some((e) => e.type === 'show-pages' && e.pages?.includes(5)))!;
    expect(evaluateRule(firePage.ruleset_json as never, { incident_final_type: ['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE'] })).toBe(true);
    expect(evaluateRule(firePage.ruleset_json as never, { incident_final_type: ['MEDICAL||ILLNESS||CHEST_PAIN'] })).toBe(false);
    const damage = actions.find((a) => a.effects.some((e) => e.fields?.includes('structure_damage')))!;
    expect(evaluateRule(damage.ruleset_json as never, { incident_final_type: ['FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE'] })).toBe(false);
  });

  it('writes a JSON Schema with the API property names, enums from the value sets and formats', () => {
    const schema = buildJsonSchema(catalogue) as {
      properties: Record<string, { properties: Record<string, unknown>; required?: string[] }>;
      required: string[];
    };
    expect(schema.required).toEqual(expect.arrayContaining(['base', 'dispatch', 'incident_types']));
    expect(schema.properties.base!.properties.department_neris_id).toEqual({ type: 'string', maxLength: 255, pattern: '^FD\\d{8}$' });
    expect(schema.properties.dispatch!.properties.call_create).toEqual({ type: 'string', format: 'date-time' });
    expect(schema.properties.dispatch!.required).toEqual(expect.arrayContaining(['call_create', 'unit_responses', 'location']));
  });

  it('is what generated/ holds: a new framework version is a re-run of npm run neris:generate, with a diff', () => {
    for (const [name, text] of Object.entries(generatedFiles()))
      expect(readFileSync(path.join(GENERATED_DIR, name), 'utf8'), name).toBe(text);
  });
});
