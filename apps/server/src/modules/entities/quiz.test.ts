import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';

const question = (property: string, type: string, params: Record<string, unknown>) => ({
  offline_id: `q-${property}`,
  field_data: { property, title: property, type, page: 2, params },
});
const options = (correct: string) => ['a', 'b', 'c'].map((key) => ({ key, label: key.toUpperCase(), correctAnswer: key === correct }));

describe(`[QUIZ] quizzes marked on the server on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let trainee: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    tenantA = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenantA.id }])).email);
    trainee = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }])).email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Drill Quiz',
        pages: 3,
        object_data: { is_quiz: true },
        fields: [
          { field_data: { property: 'trainee_name', title: 'Trainee', type: 'single-text', page: 1 } },
          {
            field_data: {
              property: 'ppe',
              title: 'PPE',
              type: 'quiz-question-group',
              page: 2,
              params: {
                fieldList: ['q-q1', 'q-q2', 'q-q3'],
                quizAttemptsOption: 'multiple-attempts',
                quizMaximumAttempts: 2,
                quizTimeLimit: 10,
                quiz_pass_mark_percent: 60,
              },
            },
          },
          question('q1', 'true-false-quiz', { correctAnswer: true, quiz_correct_answer_marks: 2 }),
          question('q2', 'radio-quiz', { options: options('b') }),
          question('q3', 'checkbox-quiz', { options: options('c') }),
          {
            field_data: {
              property: 'hose',
              title: 'Hose',
              type: 'quiz-question-group',
              page: 3,
              params: { fieldList: ['q-h1', 'q-h2'], quizAttemptsOption: 'one-attempt', quiz_number_of_questions: 1 },
            },
          },
          question('h1', 'true-false-quiz', { correctAnswer: false }),
          question('h2', 'true-false-quiz', { correctAnswer: true }),
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const newRecord = async () => {
    const res = await call('POST', '/api/entity/drill_quiz', trainee, { trainee_name: 'Sam' });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; version: number };
  };
  const versions = async (id: string) => (await call('GET', `/api/entity/drill_quiz/${id}/versions`, chief)).json().data.length;

  it('starts: stamps the times from the time limit, draws the pool, saves a version', async () => {
    const record = await newRecord();
    const res = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    expect(res.statusCode).toBe(200);
    const ppe = res.json().data.ppe;
    expect(ppe.is_active).toBe(true);
    expect(ppe.finished_at).toBeNull();
    expect(Date.parse(ppe.finishes_at.value) - Date.parse(ppe.started_at.value)).toBe(10 * 60_000);
    expect(ppe.questions).toEqual(['q1', 'q2', 'q3']);
    expect(ppe.quiz_attempts_remaining).toBe(1);
    expect(res.json().data.version).toBe(2);
    expect(await versions(record.id)).toBe(2);
    // Pressing start again while in progress changes nothing.
    const again = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    expect(again.json().data.version).toBe(2);
  });

  it('blocks a second quiz while one is in progress, with the spec message', async () => {
    const record = await newRecord();
    await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    const res = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/hose/start`, trainee);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Problem starting quiz: Please finish any other quizzes before beginning quiz.');
    expect(res.json().errors.hose).toEqual(['Problem starting quiz: Please finish any other quizzes before beginning quiz.']);
  });

  it('completes: marks the answers, pass or fail, answers through PUT count while in progress', async () => {
    const record = await newRecord();
    const started = (await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee)).json().data;
    const put = await call('PUT', `/api/entity/drill_quiz/${record.id}`, trainee, { version: started.version, q2: 'b' });
    expect(put.statusCode).toBe(200);
    const res = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/complete`, trainee, {
      answers: { q1: true, q3: ['a'] },
    });
    expect(res.statusCode).toBe(200);
    const ppe = res.json().data.ppe;
    expect(ppe.marking_array).toEqual({ marksAchieved: 3, marksPossible: 4, quizMarksPercent: 75 });
    expect(ppe.passed).toBe(true);
    expect(ppe.is_active).toBe(false);
    expect(ppe.finished_at.value).toEqual(expect.any(String));
    // After completing, answers cannot change.
    const late = await call('PUT', `/api/entity/drill_quiz/${record.id}`, trainee, { version: res.json().data.version, q3: ['c'] });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.q3).toEqual(['The quiz is not in progress.']);
  });

  it('counts attempts: the second start is the last, then 422', async () => {
    const record = await newRecord();
    for (const expected of [1, 0]) {
      const start = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
      expect(start.json().data.ppe.quiz_attempts_remaining).toBe(expected);
      expect(start.json().data.q1).toBeUndefined();
      const done = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/complete`, trainee, { answers: { q1: false } });
      expect(done.json().data.ppe.passed).toBe(false);
    }
    const third = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe('Problem starting quiz: No attempts remain.');
  });

  it('draws quiz_number_of_questions from the pool and marks only those', async () => {
    const record = await newRecord();
    const hose = (await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/hose/start`, trainee)).json().data.hose;
    expect(hose.questions).toHaveLength(1);
    const [asked] = hose.questions as string[];
    const notAsked = asked === 'h1' ? 'h2' : 'h1';
    const bad = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/hose/complete`, trainee, { answers: { [notAsked]: true } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[`answers.${notAsked}`]).toEqual(['Unknown question.']);
    const done = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/hose/complete`, trainee, {
      answers: { [asked as string]: asked === 'h2' },
    });
    expect(done.json().data.hose.marking_array).toEqual({ marksAchieved: 1, marksPossible: 1, quizMarksPercent: 100 });
    expect(done.json().data.hose.passed).toBeNull();
  });

  it('does not count answers given after finishes_at', async () => {
    const record = await newRecord();
    await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    // The time runs out: move the finish time into the past.
    const db = test.database.db.kysely;
    const row = await db.selectFrom('entity').select(['data']).where('id', '=', record.id).executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 1000).toISOString();
    const data = { ...row.data, ppe: { ...(row.data.ppe as object), finishes_at: { value: past, display_value: past } } };
    await db
      .updateTable('entity')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', record.id)
      .execute();
    const res = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/complete`, trainee, {
      answers: { q1: true, q2: 'b', q3: ['c'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ppe.marking_array.marksAchieved).toBe(0);
    expect(res.json().data.ppe.finished_at.value).toBe(past);
    expect(res.json().data.q1).toBeUndefined();
  });

  it('refuses a client-written quiz state, bad answers, unknown groups, other tenants and roles without update', async () => {
    const record = await newRecord();
    const forged = await call('PUT', `/api/entity/drill_quiz/${record.id}`, trainee, {
      version: record.version,
      ppe: { marking_array: { marksAchieved: 4, marksPossible: 4, quizMarksPercent: 100 } },
      q1: true,
    });
    expect(forged.statusCode).toBe(422);
    expect(Object.keys(forged.json().errors).sort()).toEqual(['ppe', 'q1']);
    expect((await call('GET', `/api/entity/drill_quiz/${record.id}`, trainee)).json().data.version).toBe(1);

    await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    const bad = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/complete`, trainee, { answers: { q2: 'zzz' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['answers.q2']).toBeDefined();
    const shown = (await call('GET', `/api/entity/drill_quiz/${record.id}`, trainee)).json().data;
    expect(shown.ppe.finished_at).toBeNull();
    expect(shown.q2).toBeUndefined();

    expect((await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/trainee_name/start`, trainee)).statusCode).toBe(422);
    expect((await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, other)).statusCode).toBe(404);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { drill_quiz: { update: false } },
    });
    expect((await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/complete`, trainee, { answers: {} })).statusCode).toBe(403);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { drill_quiz: { update: null } },
    });
  });

  it('never sends correct answers to someone who may not modify entity types', async () => {
    const types = (await call('GET', '/api/entity-type', trainee)).json().data as { id: string; name: string }[];
    const quiz = types.find((t) => t.name === 'drill_quiz')!;
    for (const url of ['/api/entity-type', `/api/entity-type/${quiz.id}`, `/api/entity-type/read/${quiz.id}`, '/api/entity-type/lite']) {
      const body = (await call('GET', url, trainee)).body;
      expect(body).not.toMatch(/correctAnswer|quiz_correct_answer_marks/);
    }
    const record = await newRecord();
    const started = await call('POST', `/api/entity/drill_quiz/${record.id}/quiz/ppe/start`, trainee);
    expect(started.body).not.toMatch(/correctAnswer|quiz_correct_answer_marks/);
    // The person who writes the quiz sees them.
    expect((await call('GET', `/api/entity-type/${quiz.id}`, chief)).body).toMatch(/correctAnswer/);
  });
});
