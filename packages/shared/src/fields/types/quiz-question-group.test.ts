import { describe, expect, it } from 'vitest';
import { checkQuizSettings } from '../checks-rich.ts';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { quizQuestionGroup } from './quiz-question-group.ts';

const field: FieldDefinition = {
  property: 'quiz',
  title: 'Quiz',
  type: 'quiz-question-group',
  validation: { required: true },
  params: { ...quizQuestionGroup.defaultParams, quiz_pass_mark_percent: 70 },
};
const marks = { marksAchieved: 8, marksPossible: 10, quizMarksPercent: 80 };
const started = { started_at: { value: '2024-03-05T15:00:00Z' }, finishes_at: { value: '2024-03-05T15:30:00Z' }, is_active: true };

describe('quiz-question-group', () => {
  it('is a registered container with the quiz defaults of the spec', () => {
    expect(fieldTypeOf('quiz-question-group')).toBe(quizQuestionGroup);
    expect(quizQuestionGroup.family).toBe('container');
    expect(quizQuestionGroup.defaultParams).toMatchObject({
      quizAttemptsOption: 'one-attempt',
      quiz_weight_in_course: 1,
      quiz_number_of_questions: 0,
    });
    expect(checkQuizSettings(quizQuestionGroup.defaultParams)).toEqual([]);
  });

  it('holds the quiz state; not started is empty', () => {
    expect(validateField(field, { is_active: false, started_at: null }).errors).toEqual(['Quiz is a required field.']);
    expect(validateField(field, started)).toEqual({ value: started, errors: [] });
    expect(validateField(field, { ...started, marking_array: { ...marks, marksAchieved: 11 } }).errors).toEqual(['Quiz is not valid.']);
    expect(validateField(field, { ...started, quiz_attempts_remaining: 1.5 }).errors).toEqual(['Quiz is not valid.']);
  });

  it('prints the score with pass or fail, or In progress', () => {
    expect(fieldText(field, { ...started, marking_array: marks })).toBe('8/10 (80%) Pass');
    expect(fieldText(field, { marking_array: { marksAchieved: 2, marksPossible: 3, quizMarksPercent: 66.6667 } })).toBe(
      '2/3 (66.67%) Fail',
    );
    expect(fieldText(field, started)).toBe('In progress');
    expect(fieldText(field, {})).toBe('');
  });

  it('checks the settings: multiple attempts two or higher, pass mark, question count, time limit', () => {
    expect(checkQuizSettings({ quizAttemptsOption: 'multiple-attempts', quizMaximumAttempts: 1 })).toEqual([
      'Multiple attempts must be two or higher.',
    ]);
    expect(checkQuizSettings({ quizAttemptsOption: 'multiple-attempts', quizMaximumAttempts: '2' })).toEqual([]);
    expect(checkQuizSettings({ quiz_pass_mark_percent: 101, quiz_number_of_questions: -1, quizTimeLimit: 0 })).toEqual([
      'Pass mark must be between 0 and 100.',
      'Number of questions must be a whole number, 0 for all.',
      'Time limit must be more than 0 minutes.',
    ]);
  });
});
