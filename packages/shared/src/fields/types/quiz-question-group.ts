import * as z from 'zod/mini';
import { round2 } from '../checks-rich.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

const stamp = z.nullish(z.object({ value: z.nullish(z.string()), display_value: z.nullish(z.string()) }));
const quizState = z.object({
  started_at: stamp,
  finishes_at: stamp,
  finished_at: stamp,
  is_active: z.nullish(z.boolean()),
  marking_array: z.nullish(z.object({ marksAchieved: z.number(), marksPossible: z.number(), quizMarksPercent: z.number() })),
  quiz_attempts_remaining: z.nullish(z.int()),
  /** The properties of this attempt's questions, in the order they are asked (the drawn pool). */
  questions: z.nullish(z.array(z.string())),
  /** Against quiz_pass_mark_percent when the attempt was marked; null without a pass mark. */
  passed: z.nullish(z.boolean()),
  /** How many attempts were started. */
  attempts_used: z.nullish(z.int()),
});
type QuizState = z.infer<typeof quizState>;

/**
 * quiz-question-group: a container of quiz questions (params fieldList) with the quiz settings
 * of spec 02 §3 'Quiz' (check them with `checkQuizSettings`). Unlike other containers it holds the
 * quiz's state `{ started_at, finishes_at, finished_at, is_active, marking_array { marksAchieved,
 * marksPossible, quizMarksPercent }, quiz_attempts_remaining }` (spec 02 §3 'Quiz' Value), plus the
 * server's `questions` (the drawn pool), `passed` and `attempts_used`; not started is empty. The
 * server alone writes it (apps/server/src/modules/entities/quiz.ts). Text: the score ('8/10 (80%) Pass') or 'In progress'.
 * Defaults: one attempt, no time limit, no pass mark (null), weight 1, all questions in order.
 */
export const quizQuestionGroup: FieldType<QuizState> = {
  key: 'quiz-question-group',
  family: 'container',
  holdsValue: true,
  value: quizState,
  defaultParams: {
    fieldList: [],
    quizIntroduction: '',
    quizAttemptsOption: 'one-attempt',
    quizMaximumAttempts: 2,
    quizTimeLimit: null,
    quiz_pass_mark_percent: null,
    quiz_weight_in_course: 1,
    randomize_questions: false,
    quiz_number_of_questions: 0,
  },
  filterKind: 'none',
  isEmpty: (value) => !value.started_at?.value && !value.marking_array,
  validate: (value, field) => {
    const m = value.marking_array;
    const badMarks = m && (m.marksAchieved < 0 || m.marksAchieved > m.marksPossible);
    return badMarks || (value.quiz_attempts_remaining ?? 0) < 0 ? [fieldMessages.invalid(field)] : [];
  },
  toText: (value, field) => {
    const m = value.marking_array;
    if (!m) return value.started_at?.value && !value.finished_at?.value ? 'In progress' : '';
    const pct = round2(m.quizMarksPercent);
    const raw = field.params?.quiz_pass_mark_percent;
    const pass = raw === null || raw === undefined || raw === '' ? Number.NaN : Number(raw);
    const verdict = Number.isFinite(pass) ? (pct >= pass ? ' Pass' : ' Fail') : '';
    return `${m.marksAchieved}/${m.marksPossible} (${pct}%)${verdict}`;
  },
};
