import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { createRecordApi } from '../support/records.ts';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * List reports (spec 01 §2.6, §4; docs/decisions/0027-reports.md) over the demo's Hydrant type
 * (H-001 … H-060, flow rates and test dates): the options menu queues the report as a job,
 * its toasts follow it to 'complete', and the file saved is read back.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1400, height: 900 } });

/** The list searched for H-00 (H-001 … H-009), as the firefighter. */
async function openSearchedList(page: Page) {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/entity-list?type=hydrant');
  await expect(page.getByRole('heading', { name: 'Hydrant', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Search Hydrant', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search Hydrant' }).fill('H-00');
  await expect(page.getByTestId('entity-list').getByTestId('entity-list-item')).toHaveCount(9);
}

/** Chooses a report of the options menu, waits for its 'complete' toast and answers the saved file's bytes. */
async function reportFromMenu(page: Page, item: string, label: string, fileName: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
  await expect(page.getByText(`${label} is complete.`)).toBeVisible({ timeout: 60_000 });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  return readFileSync(await download.path());
}

test('[REPORTS]: Excel Report of the searched list: queued as a job, complete, typed cells read back', async ({ page }) => {
  await openSearchedList(page);
  const bytes = await reportFromMenu(page, 'Excel Report', 'The Excel report', 'Hydrant report.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['Name', 'Hydrant number', 'Flow rate (GPM)', 'Last tested', 'Status']));
  expect(sheet.rowCount).toBe(10);
  const column = (title: string) => header.indexOf(title) + 1;
  const names = Array.from({ length: 9 }, (_, i) => sheet.getRow(i + 2).getCell(column('Name')).value);
  expect(names.sort()).toEqual(Array.from({ length: 9 }, (_, i) => `H-00${i + 1}`));
  for (let r = 2; r <= 10; r++) {
    expect(typeof sheet.getRow(r).getCell(column('Flow rate (GPM)')).value).toBe('number');
    const tested = sheet.getRow(r).getCell(column('Last tested')).value;
    if (tested !== null) expect(tested).toBeInstanceOf(Date);
  }
});

test('[REPORTS]: PDF Report of the searched list holds its rows, its filters and page numbers', async ({ page }) => {
  await openSearchedList(page);
  const bytes = await reportFromMenu(page, 'PDF Report', 'The PDF report', 'Hydrant report.pdf');
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  const text = pdfText(bytes);
  expect(text).toContain('Hydrant Report');
  expect(text).toContain('Filters: Search: "H-00"');
  expect(text).toContain('9 records');
  for (let n = 1; n <= 9; n++) expect(text).toContain(`H-00${n}`);
  expect(text).not.toContain('H-010');
  expect(text).toContain('Page 1 of 1');
});

test('[REPORTS]: Timesheet Report of a chosen period: hours per member per day less the meal break, with totals', async ({ page }) => {
  const session = await signInThroughApi(page, USERS.firefighter.email);
  // A week long ago, so no other test's sheet falls in the period: Monday 08:00–17:00 UTC, a 60-minute meal break.
  await createRecordApi(page.request, session, 'time_sheet', {
    week_start: '2020-03-01',
    time_in_1: { value: '2020-03-02T08:00:00.000Z' },
    time_out_1: { value: '2020-03-02T17:00:00.000Z' },
    meal_break_1: 60,
  });
  await page.goto('/entity-list?type=time_sheet');
  await expect(page.getByRole('heading', { name: 'Time Sheet', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Timesheet Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timesheet Report' });
  await dialog.getByLabel('From').fill('2020-03-01');
  await dialog.getByLabel('To').fill('2020-02-01');
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(dialog.getByText('The to date must be on or after the from date.')).toBeVisible();
  await dialog.getByLabel('To').fill('2020-03-07');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByText('The PDF report is complete.')).toBeVisible({ timeout: 60_000 });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Timesheet report 2020-03-01 to 2020-03-07.pdf');
  const text = pdfText(readFileSync(await download.path()));
  expect(text).toContain('Timesheet Report');
  expect(text).toContain('Period: 2020-03-01 to 2020-03-07');
  expect(text).toContain('Week of 2020-03-01 total');
  expect(text).toContain('All members');
  expect(text).toContain('8.00');
});

test('[REPORTS]: Save as Report from the filter dialog, then the report at /settings/report/{id}: filters, records, grouping, Export', async ({
  page,
}) => {
  const name = `Hydrants H-00 ${Date.now().toString(36)}`;
  await openSearchedList(page);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Filters' });
  await dialog.getByRole('button', { name: 'Save as Report' }).click();
  const form = dialog.getByRole('region', { name: 'Save as Report' });
  // A report without a name or fields is refused field by field (422).
  await form.getByRole('button', { name: 'Save Report' }).click();
  await expect(form.getByText('The name field is required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Report Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Fields' }).click();
  await page.getByRole('option', { name: 'Flow rate (GPM)' }).click();
  await page.getByRole('option', { name: 'Hydrant number' }).click();
  await form.getByRole('textbox', { name: 'Report Name' }).click();
  await form.getByRole('combobox', { name: 'Group By' }).click();
  await page.getByRole('option', { name: 'Status' }).click();
  await form.getByRole('button', { name: 'Save Report' }).click();
  await expect(page.getByText(`Report '${name}' saved.`)).toBeVisible();
  await dialog.getByRole('link', { name: `Open report '${name}'` }).click();

  await expect(page.getByRole('heading', { name: `Report: ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Filters: Search: "H-00"')).toBeVisible();
  await expect(page.getByText('Grouped by: Status')).toBeVisible();
  await expect(page.getByTestId('report-showing')).toHaveText('Showing 1 - 9 of 9 matched records');
  const table = page.getByRole('region', { name: 'Matching records' }).getByRole('table');
  await expect(table.locator('thead').getByRole('columnheader')).toHaveText(['Name', 'Flow rate (GPM)', 'Hydrant number']);
  await expect(table.getByRole('columnheader', { name: /In Service|Out of Service/ }).first()).toBeVisible();

  // Export: the report's records as an .xlsx, read back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('The Excel report is complete.')).toBeVisible({ timeout: 60_000 });
  const download = await downloading;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'ID',
    'Name',
    'Workflow Status',
    'Created',
    'Updated',
    'Flow rate (GPM)',
    'Hydrant number',
  ]);
  expect(sheet.rowCount).toBe(10);
  expect(typeof sheet.getRow(2).getCell(6).value).toBe('number');

  // The report is listed in Settings, and its rows open their records.
  await page.getByRole('link', { name: 'All reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await table.getByRole('link', { name: 'H-001' }).click();
  await expect(page).toHaveURL(/\/entity\/hydrant\/[0-9a-f-]{36}/);
});

/** axe over the open dialog: its serious and critical violations. */
const dialogViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test.describe('NFIRS Report', () => {
  // The department's wall clock: NFIRS times are local, the report writes them in the reader's zone.
  test.use({ timezoneId: 'America/Chicago' });

  test('[REPORTS]: NFIRS Report of the searched incident list: fixed-format records, padded and cut, the missing elements listed', async ({
    page,
  }) => {
    const session = await signInThroughApi(page, USERS.firefighter.email);
    const tag = `N${String(Date.now() % 100_000).padStart(5, '0')}`;
    const incident = {
      incident_type_1: 'FIRE',
      incident_type_2: 'STRUCTURE_FIRE',
      incident_type_3: 'CHIMNEY_FIRE',
      // The demo's address field cuts the street at NFIRS's 30 characters (nfirs_max_length).
      address: { street: '308 Millbrook Industrial Park Access Road', city: 'Riverside', state: 'PA', zipcode: '18064' },
      dispatched_at: { value: '2026-03-02T05:30:00.000Z' },
      narrative: '<p>Chimney fire, knocked down.</p>',
    };
    await createRecordApi(page.request, session, 'incident_report', {
      ...incident,
      incident_number: `${tag}A`,
      arrived_at: { value: '2026-03-02T05:41:00.000Z' },
    });
    // No arrival time: left out of the file and listed.
    await createRecordApi(page.request, session, 'incident_report', { ...incident, incident_number: `${tag}B` });

    await page.goto('/entity-list?type=incident_report');
    await expect(page.getByRole('heading', { name: 'Incident Report', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Search Incident Report', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search Incident Report' }).fill(tag);
    await expect(page.getByTestId('entity-list').getByTestId('entity-list-item')).toHaveCount(2);

    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'NFIRS Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'NFIRS Report' });
    await expect(dialog.getByRole('textbox', { name: 'FDID' })).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'FDID' }).fill('42001');
    await dialog.getByRole('textbox', { name: 'State' }).fill('pa');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Create NFIRS Report' }).click();
    await expect(page.getByText('The NFIRS report is complete.')).toBeVisible({ timeout: 60_000 });
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Incident Report NFIRS report.txt');
    const lines = readFileSync(await download.path(), 'ascii').split('\r\n');
    expect(lines).toHaveLength(3);
    const [basic, address] = lines as [string, string];
    // Key at fixed columns: FDID, state, incident date and number, exposure 000, transaction code and type.
    expect(basic.slice(0, 37)).toBe(`42001^PA^20260301^${tag}A^000^1005^A^`);
    expect(basic.slice(41, 44)).toMatch(/^1\d\d$/);
    expect(basic.slice(44)).toBe(`^N^20260301233000^20260301234100^${' '.repeat(14)}`);
    expect(address.slice(0, 37)).toBe(`42001^PA^20260301^${tag}A^000^1010^A^`);
    expect(address.slice(37)).toBe(
      `1^308     ^  ^Millbrook Industrial Park Acce^    ^  ^${' '.repeat(15)}^Riverside           ^PA^18064    ^${' '.repeat(30)}`,
    );

    // The dialog comes back with what was written and what each left-out record misses.
    await expect(dialog.getByText('1 of 2 records written to the NFIRS file.')).toBeVisible();
    const missing = dialog.getByRole('list', { name: 'Records missing NFIRS elements' });
    await expect(missing.getByRole('listitem')).toHaveCount(1);
    await expect(missing.getByRole('listitem')).toContainText(`${tag}B: Arrival Date Time`);
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByTestId('nfirs-result').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });
});
