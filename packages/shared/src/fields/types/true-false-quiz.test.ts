import { describe, expect, it } from 'vitest';
import { markQuizQuestion } from '../checks-rich.ts';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { trueFalseQuiz } from './true-false-quiz.ts';

const field = (params: FieldDefinition['params']): FieldDefinition => ({
  property: 'q1',
  title: 'Question 1',
  type: 'true-false-quiz',
  validation: { required: true },
  params,
});

describe('true-false-quiz', () => {
  it('is registered; false is an answer, nothing is not', () => {
    expect(fieldTypeOf('true-false-quiz')).toBe(trueFalseQuiz);
    expect(validateField(field({}), false)).toEqual({ value: false, errors: [] });
    expect(validateField(field({}), null).errors).toEqual(['Question 1 is a required field.']);
  });

  it("takes 'true'/'false' text and refuses other values", () => {
    expect(validateField(field({}), 'true').value).toBe(true);
    expect(validateField(field({}), 'yes').errors).toEqual(['Question 1 is not valid.']);
  });

  it('marks against params.correctAnswer with quiz_correct_answer_marks (default 1)', () => {
    expect(markQuizQuestion(field({ correctAnswer: false }), false)).toEqual({ marksAchieved: 1, marksPossible: 1 });
    expect(markQuizQuestion(field({ correctAnswer: 'true', quiz_correct_answer_marks: '3' }), 'true')).toEqual({
      marksAchieved: 3,
      marksPossible: 3,
    });
    expect(markQuizQuestion(field({ correctAnswer: true, quiz_correct_answer_marks: 3 }), false)).toEqual({
      marksAchieved: 0,
      marksPossible: 3,
    });
    expect(markQuizQuestion(field({ correctAnswer: true }), null)).toEqual({ marksAchieved: 0, marksPossible: 1 });
  });

  it('falls back to the option flagged correctAnswer', () => {
    const options = [{ key: 'true' }, { key: 'false', correctAnswer: true }];
    expect(markQuizQuestion(field({ options }), false)).toEqual({ marksAchieved: 1, marksPossible: 1 });
  });

  it('prints True or False', () => {
    expect(fieldText(field({}), true)).toBe('True');
    expect(fieldText(field({}), false)).toBe('False');
  });
});
