import * as z from 'zod/mini';
import { checkOptions, checkSelections, optionLabel } from '../checks.ts';
import { quizKeys } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

/**
 * checkbox-quiz: the answer, a list of option keys (one key is taken as a list, repeats are
 * dropped); full marks only when the chosen set equals the options flagged correctAnswer
 * (`markQuizQuestion`). Text: the labels joined by ', '.
 */
export const checkboxQuiz: FieldType<string[]> = {
  key: 'checkbox-quiz',
  family: 'quiz',
  holdsValue: true,
  value: z.array(z.string()),
  defaultParams: { options: [], quiz_correct_answer_marks: 1 },
  filterKind: 'none',
  normalise: (raw) => quizKeys(raw) ?? raw,
  validate: (value, field) => [...checkOptions(field, value), ...checkSelections(field, value.length)],
  toText: (value, field) => value.map((k) => optionLabel(field.params?.options, k)).join(', '),
};
