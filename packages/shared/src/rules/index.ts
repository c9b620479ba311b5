import jsonLogic from 'json-logic-js';

/**
 * Rules are JSON logic (spec 02 §4 'Visibility', 03 §3 'Action'): the rule builder stores
 * them, the client and the server evaluate them against a record's values. A rule that fails
 * to evaluate counts as false.
 */
export type Rule = unknown;

export { evaluateFormula, numericValue, type RollupType, rollup } from './formula.ts';

export function evaluateRule(rule: Rule, data: Record<string, unknown>): boolean {
  if (rule === null || rule === undefined) return false;
  if (typeof rule === 'boolean') return rule;
  try {
    return Boolean(jsonLogic.apply(rule as never, data));
  } catch {
    return false;
  }
}

/** Is this a rule JSON logic can read? (Saving an action or alarm refuses anything else.) */
export function isValidRule(rule: Rule): boolean {
  if (typeof rule === 'boolean') return true;
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return false;
  try {
    jsonLogic.apply(rule as never, {});
    return Object.keys(rule).length === 1;
  } catch {
    return false;
  }
}

/** The field properties a rule reads ({"var": "x"} → x; dotted paths give their first part). */
export function ruleVariables(rule: Rule): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node)) {
      if (op === 'var') {
        const name = Array.isArray(args) ? args[0] : args;
        if (typeof name === 'string' && name !== '') found.add(name.split('.')[0]!);
      } else {
        walk(args);
      }
    }
  };
  walk(rule);
  return [...found];
}
