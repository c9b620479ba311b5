import { randomInt } from 'node:crypto';
import {
  canModifyField,
  canSeeField,
  type EntityRecord,
  type EntityType,
  type EntityTypeField,
  type FieldDefinition,
  fieldTypeOf,
  markQuizQuestion,
  validateField,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { addFieldError, type FieldErrors, forbidden, invalid } from '../../platform/http/errors.ts';
import { authorizeUpdate, findRow, present, type Scope, saveVersioned, scopeFor } from './service.ts';
import type { ValuesCheck } from './values.ts';
import { displayNameOf } from './values.ts';

/**
 * Quizzes on the server (spec 02 §3 'Quiz', §4 'Quiz'). A quiz-question-group field holds the
 * state of its quiz; only this file writes it. Starting draws the attempt's questions and stamps
 * the times; completing marks the answers given in time. See docs/decisions/0010.
 */

export const QUIZ_MESSAGES = {
  otherQuizOpen: 'Problem starting quiz: Please finish any other quizzes before beginning quiz.',
  noAttempts: 'Problem starting quiz: No attempts remain.',
  notInProgress: 'The quiz is not in progress.',
  notQuiz: 'The field is not a quiz of this record.',
  serverOwned: 'The quiz is marked by the server; start and complete it instead.',
  notStarted: 'The quiz has not been started.',
} as const;

interface Stamp {
  value: string;
  display_value: string;
}
export interface QuizState {
  started_at?: Stamp | null;
  finishes_at?: Stamp | null;
  finished_at?: Stamp | null;
  is_active?: boolean | null;
  marking_array?: { marksAchieved: number; marksPossible: number; quizMarksPercent: number } | null;
  quiz_attempts_remaining?: number | null;
  questions?: string[] | null;
  passed?: boolean | null;
  attempts_used?: number | null;
}

const stamp = (at: Date): Stamp => ({ value: at.toISOString(), display_value: at.toISOString() });
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const stateOf = (v: unknown): QuizState => (v && typeof v === 'object' && !Array.isArray(v) ? (v as QuizState) : {});

/** Started, not finished and (with a time limit) not past its finish time. */
export function quizInProgress(state: QuizState, now = new Date()): boolean {
  if (!state.started_at?.value || state.finished_at?.value) return false;
  const ends = state.finishes_at?.value ? Date.parse(state.finishes_at.value) : Number.POSITIVE_INFINITY;
  return now.getTime() <= ends;
}

/** Attempts a group allows in all: 1, quizMaximumAttempts (≥ 2), or unlimited (null). */
export function attemptsAllowed(params: FieldDefinition['params']): number | null {
  const option = params?.quizAttemptsOption ?? 'one-attempt';
  if (option === 'unlimited-attempts') return null;
  if (option === 'multiple-attempts') return Math.max(2, Math.floor(num(params?.quizMaximumAttempts) ?? 2));
  return 1;
}

const quizGroups = (type: EntityType) => type.fields.filter((f) => f.field_data.type === 'quiz-question-group');

/** The question fields of a group (params.fieldList holds field ids or offline_ids), in field order. */
export function questionsOf(type: EntityType, group: EntityTypeField): EntityTypeField[] {
  const list = (group.field_data.params?.fieldList ?? []) as unknown[];
  const wanted = new Set(list.map(String));
  return type.fields
    .filter((f) => fieldTypeOf(f.field_data.type).family === 'quiz')
    .filter((f) => wanted.has(String(f.id)) || (f.offline_id !== undefined && wanted.has(String(f.offline_id))))
    .sort((a, b) => (a.field_data.sort_order ?? 999) - (b.field_data.sort_order ?? 999));
}

function shuffled<T>(items: T[]): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * The attempt's questions: all of them, or quiz_number_of_questions drawn at random when it is
 * above 0 and below the pool's size; shuffled when randomize_questions, else in field order.
 */
export function drawQuestions(type: EntityType, group: EntityTypeField): string[] {
  const pool = questionsOf(type, group).map((f) => f.field_data.property);
  const params = group.field_data.params ?? {};
  const wanted = Math.floor(num(params.quiz_number_of_questions) ?? 0);
  const drawn = wanted > 0 && wanted < pool.length ? new Set(shuffled(pool).slice(0, wanted)) : new Set(pool);
  const inOrder = pool.filter((p) => drawn.has(p));
  return params.randomize_questions ? shuffled(inOrder) : inOrder;
}

/** The group a question belongs to (first one listing it). */
function groupOfQuestion(type: EntityType, property: string): EntityTypeField | undefined {
  return quizGroups(type).find((g) => questionsOf(type, g).some((q) => q.field_data.property === property));
}

/**
 * Saves (POST and PUT) may carry answers, never the quiz's state: a changed group value is
 * refused, and an answer counts only while its quiz is in progress and the question is in the
 * attempt's pool (else 422 'The quiz is not in progress.'). Refused answers are not stored.
 */
export function guardQuizValues(type: EntityType, current: Record<string, unknown>, check: ValuesCheck, now = new Date()): void {
  for (const property of Object.keys(check.values)) {
    const field = type.fields.find((f) => f.field_data.property === property);
    if (!field) continue;
    const family = fieldTypeOf(field.field_data.type).family;
    const value = check.values[property];
    const empty = value === null || value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0);
    // An empty quiz value (a form sending every field, blank) is not an answer: drop it quietly.
    if (empty && (family === 'quiz' || field.field_data.type === 'quiz-question-group')) {
      delete check.values[property];
      continue;
    }
    if (field.field_data.type === 'quiz-question-group') {
      delete check.values[property];
      addFieldError(check.errors, property, QUIZ_MESSAGES.serverOwned);
      continue;
    }
    if (family !== 'quiz') continue;
    const group = groupOfQuestion(type, property);
    const state = group ? stateOf(current[group.field_data.property]) : {};
    const inPool = !state.questions || state.questions.includes(property);
    if (!group || !quizInProgress(state, now) || !inPool) {
      delete check.values[property];
      addFieldError(check.errors, property, QUIZ_MESSAGES.notInProgress);
    }
  }
}

function groupNamed(scope: Scope, auth: AuthContext, property: string): EntityTypeField {
  const group = quizGroups(scope.type).find((g) => g.field_data.property === property);
  const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
  if (!group || !canSeeField(group.field_data.permissions, viewer)) throw invalid({ groupProperty: [QUIZ_MESSAGES.notQuiz] });
  if (!canModifyField(group.field_data.permissions, viewer)) throw forbidden(`You may not change: ${property}.`);
  return group;
}

/** Marks the answers of an attempt's questions against the group's pass mark. */
export function markAttempt(
  type: EntityType,
  group: EntityTypeField,
  state: QuizState,
  data: Record<string, unknown>,
): Pick<QuizState, 'marking_array' | 'passed'> {
  const asked = new Set(state.questions ?? questionsOf(type, group).map((q) => q.field_data.property));
  let achieved = 0;
  let possible = 0;
  for (const question of questionsOf(type, group)) {
    if (!asked.has(question.field_data.property)) continue;
    const marks = markQuizQuestion(question.field_data as FieldDefinition, data[question.field_data.property]);
    achieved += marks.marksAchieved;
    possible += marks.marksPossible;
  }
  const percent = possible > 0 ? Math.round((achieved / possible) * 10_000) / 100 : 0;
  const passMark = num(group.field_data.params?.quiz_pass_mark_percent);
  return {
    marking_array: { marksAchieved: achieved, marksPossible: possible, quizMarksPercent: percent },
    passed: passMark === undefined ? null : percent >= passMark,
  };
}

async function withRecord(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  groupProperty: string,
  change: (scope: Scope, group: EntityTypeField, data: Record<string, unknown>, now: Date) => Record<string, unknown> | null,
): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  authorizeUpdate(scope);
  const group = groupNamed(scope, auth, groupProperty);
  return withContext(db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    if (row.place === 'finalised' && !auth.isGlobalAdmin) throw forbidden('A finalised record is read-only.');
    const data = change(scope, group, { ...row.data }, new Date());
    if (!data) return present(scope, row);
    const updated = await saveVersioned(tx, scope, row, auth, {
      data: JSON.stringify(data),
      display_name: displayNameOf(scope.type, data),
    });
    return present(scope, updated);
  });
}

/**
 * POST /entity/{type}/{id}/quiz/{groupProperty}/start. Refused (422) while another quiz of the
 * record is in progress, and when no attempts remain. Starting a quiz already in progress
 * answers the record unchanged (the start button is pressed again after 5 s). A new attempt
 * clears the previous attempt's answers and marks.
 */
export async function startQuiz(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string, groupProperty: string) {
  return withRecord(db, auth, typeName, id, groupProperty, (scope, group, data, now) => {
    const state = stateOf(data[groupProperty]);
    if (quizInProgress(state, now)) return null;
    const other = quizGroups(scope.type).find(
      (g) => g.field_data.property !== groupProperty && quizInProgress(stateOf(data[g.field_data.property]), now),
    );
    if (other) throw invalid({ [groupProperty]: [QUIZ_MESSAGES.otherQuizOpen] }, QUIZ_MESSAGES.otherQuizOpen);
    const allowed = attemptsAllowed(group.field_data.params);
    const used = state.attempts_used ?? (state.started_at?.value ? 1 : 0);
    if (allowed !== null && used >= allowed) throw invalid({ [groupProperty]: [QUIZ_MESSAGES.noAttempts] }, QUIZ_MESSAGES.noAttempts);
    const minutes = num(group.field_data.params?.quizTimeLimit);
    for (const question of questionsOf(scope.type, group)) delete data[question.field_data.property];
    const next: QuizState = {
      started_at: stamp(now),
      finishes_at: minutes && minutes > 0 ? stamp(new Date(now.getTime() + minutes * 60_000)) : null,
      finished_at: null,
      is_active: true,
      marking_array: null,
      passed: null,
      questions: drawQuestions(scope.type, group),
      attempts_used: used + 1,
      quiz_attempts_remaining: allowed === null ? null : allowed - used - 1,
    };
    data[groupProperty] = next;
    return data;
  });
}

/**
 * POST /entity/{type}/{id}/quiz/{groupProperty}/complete with `{ answers }`. Answers are taken
 * only while the quiz is in progress (before finishes_at): after it, the body's answers are
 * ignored and the answers saved in time are marked. Each answer is checked by the field
 * registry (422 per question).
 */
export async function completeQuiz(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  groupProperty: string,
  answers: Record<string, unknown>,
) {
  return withRecord(db, auth, typeName, id, groupProperty, (scope, group, data, now) => {
    const state = stateOf(data[groupProperty]);
    if (!state.started_at?.value) throw invalid({ [groupProperty]: [QUIZ_MESSAGES.notStarted] });
    if (state.finished_at?.value) throw invalid({ [groupProperty]: [QUIZ_MESSAGES.notInProgress] });
    const inTime = quizInProgress(state, now);
    const asked = new Set(state.questions ?? questionsOf(scope.type, group).map((q) => q.field_data.property));
    const errors: FieldErrors = {};
    const byProperty = new Map(questionsOf(scope.type, group).map((q) => [q.field_data.property, q]));
    for (const [property, answer] of Object.entries(answers)) {
      const question = byProperty.get(property);
      if (!question || !asked.has(property)) {
        addFieldError(errors, `answers.${property}`, 'Unknown question.');
        continue;
      }
      if (!inTime) continue;
      const checked = validateField(question.field_data as FieldDefinition, answer);
      if (checked.errors.length) errors[`answers.${property}`] = checked.errors;
      else data[property] = checked.value;
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const finishedAt = inTime || !state.finishes_at?.value ? now : new Date(state.finishes_at.value);
    data[groupProperty] = {
      ...state,
      ...markAttempt(scope.type, group, state, data),
      finished_at: stamp(finishedAt),
      is_active: false,
    } satisfies QuizState;
    return data;
  });
}
