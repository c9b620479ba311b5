import type { EntityTypeField } from '@turnout/shared';
import jsonLogic from 'json-logic-js';
import type { RuleGroupType } from 'react-querybuilder';
import { describe, expect, it } from 'vitest';
import { builderFields, conditionCount, EMPTY_RULESET, RULE_OPERATORS, toJsonLogic, toQuery, valueKinds } from './rules.ts';

const f = (property: string, type: string, params: Record<string, unknown> = {}): EntityTypeField => ({
  field_data: { property, title: property.replace(/_/g, ' '), type, page: 1, sort_order: 1, table_sort_order: 1, params },
});

const FIELDS = [
  f('status', 'select-list', {
    options: [
      { key: 'open', label: 'Open' },
      { key: 'closed', label: 'Closed' },
    ],
  }),
  f('mutual_aid', 'yes-no'),
  f('units', 'number-entry'),
  f('dispatched_at', 'date-time-picker'),
  f('notes_heading', 'heading'),
  f('group', 'container-row'),
];

describe('the rule builder over a type', () => {
  it('offers the fields that hold a value, with option values, yes/no and number inputs', () => {
    const fields = builderFields(FIELDS);
    expect(fields.map((x) => x.name)).toEqual(['status', 'mutual_aid', 'units', 'dispatched_at.value']);
    expect(fields[0]?.values).toEqual([
      { name: 'open', value: 'open', label: 'Open' },
      { name: 'closed', value: 'closed', label: 'Closed' },
    ]);
    expect(fields[1]?.valueEditorType).toBe('select');
    expect(fields[2]?.inputType).toBe('number');
    expect(fields[3]?.inputType).toBe('datetime-local');
  });

  it('turns a simple rule into JSON logic that json-logic-js evaluates', () => {
    const query: RuleGroupType = {
      combinator: 'and',
      rules: [
        { field: 'status', operator: '=', value: 'open' },
        { field: 'mutual_aid', operator: '=', value: 'true' },
        { field: 'units', operator: '>', value: '2' },
      ],
    };
    const logic = toJsonLogic(query, valueKinds(FIELDS));
    expect(logic).toEqual({
      and: [{ '==': [{ var: 'status' }, 'open'] }, { '==': [{ var: 'mutual_aid' }, true] }, { '>': [{ var: 'units' }, 2] }],
    });
    expect(jsonLogic.apply(logic as jsonLogic.RulesLogic, { status: 'open', mutual_aid: true, units: 3 })).toBe(true);
    expect(jsonLogic.apply(logic as jsonLogic.RulesLogic, { status: 'open', mutual_aid: false, units: 3 })).toBe(false);
  });

  it('reads dates by their stored value, date-times as UTC instants', () => {
    const query: RuleGroupType = { combinator: 'and', rules: [{ field: 'dispatched_at.value', operator: '<', value: '2026-11-22T10:30' }] };
    const logic = toJsonLogic(query, valueKinds(FIELDS)) as { and: [{ '<': [unknown, string] }] };
    expect(logic.and[0]['<'][0]).toEqual({ var: 'dispatched_at.value' });
    expect(logic.and[0]['<'][1]).toBe(new Date('2026-11-22T10:30').toISOString());
    const record = { dispatched_at: { value: '2026-11-01T08:00:00.000Z', display_value: '11/1/2026' } };
    expect(jsonLogic.apply(logic as jsonLogic.RulesLogic, record)).toBe(true);
  });

  it('offers only operators whose JSON logic json-logic-js evaluates', () => {
    const names = RULE_OPERATORS.map((op) => op.name);
    expect(names).not.toContain('beginsWith');
    for (const name of names) {
      const value = name.includes('etween') ? '1,5' : name.endsWith('In') || name === 'in' ? 'a,b' : 'abc';
      const logic = toJsonLogic({ combinator: 'and', rules: [{ field: 'units', operator: name, value }] });
      expect(() => jsonLogic.apply(logic as jsonLogic.RulesLogic, { units: 3 }), name).not.toThrow();
    }
  });

  it('treats no conditions as always true', () => {
    expect(toJsonLogic(EMPTY_RULESET)).toBe(true);
    expect(conditionCount(EMPTY_RULESET)).toBe(0);
  });

  it('reads a stored query back, or the JSON logic when only that was stored', () => {
    const stored: RuleGroupType = { combinator: 'or', rules: [{ field: 'status', operator: '=', value: 'closed' }] };
    expect(toQuery(stored, { whatever: 1 })).toBe(stored);
    const parsed = toQuery(undefined, { or: [{ '==': [{ var: 'status' }, 'closed'] }, { '>': [{ var: 'units' }, 4] }] });
    expect(parsed.combinator).toBe('or');
    expect(parsed.rules).toMatchObject([
      { field: 'status', operator: '=', value: 'closed' },
      { field: 'units', operator: '>', value: 4 },
    ]);
    expect(conditionCount(parsed)).toBe(2);
    expect(toQuery(undefined, true)).toEqual(EMPTY_RULESET);
  });
});
