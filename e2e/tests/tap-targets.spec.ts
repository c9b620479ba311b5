import { expect, test } from '@playwright/test';
import { FIELD_SAMPLES } from '../../apps/web/src/features/storybook/field-samples.ts';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { smallTapTargets } from '../support/tap-targets.ts';
import { USERS } from '../support/users.ts';

/**
 * Field use on a phone (issue 20): on the screens a firefighter uses in the field, every control
 * is a tap target of at least 44×44 px, and the calendar fits the phone's width so its header
 * controls are all on screen. The demo types hold no star rating, radio table or slider, so the
 * records account adds a type with those three (a 'Record Test' type, as tests/record.spec does).
 */

test.use({ viewport: { width: 390, height: 844 } });

const LOAD = { timeout: 30_000 };

test('[TAPS]: the dashboard, a record form, a category and the calendar have 44 px tap targets on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const records = await apiSignIn(page.request, USERS.records.email);
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(records.token),
    data: {
      label: `Record Test Taps ${Date.now()}`,
      fields: (['star-rating', 'radio-table', 'number-slider'] as const).map((type) => ({
        field_data: { ...FIELD_SAMPLES[type].field, page: 1 },
      })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const type = (await created.json()).data as { name: string };

  await signInThroughApi(page, USERS.firefighter.email);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Chief's Dashboard", level: 1 })).toBeVisible(LOAD);
  // The activity feed's rows: today's demo calls link to their records.
  await expect(page.getByRole('link', { name: /^RFD-D-/ }).first()).toBeVisible(LOAD);
  await screenshotFor(page, 'taps-dashboard-phone');
  expect.soft(await smallTapTargets(page), 'dashboard').toEqual([]);

  await page.goto(`/entity/add?type=${type.name}`);
  await expect(page.getByRole('slider', { name: 'Fuel level' })).toBeVisible(LOAD);
  await expect(page.getByRole('radio', { name: 'SCBA: Pass' })).toBeVisible();
  await expect(page.getByText('0 of 5')).toBeVisible();
  await screenshotFor(page, 'taps-record-phone');
  expect.soft(await smallTapTargets(page), 'record form').toEqual([]);

  await page.goto('/');
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Apparatus' }).click();
  await expect(page.getByRole('heading', { name: 'Apparatus', level: 1 })).toBeVisible(LOAD);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await screenshotFor(page, 'taps-category-phone');
  expect.soft(await smallTapTargets(page), 'category').toEqual([]);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible(LOAD);
  await screenshotFor(page, 'taps-calendar-phone');
  for (const name of ['Create', 'Filters: None', 'Prev Month', 'Today', 'Next Month']) {
    await expect.soft(page.getByRole('button', { name, exact: true }), name).toBeInViewport({ ratio: 1 });
  }
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), 'calendar page width').toBeLessThanOrEqual(390);
  // The month's name stands on one line between the chevrons.
  const monthTitle = page.getByRole('heading', { level: 2 }).first();
  const lines = await monthTitle.evaluate((el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight));
  expect.soft(lines, 'lines of the month title').toBeLessThan(1.5);
  expect.soft(await smallTapTargets(page), 'calendar').toEqual([]);
});
