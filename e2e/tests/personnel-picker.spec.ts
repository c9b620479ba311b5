import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/** The Incident Report's personnel pickers (spec 02 §3 select-personnel) list the department's members. Reads only. */
test("[RECORD]: 'Personnel on scene' lists Riverside's members and finds one by name", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, USERS.records.email);
  await page.goto('/entity/add?type=incident_report&page=4');
  const picker = page.getByRole('textbox', { name: 'Personnel on scene' });
  await picker.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: USERS.firefighter.name })).toBeVisible();
  await expect(listbox.getByRole('option', { name: USERS.captain.name })).toBeVisible();
  // Lakeside's chief is another department's: never offered.
  await expect(listbox.getByRole('option', { name: USERS.lakesideChief.name })).toHaveCount(0);
  await picker.fill('Frank');
  await expect(listbox.getByRole('option')).toHaveText(['(No Selection)', USERS.firefighter.name]);
  await listbox.getByRole('option', { name: USERS.firefighter.name }).click();
  await expect(page.getByText(USERS.firefighter.name).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});
