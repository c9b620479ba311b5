import { ALL_FIELD_TYPE_KEYS, fieldTypeOf } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { PARAM_DESCRIPTORS, type ParamKind, paramDescriptorsFor, paramsForType } from './param-descriptors.ts';

const KINDS: readonly ParamKind[] = ['text', 'number', 'boolean', 'select', 'options', 'json', 'entity-type', 'rule', 'roles', 'fields'];
const OPTION_TYPES = [
  'select-list',
  'select-list-multiple',
  'radio-list',
  'checkbox-multiselect',
  'select-adhoc',
  'radio-adhoc',
  'checkbox-multiselect-adhoc',
];

describe('param descriptors', () => {
  it('describe each of the 70 field types, each param once, with a known kind and a label', () => {
    expect(Object.keys(PARAM_DESCRIPTORS).sort()).toEqual([...ALL_FIELD_TYPE_KEYS].sort());
    expect(ALL_FIELD_TYPE_KEYS).toHaveLength(70);
    for (const [type, descriptors] of Object.entries(PARAM_DESCRIPTORS)) {
      const keys = descriptors.map((d) => d.key);
      expect(new Set(keys).size, type).toBe(keys.length);
      for (const d of descriptors) {
        expect(KINDS, `${type}.${d.key}`).toContain(d.kind);
        expect(d.label.length, `${type}.${d.key}`).toBeGreaterThan(0);
        if (d.kind === 'select') expect(d.choices?.length, `${type}.${d.key}`).toBeGreaterThan(0);
      }
    }
  });

  it('give option-based types an options editor with default values, and quizzes one with correct answers', () => {
    for (const type of OPTION_TYPES) {
      const options = paramDescriptorsFor(type).find((d) => d.key === 'options');
      expect(options, type).toMatchObject({ kind: 'options', optionColumns: ['defaultValue'] });
      expect(paramDescriptorsFor(type).find((d) => d.key === 'sourceName')?.kind, type).toBe('entity-type');
    }
    for (const type of ['radio-quiz', 'checkbox-quiz']) {
      expect(paramDescriptorsFor(type).find((d) => d.key === 'options')?.optionColumns, type).toEqual(['correctAnswer']);
    }
  });

  it('cover every param a type starts with in the registry, so the form shows what a new field holds', () => {
    for (const type of ALL_FIELD_TYPE_KEYS) {
      const described = new Set(paramDescriptorsFor(type).map((d) => d.key));
      for (const key of Object.keys(fieldTypeOf(type).defaultParams)) expect(described.has(key), `${type}.${key}`).toBe(true);
    }
  });

  it('pick the other entity types by name where the server checks the name (sourceName, widgetSource, entityTypeTarget, linkToType)', () => {
    const typeParams = new Set(
      Object.values(PARAM_DESCRIPTORS)
        .flat()
        .filter((d) => d.kind === 'entity-type')
        .map((d) => d.key),
    );
    expect([...typeParams].sort()).toEqual(['entityTypeTarget', 'linkToType', 'sourceName', 'widgetSource']);
  });

  it('describe number-entry ranges, masks, file types and the quiz group settings', () => {
    expect(paramDescriptorsFor('number-entry').map((d) => d.key)).toContain('isNumberRange');
    expect(
      paramDescriptorsFor('single-text-mask')
        .find((d) => d.key === 'inputMask')
        ?.choices?.map((c) => c.value),
    ).toEqual(['phone', 'number', 'custom', 'ssn', 'dollar']);
    expect(
      paramDescriptorsFor('single-file')
        .find((d) => d.key === 'fileType')
        ?.choices?.map((c) => c.value),
    ).toEqual(['image', 'document', 'audiovideo']);
    expect(paramDescriptorsFor('quiz-question-group').map((d) => d.key)).toEqual(
      expect.arrayContaining(['fieldList', 'quizAttemptsOption', 'quizTimeLimit', 'quiz_pass_mark_percent', 'quiz_number_of_questions']),
    );
  });

  it('treat an unknown type as single text', () => {
    expect(paramDescriptorsFor('no-such-type')).toBe(PARAM_DESCRIPTORS['single-text']);
  });
});

describe('paramsForType', () => {
  it("starts from the type's defaults", () => {
    expect(paramsForType('formula-result-rollup')).toEqual({ rollupRelationshipField: '', rollupFormula: '', rollupType: 'sum' });
    expect(paramsForType('select-list')).toEqual({ options: [] });
  });

  it('keeps what the new type also uses, drops what only the old one used, keeps keys neither knows', () => {
    const options = [{ key: 'a', label: 'A' }];
    const from = { options, sourceName: 'apparatus', readonly: true, somethingElse: 1 };
    expect(paramsForType('radio-list', from, 'select-list')).toEqual(from);
    expect(paramsForType('single-text', from, 'select-list')).toEqual({ readonly: true, somethingElse: 1 });
    expect(paramsForType('radio-quiz', { options }, 'select-list')).toEqual({ options, quiz_correct_answer_marks: 1 });
  });
});
