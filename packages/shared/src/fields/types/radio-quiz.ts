import * as z from 'zod/mini';
import { checkOptions, optionLabel } from '../checks.ts';
import type { FieldType } from '../types.ts';

/**
 * radio-quiz: the answer, one option key; options flagged correctAnswer are right (any of them
 * earns the marks, see `markQuizQuestion`). Text: the option's label.
 */
export const radioQuiz: FieldType<string | number> = {
  key: 'radio-quiz',
  family: 'quiz',
  holdsValue: true,
  value: z.union([z.string(), z.number()]),
  defaultParams: { options: [], quiz_correct_answer_marks: 1 },
  filterKind: 'none',
  validate: (value, field) => checkOptions(field, [String(value)]),
  toText: (value, field) => optionLabel(field.params?.options, String(value)),
};
