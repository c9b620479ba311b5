import * as z from 'zod/mini';
import { optionKey } from './checks.ts';
import type { FieldDefinition, FieldFamily, FieldParams, FieldType, TextContext } from './types.ts';

/**
 * Helpers of the rich field types (other inputs, computed, display, container, quiz): their
 * messages, value-less types, part normalisation, stamp and result formatting, quiz marking.
 */

/** Messages the spec does not show, in the voice of `fieldMessages`; the last three are spec 02 §5 literals. */
export const richMessages = {
  oneFile: (f: FieldDefinition) => `${f.title} takes one file.`,
  latitude: (f: FieldDefinition) => `${f.title} latitude must be between -90 and 90.`,
  longitude: (f: FieldDefinition) => `${f.title} longitude must be between -180 and 180.`,
  partTooLong: (f: FieldDefinition, part: string, max: number, n: number) =>
    `${f.title} ${part} must be less than ${max} characters long. (Currently ${n})`,
  passMark: () => 'Pass mark must be between 0 and 100.',
  questionCount: () => 'Number of questions must be a whole number, 0 for all.',
  timeLimit: () => 'Time limit must be more than 0 minutes.',
  multipleAttempts: () => 'Multiple attempts must be two or higher.',
  mustSaveFirst: (label: string, title: string) => `Please save the ${label} first before setting ${title}.`,
  saveBeforeViewing: (label: string, title: string) => `Please save the ${label} before viewing associated ${title}.`,
} as const;

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Any JSON value (custom functionality, hidden, query logic). */
export const jsonValue = z.json();
export type JsonValue = z.infer<typeof jsonValue>;

/** A type that holds no value of its own: display items, containers, links, buttons, related-record views. */
export function valueless(key: string, family: FieldFamily, defaultParams: FieldParams = {}): FieldType<never> {
  return { key, family, holdsValue: false, value: z.never(), defaultParams, filterKind: 'none', validate: () => [], toText: () => '' };
}

/**
 * Keeps the named parts of an object value, trimmed; numbers become text, null and blank parts
 * are dropped, other kinds are kept so the shape check refuses them. Non-objects pass through.
 */
export function stringParts(raw: unknown, keys: readonly string[]): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = typeof raw[k] === 'number' ? String(raw[k]) : typeof raw[k] === 'string' ? raw[k].trim() : raw[k];
    if (v !== null && v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** Length of every part against its limit (spec 02 §5 wording, naming the part). */
export function checkParts(
  field: FieldDefinition,
  value: Record<string, unknown>,
  labels: Record<string, string>,
  maxOf: (part: string) => number,
): string[] {
  const messages: string[] = [];
  for (const [part, label] of Object.entries(labels)) {
    const v = value[part];
    const n = typeof v === 'string' ? [...v].length : 0;
    if (n > maxOf(part)) messages.push(richMessages.partTooLong(field, label, maxOf(part), n));
  }
  return messages;
}

const partsOf = (d: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, ...options }).formatToParts(d).map((p) => [p.type, p.value]));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * An ISO instant as yyyy-MM-dd h:mm a in the context's time zone (UTC when none), the format of
 * acceptance and approval stamps (spec 02 §9). Anything else (already formatted) is shown as is.
 */
export function formatStamp(stamp: string, context?: TextContext): string {
  const d = new Date(stamp);
  if (!ISO_INSTANT.test(stamp) || Number.isNaN(d.getTime())) return stamp;
  try {
    const p = partsOf(d, context?.timeZone ?? 'UTC', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.dayPeriod}`;
  } catch {
    return stamp;
  }
}

/** A date as DATE_SHORT (M/d/yyyy); a plain yyyy-MM-dd is a calendar date and is not shifted by the zone. */
function formatDateShort(value: string | number, context?: TextContext): string {
  const plain = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (plain) return `${Number(plain[2])}/${Number(plain[3])}/${plain[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  try {
    const p = partsOf(d, context?.timeZone ?? 'UTC', { year: 'numeric', month: 'numeric', day: 'numeric' });
    return `${p.month}/${p.day}/${p.year}`;
  } catch {
    return String(value);
  }
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Hours as hh:mm:ss (spec 02 §4 'Visibility'; hours grow past two digits when needed). */
export function formatDuration(hours: number): string {
  const total = Math.round(Math.abs(hours) * 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
  return hours < 0 && total > 0 ? `-${text}` : text;
}

const asNumber = (v: string | number): number | undefined => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * A computed result as text per params.formatResultAs: duration (a number of hours → hh:mm:ss),
 * date (DATE_SHORT), dollar ($1,234.50); otherwise numbers rounded to 2 decimals (spec 02 §9).
 * Text that does not fit the format is shown as is.
 */
export function formatResult(value: string | number | boolean, params: FieldParams | undefined, context?: TextContext): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const n = asNumber(value);
  switch (params?.formatResultAs) {
    case 'duration':
      return n === undefined ? String(value) : formatDuration(n);
    case 'date':
      return formatDateShort(value, context);
    case 'dollar':
      return n === undefined ? String(value) : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
    default:
      return typeof value === 'number' ? String(round2(value)) : value;
  }
}

/** A true/false answer from a boolean or its text; undefined when it is neither. */
export function quizBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return undefined;
}

/** Chosen option keys from a list or a single key, without repeats. */
export function quizKeys(v: unknown): string[] | undefined {
  const list = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? [v] : undefined;
  return list?.every((k) => typeof k === 'string' || typeof k === 'number') ? [...new Set(list.map(String))] : undefined;
}

export interface QuizMarks {
  marksAchieved: number;
  marksPossible: number;
}

/** params.quiz_correct_answer_marks, 1 when unset or not a number. */
export function questionMarks(params: FieldParams | undefined): number {
  const raw = params?.quiz_correct_answer_marks;
  const n = typeof raw === 'number' || typeof raw === 'string' ? asNumber(raw) : undefined;
  return n === undefined ? 1 : Math.max(0, n);
}

function isCorrect(field: FieldDefinition, answer: unknown): boolean {
  const options = field.params?.options ?? [];
  const correct = new Set(options.filter((o) => o.correctAnswer).map(optionKey));
  if (field.type === 'true-false-quiz') {
    const given = quizBoolean(answer);
    const expected = quizBoolean(field.params?.correctAnswer) ?? quizBoolean([...correct][0]);
    return given !== undefined && given === expected;
  }
  const chosen = quizKeys(answer) ?? [];
  if (field.type === 'radio-quiz') return chosen.length === 1 && correct.has(chosen[0] ?? '');
  return chosen.length > 0 && chosen.length === correct.size && chosen.every((k) => correct.has(k));
}

/**
 * Marks one quiz question: full params.quiz_correct_answer_marks (default 1) for a correct answer,
 * else 0. true-false-quiz compares with params.correctAnswer (or the option flagged correctAnswer);
 * radio-quiz with any option flagged correctAnswer; checkbox-quiz only when the chosen set equals
 * the correct set. Fields that are not quiz questions are worth nothing.
 */
export function markQuizQuestion(field: FieldDefinition, answer: unknown): QuizMarks {
  if (!['true-false-quiz', 'radio-quiz', 'checkbox-quiz'].includes(field.type)) return { marksAchieved: 0, marksPossible: 0 };
  const marks = questionMarks(field.params);
  return { marksAchieved: isCorrect(field, answer) ? marks : 0, marksPossible: marks };
}

/** The settings of a quiz-question-group (spec 02 §3 'Quiz', §5: multiple attempts two or higher). */
export function checkQuizSettings(params: FieldParams | undefined): string[] {
  const p = params ?? {};
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? asNumber(v) : undefined);
  const set = (v: unknown) => v !== null && v !== undefined && v !== '';
  const messages: string[] = [];
  const attempts = num(p.quizMaximumAttempts);
  if (p.quizAttemptsOption === 'multiple-attempts' && !(attempts !== undefined && Number.isInteger(attempts) && attempts >= 2))
    messages.push(richMessages.multipleAttempts());
  const pass = num(p.quiz_pass_mark_percent);
  if (set(p.quiz_pass_mark_percent) && !(pass !== undefined && pass >= 0 && pass <= 100)) messages.push(richMessages.passMark());
  const count = num(p.quiz_number_of_questions);
  if (set(p.quiz_number_of_questions) && !(count !== undefined && Number.isInteger(count) && count >= 0))
    messages.push(richMessages.questionCount());
  const limit = num(p.quizTimeLimit);
  if (set(p.quizTimeLimit) && !(limit !== undefined && limit > 0)) messages.push(richMessages.timeLimit());
  return messages;
}
