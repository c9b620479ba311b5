import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createRecordApi, mouseAway } from '../support/records.ts';
import { type ApiSession, bearer, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

// The quiz, punch card and print endpoints are the server's (branch rserver); until they answer,
// these tests skip with the reason instead of failing. Records belong to the records account.

/** Does POST {path} exist? (404 for an unknown route; anything else means it is there.) */
async function routeExists(request: APIRequestContext, session: ApiSession, path: string, data: unknown = {}): Promise<boolean> {
  const answer = await request.post(path, { headers: bearer(session.token), data });
  return answer.status() !== 404;
}

/** Answers a question with its editor's radio when there is one, else by typing the option key. */
async function answer(page: Page, title: string, optionLabel: string, key: string) {
  const radio = page.getByRole('radio', { name: optionLabel, exact: true });
  if (await radio.count()) await radio.first().check();
  else await page.getByRole('textbox', { name: title, exact: true }).fill(key);
}

test.describe('[RECORD] quiz, punch card and print', () => {
  let session: ApiSession;
  test.beforeEach(async ({ page }) => {
    session = await signInThroughApi(page, USERS.records.email);
  });

  test('[RECORD]: a quiz is begun, answered, completed and marked', async ({ page }) => {
    const probe = await createRecordApi(page.request, session, 'training_quiz', {});
    test.skip(
      !(await routeExists(page.request, session, `/api/entity/training_quiz/${probe.id}/quiz/quiz/start`)),
      'POST /entity/{type}/{id}/quiz/{group}/start arrives with the records server branch (rserver)',
    );
    await page.goto('/entity/add?type=training_quiz');
    await mouseAway(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Entity added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/entity\/training_quiz\/[0-9a-f-]{36}\?mode=edit$/);
    await page.getByRole('navigation', { name: 'Record pages' }).getByRole('button', { name: 'Quiz', exact: true }).click();
    const quiz = page.getByRole('region', { name: 'PPE and SCBA refresher' });
    await quiz.getByRole('button', { name: 'Begin Quiz' }).click();
    await expect(quiz.getByText(/minutes remaining/)).toBeVisible();
    await expect(quiz.getByText(/^Started:/)).toBeVisible();
    await answer(page, 'Turnout gear is inspected for damage and contamination after every fire-ground use.', 'True', 'true');
    await answer(page, 'A hood worn at a fire may be worn again without cleaning as long as it looks clean.', 'False', 'false');
    await answer(page, 'What does PASS stand for?', 'Personal Alert Safety System', 'answer_1');
    await quiz.getByRole('button', { name: 'Complete Quiz' }).click();
    await expect(quiz.getByText(/^Score: \d+\/\d+/)).toBeVisible();
    await expect(quiz.getByText(/^(Pass|Fail)$/)).toBeVisible();
    // One attempt: no retake.
    await expect(quiz.getByRole('button', { name: 'Retake Quiz' })).toBeDisabled();
  });

  test('[RECORD]: punches in, takes a break, finishes it and punches out', async ({ page }) => {
    const probe = await createRecordApi(page.request, session, 'time_sheet', { week_start: '2026-11-15' });
    test.skip(
      !(await routeExists(page.request, session, `/api/entity/time_sheet/${probe.id}/punch/punch-in`)),
      'POST /entity/{type}/{id}/punch/{kind} arrives with the records server branch (rserver)',
    );
    const sheet = await createRecordApi(page.request, session, 'time_sheet', { week_start: '2026-11-22' });
    await page.goto(`/entity/time_sheet/${sheet.id}?mode=edit`);
    const card = page.getByRole('region', { name: 'Punch card' });
    await card.getByRole('button', { name: 'Punch In' }).click();
    await expect(card.getByText('On Shift')).toBeVisible();
    await card.getByRole('button', { name: 'Take a break' }).click();
    await expect(card.getByText('On Break')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Punch Out' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Finish Break' }).click();
    await card.getByRole('button', { name: 'Punch Out' }).click();
    await expect(card.getByText('Not punched in')).toBeVisible();
    // The server counts the week's finished shifts (in this browser's time zone) and answers them.
    await expect(card.getByText(/^Worked this week: .+ \(1 shift\)$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Punch In' })).toBeDisabled();
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(card.getByText('Punched in today: Yes')).toBeVisible();
    await card.getByRole('button', { name: 'Hide Details' }).click();
  });

  test('[RECORD]: prints all pages to a PDF', async ({ page }) => {
    const record = await createRecordApi(page.request, session, 'apparatus', {
      unit_id: `P${Date.now()}`,
      apparatus_type: 'engine',
      in_service: true,
    });
    const probe = await page.request.post(`/api/entity/apparatus/${record.id}/print/`, {
      headers: bearer(session.token),
      data: { userAgent: 'e2e', deviceType: 'desktop', operatingSystem: 'Linux', pages: 'all' },
    });
    test.skip(probe.status() === 404, 'POST /entity/{type}/{id}/print/ arrives with the records server branch (rserver)');
    await page.goto(`/entity/apparatus/${record.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Print/Save PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print Pages' });
    await expect(dialog.getByRole('checkbox', { name: 'All Pages' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Apparatus' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Appendix' })).toBeChecked();
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Print' }).click();
    const pdf = await popup;
    await expect.poll(() => pdf.url()).not.toBe('about:blank');
  });
});
