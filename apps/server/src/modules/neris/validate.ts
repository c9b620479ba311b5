import { evaluateRule } from '@turnout/shared';
import { CATALOGUE, type ElementSpec, type GroupSpec, inValueSet } from './catalogue.ts';
import type { NerisValues } from './values.ts';

/**
 * Validation to the NERIS standard, rule by rule: required and core elements (db_required,
 * neris_core with neris_core_if), conditions (possible_if: a value whose condition does not hold
 * is not NERIS data and is left out of the export), formats (timestamps with their zone, ids,
 * lengths, numbers) and value-set membership. Errors are keyed by element (or by group for its
 * rows), worded as spec 02 §5 words field errors.
 */

export interface NerisCheck {
  errors: Record<string, string[]>;
  /** The values with those whose condition does not hold left out: what the payload is built from. */
  effective: NerisValues;
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const holds = (rule: unknown, scope: NerisValues) => rule === null || rule === undefined || evaluateRule(rule as never, scope);

export const NERIS_MESSAGES = {
  required: (title: string) => `${title} is a required field.`,
  tooLong: (title: string, max: number, n: number) => `${title} must be less than ${max} characters long. (Currently ${n})`,
  format: (title: string, hint: string) => `${title} must be written as ${hint}.`,
  notInValueSet: (title: string, value: unknown) => `${title}: '${String(value)}' is not a NERIS value.`,
  dateTime: (title: string) => `${title} must be a date and time with its time zone.`,
  wholeNumber: (title: string) => `${title} must be a whole number of 0 or more.`,
  number: (title: string) => `${title} must be a number of 0 or more.`,
  yesNo: (title: string) => `${title} must be Yes or No.`,
  point: (title: string) => `${title} must be a latitude from -90 to 90 and a longitude from -180 to 180.`,
  rows: (title: string) => `${title}: add at least one row.`,
  exclusive: (title: string, other: string) => `${title} cannot be given together with ${other}.`,
  row: (index: number, message: string) => `Row ${index + 1}: ${message}`,
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Format and value-set problems of one present value. */
export function formatProblems(spec: ElementSpec, value: unknown): string[] {
  const t = spec.title;
  switch (spec.kind) {
    case 'code':
      return inValueSet(spec.valueSet ?? '', value) ? [] : [NERIS_MESSAGES.notInValueSet(t, value)];
    case 'codes': {
      const list = Array.isArray(value) ? value : [value];
      return list.filter((v) => !inValueSet(spec.valueSet ?? '', v)).map((v) => NERIS_MESSAGES.notInValueSet(t, v));
    }
    case 'datetime':
      return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? [] : [NERIS_MESSAGES.dateTime(t)];
    case 'integer':
      return Number.isInteger(value) && (value as number) >= 0 ? [] : [NERIS_MESSAGES.wholeNumber(t)];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? [] : [NERIS_MESSAGES.number(t)];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [NERIS_MESSAGES.yesNo(t)];
    case 'point': {
      const p = value as { lat?: number; lng?: number };
      const ok = typeof p?.lat === 'number' && typeof p.lng === 'number' && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
      return ok ? [] : [NERIS_MESSAGES.point(t)];
    }
    default: {
      if (typeof value !== 'string') return [NERIS_MESSAGES.format(t, 'text')];
      if (spec.maxLength && value.length > spec.maxLength) return [NERIS_MESSAGES.tooLong(t, spec.maxLength, value.length)];
      if (spec.pattern && !new RegExp(spec.pattern).test(value)) return [NERIS_MESSAGES.format(t, spec.formatHint ?? spec.pattern)];
      return [];
    }
  }
}

/** Does NERIS need this element here: required, or core while its core condition holds? */
function needed(spec: ElementSpec, scope: NerisValues): boolean {
  return spec.required || (spec.core && holds(spec.coreIf, scope));
}

/** The element a possible_if of the form 'X is null' names: the two exclude each other (actions taken, or the reason for none). */
function excludedBy(rule: unknown): string | undefined {
  const not = (rule as { '!'?: unknown } | null)?.['!'];
  const inner = Array.isArray(not) ? not[0] : not;
  const name = (inner as { var?: unknown } | undefined)?.var;
  return typeof name === 'string' ? name : undefined;
}

function checkElement(spec: ElementSpec, value: unknown, scope: NerisValues): { problems: string[]; keep: boolean } {
  const possible = holds(spec.possibleIf, scope);
  if (!possible) {
    // A value whose condition fails is not NERIS data and is left out, unless it contradicts a value given with it.
    const other = excludedBy(spec.possibleIf);
    const otherSpec = other ? CATALOGUE.elements[other] : undefined;
    if (otherSpec && !blank(value)) return { problems: [NERIS_MESSAGES.exclusive(spec.title, otherSpec.title)], keep: false };
    return { problems: [], keep: false };
  }
  if (blank(value)) return { problems: needed(spec, scope) ? [NERIS_MESSAGES.required(spec.title)] : [], keep: false };
  return { problems: formatProblems(spec, value), keep: true };
}

function checkGroup(group: GroupSpec, rows: unknown, values: NerisValues): { problems: string[]; rows: NerisValues[] } {
  if (!holds(group.condition, values)) return { problems: [], rows: [] };
  const list = (Array.isArray(rows) ? rows : []).filter((r): r is NerisValues => !!r && typeof r === 'object');
  const problems: string[] = [];
  if ((group.required || (group.coreIf !== null && holds(group.coreIf, values))) && list.length === 0)
    problems.push(NERIS_MESSAGES.rows(group.title));
  const kept = list.map((row, index) => {
    const scope = { ...values, ...row };
    const out: NerisValues = {};
    for (const column of group.columns) {
      const { problems: found, keep } = checkElement(column, row[column.name], scope);
      for (const p of found) problems.push(NERIS_MESSAGES.row(index, p));
      if (keep) out[column.name] = row[column.name];
    }
    return out;
  });
  return { problems, rows: kept };
}

export function checkNeris(values: NerisValues): NerisCheck {
  const errors: Record<string, string[]> = {};
  const effective: NerisValues = {};
  for (const spec of Object.values(CATALOGUE.elements)) {
    const { problems, keep } = checkElement(spec, values[spec.name], values);
    if (problems.length) errors[spec.name] = problems;
    if (keep) effective[spec.name] = values[spec.name];
  }
  for (const group of Object.values(CATALOGUE.groups)) {
    const { problems, rows } = checkGroup(group, values[group.name], values);
    if (problems.length) errors[group.name] = problems;
    if (rows.length) effective[group.name] = rows;
  }
  return { errors, effective };
}
