import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Tasks (spec 01 §2.8) as the demo Engineer, who alone creates Station Task records here (each
 * named with Date.now(), so runs and parallel tests never collide).
 */
async function createTask(page: Page, name: string, assignedToMe: boolean) {
  const session = await apiSignIn(page.request, USERS.engineer.email);
  const answer = await page.request.post('/api/entity/station_task', {
    headers: bearer(session.token),
    data: { task: name, priority: 'normal', ...(assignedToMe ? { assignee: session.user.id } : {}) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

for (const [label, viewport] of [
  ['wide screen', { width: 1400, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });
    // Long flows on a shared machine: axe alone takes seconds.
    test.describe.configure({ timeout: 120_000 });

    test('[TASKS]: My Tasks by default, Show All, and Create Task through the type picker up to the add screen', async ({ page }) => {
      const stamp = `${label} ${Date.now()}`;
      await createTask(page, `Roll hose ${stamp}`, true);
      await createTask(page, `Order foam ${stamp}`, false);
      await signInThroughApi(page, USERS.engineer.email);
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { name: 'My Tasks' })).toBeVisible();
      const list = page.getByTestId('tasks-list');
      await expect(list.getByText(`Roll hose ${stamp}`)).toBeVisible();
      await expect(list.getByText(`Order foam ${stamp}`)).toHaveCount(0);
      const results = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      await page.getByRole('button', { name: 'Show All' }).click();
      await expect(page.getByRole('heading', { name: 'All Tasks' })).toBeVisible();
      await page.getByRole('button', { name: 'Search tasks', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search tasks' }).fill(stamp);
      await expect(list.getByTestId('task-item')).toHaveCount(2);
      await page.getByRole('button', { name: 'Sort: Default' }).click();
      await expect(list.getByTestId('task-item').first()).toContainText('Order foam');
      await screenshotFor(page, `tasks-${viewport.width}`);
      await page.getByRole('button', { name: 'Show Tasks for Me Only' }).click();
      await expect(page.getByRole('heading', { name: 'My Tasks' })).toBeVisible();
      await expect(list.getByTestId('task-item')).toHaveCount(1);

      // A task opens in the record screen (TaskView), in view mode.
      await list.getByText(`Roll hose ${stamp}`).click();
      await expect(page).toHaveURL(/\/tasks\/station_task\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Roll hose ${stamp}`);
      await page.goto('/tasks');

      await page.getByRole('button', { name: 'Create Task' }).click();
      await expect(page).toHaveURL(/\/tasks\/add$/);
      await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
      await page.getByRole('button', { name: 'Search task types', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search task types' }).fill('incident');
      await expect(page.getByText("No 'Task Types' found")).toBeVisible();
      await page.getByRole('textbox', { name: 'Search task types' }).fill('station');
      await page.getByRole('button', { name: 'Sort: Default' }).click();
      await expect(page.getByRole('button', { name: 'Sort: A to Z' })).toBeVisible();
      await page.getByRole('button', { name: 'Station Task' }).click();
      await expect(page).toHaveURL(/\/tasks\/edit\?type=station_task$/);

      // TaskEdit adds the task and returns to the tasks list, where All Tasks shows it.
      const created = `Coil hose ${stamp}`;
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      await page.getByRole('textbox', { name: /^Task/ }).fill(created);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Entity added successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/tasks$/);
      await page.getByRole('button', { name: 'Show All' }).click();
      await page.getByRole('button', { name: 'Search tasks', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search tasks' }).fill(created);
      await expect(page.getByTestId('task-item').filter({ hasText: created })).toHaveCount(1);
    });
  });
}
