import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * The schedule timeline of department_shifts (spec 01 §2.6) over the demo's shifts: rows per
 * assignee and 'No assignee', a week around today, zoom from 1 to 31 days, drag to move, and an
 * item opens its record.
 */
test.describe('wide screen (1400×900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.describe.configure({ timeout: 120_000 });

  test('[SCHEDULE]: rows per assignee, zoom, drag to scroll, and an item opens its record', async ({ page }) => {
    await signInThroughApi(page, USERS.records.email);
    await page.goto('/entity-list/?type=department_shifts');
    const timeline = page.getByRole('region', { name: 'Department Shifts schedule' });
    await expect(timeline).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    await expect(timeline.getByRole('group', { name: 'No assignee' })).toBeVisible();
    await expect(timeline.getByRole('group', { name: USERS.captain.name })).toBeVisible();
    await expect(page.getByTestId('schedule-days')).toHaveText('7 days');
    const rows = timeline.getByRole('group');
    // The 'No assignee' row comes last.
    await expect(rows.last()).toHaveAttribute('aria-label', 'No assignee');
    const violations = (await new AxeBuilder({ page }).include('main').analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshotFor(page, 'shift-schedule-wide');

    // Zoom: out to 8 days, in to 6; the slider reaches 31 at most.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByTestId('schedule-days')).toHaveText('8 days');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('schedule-days')).toHaveText('6 days');
    const slider = page.getByRole('slider', { name: 'Days shown' });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('schedule-days')).toHaveText('31 days');
    await page.keyboard.press('Home');
    await expect(page.getByTestId('schedule-days')).toHaveText('1 day');
    await page.getByRole('button', { name: 'Today' }).click();

    // Drag to the left by about two days' width: the window moves two days later.
    await slider.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('schedule-days')).toHaveText('7 days');
    const before = await page.getByTestId('schedule-range').textContent();
    const box = (await timeline.boundingBox())!;
    const dayWidth = (box.width - 168) / 7;
    const y = box.y + 16;
    await page.mouse.move(box.x + box.width - 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 40 - dayWidth, y, { steps: 5 });
    await page.mouse.move(box.x + box.width - 40 - 2 * dayWidth, y, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('schedule-range')).not.toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByTestId('schedule-range')).toHaveText(before ?? '');

    // An item opens its record beside the list.
    const shift = timeline.getByRole('group', { name: USERS.captain.name }).getByRole('button').first();
    await shift.click();
    await expect(page).toHaveURL(/split\.id=[0-9a-f-]{36}/);
  });
});
