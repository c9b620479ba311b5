import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import { fieldText, validateField } from '../validate.ts';
import { queryLogic } from './query-logic.ts';

const field = { property: 'rule', title: 'Rule', type: 'query-logic', validation: { required: true } };
const rule = { '==': [{ var: 'place' }, 'open'] };

describe('query-logic', () => {
  it('is registered; an object with no keys is empty', () => {
    expect(fieldTypeOf('query-logic')).toBe(queryLogic);
    expect(validateField(field, {}).errors).toEqual(['Rule is a required field.']);
  });

  it('takes a JSON object, or JSON text of one', () => {
    expect(validateField(field, rule)).toEqual({ value: rule, errors: [] });
    expect(validateField(field, JSON.stringify(rule))).toEqual({ value: rule, errors: [] });
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(validateField(field, '{not json').errors).toEqual(['Rule is not valid.']);
    expect(validateField(field, '[1,2]').errors).toEqual(['Rule is not valid.']);
  });

  it('prints the rule as JSON', () => {
    expect(fieldText(field, rule)).toBe('{"==":[{"var":"place"},"open"]}');
  });
});
