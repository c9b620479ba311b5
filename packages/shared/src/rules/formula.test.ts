import { describe, expect, it } from 'vitest';
import { evaluateFormula, rollup } from './formula.ts';

describe('formulas', () => {
  it('computes arithmetic over field values without eval', () => {
    const data = { hours: 7.5, rate: '22', miles: { value: 12 } };
    expect(evaluateFormula('{hours} * {rate}', data)).toBe(165);
    expect(evaluateFormula('({hours} + 0.5) / 2 - -1', data)).toBe(5);
    expect(evaluateFormula('{miles} % 5', data)).toBe(2);
    expect(evaluateFormula('10 / 3', data)).toBe(3.33);
  });

  it('gives null for errors instead of throwing', () => {
    expect(evaluateFormula('{missing} + 1', {})).toBeNull();
    expect(evaluateFormula('1 / 0', {})).toBeNull();
    expect(evaluateFormula('process.exit()', {})).toBeNull();
    expect(evaluateFormula('constructor.constructor("x")()', {})).toBeNull();
    expect(evaluateFormula('(1 + 2', {})).toBeNull();
  });

  it('also takes JSON logic', () => {
    expect(evaluateFormula({ '*': [{ var: 'a' }, 2] }, { a: 4 })).toBe(8);
    expect(evaluateFormula({ cat: ['E', { var: 'n' }] }, { n: 7 })).toBe('E7');
  });

  it('rolls related values up', () => {
    expect(rollup('sum', [1, '2', null, 3.456])).toBe(6.46);
    expect(rollup('count', [1, null, '', 'x'])).toBe(2);
    expect(rollup('average', [2, 4])).toBe(3);
    expect(rollup('average', [])).toBeNull();
    expect(rollup('comma_delimited', ['E1', 'E2'])).toBe('E1, E2');
    expect(rollup('any', [false, true])).toBe(true);
    expect(rollup('all', [true, false])).toBe(false);
    expect(rollup('all', [])).toBe(false);
  });
});
