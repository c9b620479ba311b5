import { type EntityTypeField, type FieldOption, fieldTypeOf } from '@turnout/shared';
import { defaultOperators, type Field, formatQuery, type RuleGroupType } from 'react-querybuilder';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';

/**
 * Rules of actions, alarms, option filters and generated tasks (spec 02 §3, §4): the rule
 * builder's query is kept as `ruleset` and its JSON logic as `ruleset_json`, which the record
 * engine evaluates. A rule with no conditions is always true.
 */

export const EMPTY_RULESET: RuleGroupType = { combinator: 'and', rules: [] };

const BOOLEAN_TYPES = new Set(['yes-no', 'boolean', 'true-false-quiz']);
/** Dates are stored as { value, display_value } (spec 02 §3): rules read their value. */
const DATE_TYPES = new Set(['date-picker', 'date-time-picker', 'time-picker']);

/**
 * The operators offered: the builder's own, but for 'begins with' and 'ends with', whose JSON
 * logic (startsWith, endsWith) json-logic-js, and so the record engine, does not know.
 */
const UNSUPPORTED_OPERATORS = new Set(['beginsWith', 'endsWith', 'doesNotBeginWith', 'doesNotEndWith']);
export const RULE_OPERATORS = defaultOperators.filter((op) => !UNSUPPORTED_OPERATORS.has(op.name));
const NUMBER_FAMILY = 'number';
const OPTION_TYPES = new Set([
  'select-list',
  'select-list-multiple',
  'radio-list',
  'checkbox-multiselect',
  'select-adhoc',
  'radio-adhoc',
  'checkbox-multiselect-adhoc',
  'radio-quiz',
  'checkbox-quiz',
]);

function optionValues(options: unknown): { name: string; value: string; label: string }[] {
  if (!Array.isArray(options)) return [];
  return (options as FieldOption[]).map((option) => {
    const key = String(option.key ?? option.value ?? option.label ?? '');
    return { name: key, value: key, label: option.label ?? key };
  });
}

/** The builder's field of one field of the type; containers and display fields take no part. */
export function builderField(field: EntityTypeField): Field | null {
  const data = field.field_data;
  const registry = fieldTypeOf(data.type);
  if (!registry.holdsValue || registry.family === 'container') return null;
  const name = DATE_TYPES.has(data.type) ? `${data.property}.value` : data.property;
  const base = { name, value: name, label: data.title || data.property };
  if (BOOLEAN_TYPES.has(data.type)) {
    return {
      ...base,
      valueEditorType: 'select',
      values: [
        { name: 'true', value: 'true', label: 'Yes' },
        { name: 'false', value: 'false', label: 'No' },
      ],
      defaultValue: 'true',
      operators: [
        { name: '=', value: '=', label: 'is' },
        { name: '!=', value: '!=', label: 'is not' },
        { name: 'null', value: 'null', label: 'is empty' },
        { name: 'notNull', value: 'notNull', label: 'is not empty' },
      ],
    };
  }
  if (OPTION_TYPES.has(data.type) && optionValues(data.params?.options).length > 0) {
    return { ...base, valueEditorType: 'select', values: optionValues(data.params?.options) };
  }
  if (registry.family === NUMBER_FAMILY) return { ...base, inputType: 'number' };
  if (data.type === 'date-picker') return { ...base, inputType: 'date' };
  if (data.type === 'date-time-picker') return { ...base, inputType: 'datetime-local' };
  if (data.type === 'time-picker') return { ...base, inputType: 'time' };
  return base;
}

export function builderFields(fields: readonly EntityTypeField[]): Field[] {
  return fields.map(builderField).filter((f): f is Field => f !== null);
}

/** How a rule's typed value is stored: yes/no as booleans, date-times as ISO instants. */
export type ValueKind = 'boolean' | 'date-time';

/** The builder fields whose values need converting, by the name rules use. */
export function valueKinds(fields: readonly EntityTypeField[]): Map<string, ValueKind> {
  const kinds = new Map<string, ValueKind>();
  for (const f of fields) {
    if (BOOLEAN_TYPES.has(f.field_data.type)) kinds.set(f.field_data.property, 'boolean');
    if (f.field_data.type === 'date-time-picker') kinds.set(`${f.field_data.property}.value`, 'date-time');
  }
  return kinds;
}

function converted(value: unknown, kind: ValueKind | undefined): unknown {
  if (kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (kind === 'date-time' && typeof value === 'string' && value !== '') {
    // A datetime-local value is the admin's local time; stored date-times are UTC instants.
    const parts = value.split(',').map((part) => {
      const time = Date.parse(part.trim());
      return Number.isNaN(time) ? part : new Date(time).toISOString();
    });
    return parts.join(',');
  }
  return value;
}

function withValues(group: RuleGroupType, kinds: ReadonlyMap<string, ValueKind> | null): RuleGroupType {
  return {
    ...group,
    rules: group.rules.map((rule) => {
      if (typeof rule === 'string') return rule;
      if ('rules' in rule) return withValues(rule, kinds);
      if (!kinds) return { ...rule, value: converted(rule.value, 'boolean') };
      return { ...rule, value: converted(rule.value, kinds.get(rule.field)) };
    }),
  };
}

/**
 * The JSON logic of a builder query; no conditions is `true`. Numbers typed are numbers; values
 * of the fields in `kinds` are converted (without `kinds`, every 'true'/'false' is a boolean).
 */
export function toJsonLogic(query: RuleGroupType, kinds: ReadonlyMap<string, ValueKind> | null = null): unknown {
  if (query.rules.length === 0) return true;
  return formatQuery(withValues(query, kinds), { format: 'jsonlogic', parseNumbers: true });
}

function isRuleGroup(value: unknown): value is RuleGroupType {
  return typeof value === 'object' && value !== null && Array.isArray((value as RuleGroupType).rules);
}

/**
 * The builder's query of a stored rule: the saved `ruleset` when there is one, else the JSON
 * logic read back (types imported or seeded without a builder query), else no conditions.
 */
export function toQuery(ruleset: unknown, logic: unknown): RuleGroupType {
  if (isRuleGroup(ruleset)) return ruleset;
  if (logic && typeof logic === 'object') {
    try {
      return parseJsonLogic(logic as Parameters<typeof parseJsonLogic>[0]);
    } catch {
      return EMPTY_RULESET;
    }
  }
  return EMPTY_RULESET;
}

/** How many conditions a query has, groups included. */
export function conditionCount(query: RuleGroupType): number {
  return query.rules.reduce<number>((n, rule) => (typeof rule === 'string' ? n : 'rules' in rule ? n + conditionCount(rule) : n + 1), 0);
}
