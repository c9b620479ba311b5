import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Data import (spec 01 §2.6, §2.11, §4): the records account makes a type of its own ('Import
 * Test {Date.now()}'), downloads its import template, fills three rows (one without its
 * required Unit), uploads it, reads the test run's report, runs the final import and finds the
 * two good rows in the list and the bad row's message on the job screen.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe.configure({ timeout: 120_000 });

test('[IMPORTS]: template, three rows (one bad), test run report, final import, two records and the bad row’s message', async ({
  page,
}) => {
  const session = await signInThroughApi(page, USERS.records.email);
  const label = `Import Test ${Date.now()}`;
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(session.token),
    data: {
      label,
      object_data: { formtitle: '{unit}' },
      fields: [
        { field_data: { property: 'unit', title: 'Unit', type: 'single-text', page: 1, validation: { required: true } } },
        {
          field_data: {
            property: 'result',
            title: 'Result',
            type: 'select-list',
            page: 1,
            params: {
              options: [
                { key: 'pass', label: 'Passed' },
                { key: 'fail', label: 'Failed' },
              ],
            },
          },
        },
        { field_data: { property: 'checked_on', title: 'Checked On', type: 'date-picker', page: 1 } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const type = (await created.json()).data as { name: string };

  await page.goto(`/entity-list?type=${type.name}`);
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Options' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menu').getByRole('menuitem', { name: 'Create Import Template CSV' }).click();
  const template = readFileSync(await (await downloading).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  expect(template.split(',')).toEqual(['id', 'display_name', 'place', 'created_at', 'updated_at', 'unit', 'result', 'checked_on']);

  // Three rows under the template's header: the second has no Unit.
  const csv = [template, ',,,,,Engine 7,Passed,11/20/2026', ',,,,,,Failed,11/21/2026', ',,,,,Ladder 8,Failed,2026-11-22'].join('\r\n');
  await page.getByRole('button', { name: 'Options' }).click();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('menu').getByRole('menuitem', { name: 'Upload CSV Data File' }).click();
  await (await choosing).setFiles({ name: 'hydrant checks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Data file uploaded successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const testRunUrl = page.url();

  await expect(page.getByRole('heading', { name: 'Import Job: test run' })).toBeVisible();
  await expect(page.getByTestId('finished')).toHaveText('Yes', { timeout: 30_000 });
  await expect(page.getByTestId('test-run')).toHaveText('Yes');
  await expect(page.getByTestId('imported-items')).toHaveText('2');
  await expect(page.getByTestId('failed-count')).toHaveText('1');
  await expect(page.getByTestId('import-id')).toHaveText(testRunUrl.split('/').pop()!);
  const failed = page.getByTestId('failed-rows');
  await expect(failed.getByRole('row', { name: '3 Unit is a required field.' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshotFor(page, 'import-test-run');

  // Nothing was written by the test run.
  const before = await page.request.get(`/api/entity/${type.name}`, { headers: bearer(session.token) });
  expect((await before.json()).data).toHaveLength(0);

  await page.getByRole('button', { name: 'Run Final Import' }).click();
  await expect(page).not.toHaveURL(testRunUrl);
  await expect(page.getByRole('heading', { name: 'Import Job: final import' })).toBeVisible();
  await expect(page.getByTestId('finished')).toHaveText('Yes', { timeout: 30_000 });
  await expect(page.getByTestId('test-run')).toHaveText('No');
  await expect(page.getByTestId('imported-items')).toHaveText('2');
  await expect(page.getByTestId('failed-rows').getByRole('row', { name: '3 Unit is a required field.' })).toBeVisible();
  await screenshotFor(page, 'import-final');

  await page.getByRole('link', { name: `View ${label} records` }).click();
  const items = page.getByTestId('entity-list').getByTestId('entity-list-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Engine 7' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Ladder 8' })).toHaveCount(1);
});

test('[IMPORTS]: a job that is not yours (or no job) shows as unavailable', async ({ page }) => {
  await signInThroughApi(page, USERS.records.email);
  await page.goto('/jobs/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Import job unavailable')).toBeVisible();
});

test('[IMPORTS]: the XML importer form keeps the email prefix rule and the parent/child mapping rule', async ({ page }) => {
  await signInThroughApi(page, USERS.records.email);
  await page.goto('/entity/add?type=xml_importer');
  const email = page.getByRole('textbox', { name: /^Email/ });
  await expect(email).toBeVisible();
  await email.fill('Riverside CAD!');
  await expect(email).toHaveValue('riversidecad');
  await page.getByRole('textbox', { name: /^Folder/ }).fill('incidents');
  await page.getByRole('button', { name: 'Add Mapping' }).click();
  await page.getByRole('textbox', { name: 'Source' }).fill('crew/name');
  await page.getByRole('combobox', { name: 'Destination' }).fill('crew.*.name');
  // Under the destination (and in the field's summary of its settings' messages).
  await expect(page.locator('.mantine-Autocomplete-error')).toHaveText(
    'This field cannot be mapped to a child entity type field unless a parent field is mapped to the entity type. Alternatively, you can connect it to the parent entity type here:',
  );
  await page.getByRole('button', { name: 'Map crew/name to crew' }).click();
  await expect(page.getByText('This field cannot be mapped to a child entity type field', { exact: false })).toHaveCount(0);
  await expect(page.getByText('This importer belongs to a department: every row is imported into it.')).toBeVisible();
  await expect(page.getByText('Save the importer first; then Test Import runs its file.')).toBeVisible();
  await screenshotFor(page, 'xml-importer-form');
});
