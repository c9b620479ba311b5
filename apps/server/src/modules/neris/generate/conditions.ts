import type { FrameworkValue } from './framework.ts';

/**
 * The framework writes its conditions (possible_if, neris_core_if) as free text: "final incident
 * type includes fire", "smoke_alarm_presence = 'PRESENT'", "rescue_type in 'FIREFIGHTER
 * RESCUED', …". This turns the forms it uses into JSON logic over element names, which the
 * record screen (page and field visibility) and the validator both evaluate. A text no rule
 * here reads is an error of the generator, so a new framework version names every new
 * condition that needs a reading (docs/neris.md).
 */

export type Rule = Record<string, unknown> | boolean;

export interface ConditionContext {
  /** The element a short name in the text means within its module ('casualty_type' → 'ff_casualty_type'). */
  resolve(name: string): string | undefined;
  /** The value set of an element, to turn the words of a text into codes. */
  valuesOf(element: string): FrameworkValue[] | undefined;
  /** type_incident, for the incident-type conditions. */
  incidentTypes: FrameworkValue[];
}

/** Texts that state no condition Turnout can or needs to test; each with the reason. */
export const IGNORED_CONDITIONS: Record<string, string> = {
  TRUE: 'always',
  'at least one action was taken': 'actions and no-action exclude each other through possible_if',
  'eh was involved': 'the emerging-hazard rows exist only when one was involved',
  'one or more emerging hazard': 'the emerging-hazard rows exist only when one was involved',
  'casualty_rescue_int_ff > 0': 'the rows exist only for firefighter casualties or rescues',
  'casualty_rescue_int_nonff > 0': 'the rows exist only for civilian casualties or rescues',
  'formal cause and origin investigation was completed at the incident': 'not recorded as a data element',
  'if suppression_appliance is none': 'the NERIS API requires the water supply always',
  'If not in UnitHist.cad_designation': 'about NERIS-side unit records',
  'Unit not yet created in entity spec': 'about NERIS-side unit records',
  'UnitHist.cad_designation': 'about NERIS-side unit records',
  '2 letter entity type abbreviation + 8 numeric characters': 'a format filed as a condition; checked as a format',
  'incident_point is within a parcel': 'parcel data is added by NERIS',
};

/** Words of the framework's texts that name no code of their value set, and the codes they mean. */
const SYNONYMS: Record<string, string[]> = {
  'FIREFIGHTER RESCUED': ['RESCUED_BY_FIREFIGHTER', 'RESCUED_BY_FF_RIT'],
  'FIREFIGHTER-ASSISTED EVACUATION': ['EVAC_ASSISTED_BY_FIREFIGHTER'],
  'INJURED NONFATALLY': ['INJURED_NONFATAL'],
  'INJURED FATALLY': ['INJURED_FATAL'],
  'FAILED TO OPERATE': ['FAILED_TO_OPERATE', 'NO_OPERATION'],
  EXTERNAL: ['EXTERNAL_EXPOSURE'],
};

const norm = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const someType = (test: Rule): Rule => ({ some: [{ var: 'incident_final_type' }, test] });
/** Some chosen incident type starts with `prefix` ('FIRE||' for any fire). */
export const typeStartsWith = (prefix: string): Rule => someType({ '==': [{ substr: [{ var: '' }, 0, prefix.length] }, prefix] });

const filled = (element: string): Rule => ({ '!!': [{ var: element }] });
const blank = (element: string): Rule => ({ '!': [{ var: element }] });
const and = (rules: Rule[]): Rule => (rules.length === 1 ? rules[0]! : { and: rules });

export class UnreadCondition extends Error {}

export function translateCondition(text: string, context: ConditionContext): Rule | null {
  if (text.trim() === '' || text.trim() in IGNORED_CONDITIONS) return null;
  const joined = text.split(/\s+&\s+/);
  if (joined.length > 1) {
    const rules = joined.map((p) => translateCondition(p, context)).filter((r): r is Rule => r !== null);
    return rules.length ? and(rules) : null;
  }
  const trimmed = text.trim().replace(/^if\s+/i, '');
  const parts = trimmed.split(/\s+and\s+/i);
  if (parts.length > 1) {
    const rules = parts.map((p) => translateCondition(p, context)).filter((r): r is Rule => r !== null);
    return rules.length ? and(rules) : null;
  }
  return translateOne(trimmed, context);
}

function element(name: string, context: ConditionContext, text: string): string {
  const resolved = context.resolve(name);
  if (!resolved) throw new UnreadCondition(`condition '${text}': no element '${name}' in its module`);
  return resolved;
}

/** The codes a word of the text means for an element: a code itself, a synonym, or a description. */
function codes(word: string, elementName: string, context: ConditionContext, text: string): string[] {
  const cleaned = word.trim().replace(/^'|'$/g, '');
  const upper = cleaned.toUpperCase();
  if (upper === 'TRUE') return ['true'];
  if (SYNONYMS[upper]) return SYNONYMS[upper];
  const values = context.valuesOf(elementName) ?? [];
  const wanted = norm(cleaned);
  const hit = values.find((v) => v.value === wanted) ?? values.find((v) => norm(v.labels[v.labels.length - 1] ?? '') === wanted);
  if (!hit) throw new UnreadCondition(`condition '${text}': '${cleaned}' is no value of ${elementName}`);
  return [hit.value];
}

function isOneOf(elementName: string, values: string[]): Rule {
  if (values.length === 1 && values[0] === 'true') return { '==': [{ var: elementName }, true] };
  return values.length === 1 ? { '==': [{ var: elementName }, values[0]] } : { in: [{ var: elementName }, values] };
}

/** The incident type (level 2 or 3) a word names, as the prefix its full code starts with. */
function incidentTypePrefix(word: string, level: 1 | 2 | 3, context: ConditionContext, text: string): string {
  const wanted = norm(word);
  for (const type of context.incidentTypes) {
    const parts = type.value.split('||');
    if (parts[level - 1] === wanted) return `${parts.slice(0, level).join('||')}${level < 3 ? '||' : ''}`;
  }
  throw new UnreadCondition(`condition '${text}': no incident type ${wanted}`);
}

type Reading = [RegExp, (m: RegExpExecArray, text: string, context: ConditionContext) => Rule];

const comparison = (m: RegExpExecArray, text: string, context: ConditionContext, separator: RegExp): Rule => {
  const name = element(m[1]!, context, text);
  return isOneOf(
    name,
    m[2]!.split(separator).flatMap((w) => codes(w, name, context, text)),
  );
};

/** The forms the framework's texts take, tried in order. */
const READINGS: Reading[] = [
  [/^final incident type includes (\w+)$/i, (m) => typeStartsWith(`${m[1]!.toUpperCase()}||`)],
  [/^incident type (FIRE)$/i, (m) => typeStartsWith(`${m[1]!.toUpperCase()}||`)],
  [
    /^type_incident\.value_([12]) (?:array includes|array contains|values include) '([\w ]+)'$/i,
    (m, text, context) => typeStartsWith(incidentTypePrefix(m[2]!, Number(m[1]) as 1 | 2, context, text)),
  ],
  [/^incident type = '(\w+)'$/i, (m, text, context) => someType({ '==': [{ var: '' }, incidentTypePrefix(m[1]!, 3, context, text)] })],
  [
    /^fire subtype is (not )?outside fire$/i,
    (m, text, context) => {
      const outside = typeStartsWith(incidentTypePrefix('OUTSIDE_FIRE', 2, context, text));
      return m[1] ? { '!': outside } : outside;
    },
  ],
  [/^incident_subtype = '?FIRE'?$/i, () => typeStartsWith('FIRE||')],
  [/^(\w+) is null$/i, (m, text, context) => blank(element(m[1]!, context, text))],
  [/^(\w+) (?:is )?not null$/i, (m, text, context) => filled(element(m[1]!, context, text))],
  [/^(\w+) is not TRUE$/i, (m, text, context) => ({ '!=': [{ var: element(m[1]!, context, text) }, true] })],
  [/^(\w+) is TRUE$/i, (m, text, context) => ({ '==': [{ var: element(m[1]!, context, text) }, true] })],
  [/^(\w+) is (\w+)$/i, (m, text, context) => comparison(m, text, context, /\|/)],
  [/^displaced_occupants = TRUE$/i, (_m, _text, context) => ({ '>': [{ var: resolveDisplaced(context) }, 0] })],
  [
    /^(\w+) > (\d+)$/,
    (m, text, context) => {
      const name = /displaced/.test(m[1]!) ? resolveDisplaced(context, m[1]!) : element(m[1]!, context, text);
      return { '>': [{ var: name }, Number(m[2])] };
    },
  ],
  [/^(\w+)\s+in\s+\(?(.+?)\)?$/i, (m, text, context) => comparison(m, text, context, /\s*,\s*/)],
  [/^(\w+)\s*=\s*(.+,.+)$/, (m, text, context) => comparison(m, text, context, /\s*,\s*/)],
  [/^(\w+)\s*=\s*(.+)$/, (m, text, context) => comparison(m, text, context, /\s*\|\s*/)],
];

function translateOne(text: string, context: ConditionContext): Rule | null {
  for (const [pattern, read] of READINGS) {
    const m = pattern.exec(text);
    if (m) return read(m, text, context);
  }
  throw new UnreadCondition(`condition '${text}' is not understood; add a reading to generate/conditions.ts`);
}

function resolveDisplaced(context: ConditionContext, name = 'displaced_number'): string {
  return context.resolve(name) ?? context.resolve('displaced_number') ?? 'incident_displaced_number';
}
