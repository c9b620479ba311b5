import { describe, expect, it } from 'vitest';
import { markQuizQuestion } from '../checks-rich.ts';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { radioQuiz } from './radio-quiz.ts';

const field: FieldDefinition = {
  property: 'q2',
  title: 'Question 2',
  type: 'radio-quiz',
  validation: { required: true },
  params: {
    quiz_correct_answer_marks: 2,
    options: [
      { key: 'a', label: 'Water' },
      { key: 'b', label: 'Foam', correctAnswer: true },
      { key: 'c', label: 'Dry powder' },
    ],
  },
};

describe('radio-quiz', () => {
  it('is registered; one of its options is an answer', () => {
    expect(fieldTypeOf('radio-quiz')).toBe(radioQuiz);
    expect(validateField(field, 'b').errors).toEqual([]);
    expect(validateField(field, '').errors).toEqual(['Question 2 is a required field.']);
    expect(validateField(field, 'z').errors).toEqual(['Question 2 has a choice that is not one of its options.']);
  });

  it('marks the option flagged correctAnswer', () => {
    expect(markQuizQuestion(field, 'b')).toEqual({ marksAchieved: 2, marksPossible: 2 });
    expect(markQuizQuestion(field, 'a')).toEqual({ marksAchieved: 0, marksPossible: 2 });
    expect(markQuizQuestion(field, ['b', 'a'])).toEqual({ marksAchieved: 0, marksPossible: 2 });
  });

  it('is worth nothing when the field is not a quiz question', () => {
    expect(markQuizQuestion({ ...field, type: 'radio-list' }, 'b')).toEqual({ marksAchieved: 0, marksPossible: 0 });
  });

  it("prints the option's label", () => {
    expect(fieldText(field, 'b')).toBe('Foam');
  });
});
