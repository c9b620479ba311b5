/** The quiz-question-group value (spec 02 §3 'Quiz' Value) and what the runner reads of it (§4 'Quiz'). */

export interface QuizStamp {
  value?: string | null;
  display_value?: string | null;
}

export interface QuizValue {
  started_at?: QuizStamp | null;
  finishes_at?: QuizStamp | null;
  finished_at?: QuizStamp | null;
  is_active?: boolean | null;
  marking_array?: { marksAchieved: number; marksPossible: number; quizMarksPercent: number } | null;
  quiz_attempts_remaining?: number | null;
}

export type QuizPhase = 'not-started' | 'in-progress' | 'complete';

export function quizValueOf(raw: unknown): QuizValue {
  return raw && typeof raw === 'object' ? (raw as QuizValue) : {};
}

/** Minutes left until finishes_at (rounded up), or null without a time limit. */
export function minutesRemaining(quiz: QuizValue, now: number): number | null {
  const end = quiz.finishes_at?.value ? Date.parse(quiz.finishes_at.value) : Number.NaN;
  if (!Number.isFinite(end)) return null;
  return Math.ceil((end - now) / 60_000);
}

/** Finished when a finish time exists or no time remains; in progress once started. */
export function quizPhase(quiz: QuizValue, now: number): QuizPhase {
  if (quiz.finished_at?.value || quiz.marking_array) return 'complete';
  if (!quiz.started_at?.value) return 'not-started';
  const left = minutesRemaining(quiz, now);
  return left !== null && left <= 0 ? 'complete' : 'in-progress';
}

/** 'Pass' or 'Fail' against the pass mark, or null without one. */
export function verdict(quiz: QuizValue, passMark: unknown): 'Pass' | 'Fail' | null {
  const pass = passMark === null || passMark === undefined || passMark === '' ? Number.NaN : Number(passMark);
  if (!quiz.marking_array || !Number.isFinite(pass)) return null;
  return quiz.marking_array.quizMarksPercent >= pass ? 'Pass' : 'Fail';
}

/** A retake is possible while attempts remain (unlimited attempts always). */
export function canRetake(quiz: QuizValue, attemptsOption: unknown): boolean {
  if (attemptsOption === 'unlimited-attempts') return true;
  return (quiz.quiz_attempts_remaining ?? 0) > 0;
}

/** The shift length of a punch card: hours with one decimal, or minutes under 0.1 h. */
export function shiftLength(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '';
  if (hours < 0.1) {
    const minutes = Math.round(hours * 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${hours.toFixed(1)} hours`;
}
