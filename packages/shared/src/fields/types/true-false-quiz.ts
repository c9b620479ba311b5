import * as z from 'zod/mini';
import { quizBoolean } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/**
 * true-false-quiz: the answer, a boolean ('true'/'false' text is taken). The correct answer is
 * params.correctAnswer (or the option 'true'/'false' flagged correctAnswer); mark it with
 * `markQuizQuestion`. Text: 'True' or 'False'.
 */
export const trueFalseQuiz: FieldType<boolean> = {
  key: 'true-false-quiz',
  family: 'quiz',
  holdsValue: true,
  value: z.boolean(),
  defaultParams: { quiz_correct_answer_marks: 1 },
  filterKind: 'none',
  normalise: (raw) => quizBoolean(raw) ?? raw,
  validate: () => [],
  toText: (value) => (value ? 'True' : 'False'),
};
