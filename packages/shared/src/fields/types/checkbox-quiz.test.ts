import { describe, expect, it } from 'vitest';
import { markQuizQuestion } from '../checks-rich.ts';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { checkboxQuiz } from './checkbox-quiz.ts';

const field: FieldDefinition = {
  property: 'q3',
  title: 'Question 3',
  type: 'checkbox-quiz',
  validation: { required: true },
  params: {
    options: [
      { key: 'a', label: 'Heat', correctAnswer: true },
      { key: 'b', label: 'Fuel', correctAnswer: true },
      { key: 'c', label: 'Water' },
    ],
  },
};

describe('checkbox-quiz', () => {
  it('is registered; options chosen are an answer, none is empty', () => {
    expect(fieldTypeOf('checkbox-quiz')).toBe(checkboxQuiz);
    expect(validateField(field, []).errors).toEqual(['Question 3 is a required field.']);
    expect(validateField(field, ['a', 'z']).errors).toEqual(['Question 3 has a choice that is not one of its options.']);
  });

  it('takes one key as a list and drops repeats', () => {
    expect(validateField(field, 'a').value).toEqual(['a']);
    expect(validateField(field, ['b', 'a', 'b']).value).toEqual(['b', 'a']);
  });

  it('gives full marks only when the chosen set equals the correct set', () => {
    expect(markQuizQuestion(field, ['b', 'a'])).toEqual({ marksAchieved: 1, marksPossible: 1 });
    expect(markQuizQuestion(field, ['a'])).toEqual({ marksAchieved: 0, marksPossible: 1 });
    expect(markQuizQuestion(field, ['a', 'b', 'c'])).toEqual({ marksAchieved: 0, marksPossible: 1 });
    expect(markQuizQuestion(field, [])).toEqual({ marksAchieved: 0, marksPossible: 1 });
  });

  it('prints the labels', () => {
    expect(fieldText(field, ['a', 'c'])).toBe('Heat, Water');
  });
});
