import { describe, expect, it } from 'vitest';
import { evaluateRule, isValidRule, ruleVariables } from './index.ts';

describe('rules (JSON logic)', () => {
  it('evaluates against a record and treats failures as false', () => {
    const rule = { and: [{ '==': [{ var: 'pump_ok' }, false] }, { '>': [{ var: 'mileage' }, 100] }] };
    expect(evaluateRule(rule, { pump_ok: false, mileage: 120 })).toBe(true);
    expect(evaluateRule(rule, { pump_ok: true, mileage: 120 })).toBe(false);
    expect(evaluateRule({ no_such_operator: [1] }, {})).toBe(false);
    expect(evaluateRule(null, {})).toBe(false);
    expect(evaluateRule(true, {})).toBe(true);
  });

  it('tells readable rules from junk', () => {
    expect(isValidRule({ '==': [{ var: 'a' }, 1] })).toBe(true);
    expect(isValidRule(true)).toBe(true);
    expect(isValidRule({ nonsense: 1 })).toBe(false);
    expect(isValidRule('x')).toBe(false);
    expect(isValidRule([1])).toBe(false);
  });

  it('lists the fields a rule reads', () => {
    expect(ruleVariables({ or: [{ '==': [{ var: 'lights' }, false] }, { '<': [{ var: ['fuel.level', 0] }, 3] }] }).sort()).toEqual([
      'fuel',
      'lights',
    ]);
  });
});
