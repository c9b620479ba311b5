import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { onePagePdf } from '../support/files.ts';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/** The 70 field types of spec 02 §3 (packages/shared/src/fields/keys.ts). */
const FIELD_TYPE_COUNT = 70;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const edit = (page: Page, key: string): Locator => page.getByTestId(`field-${key}-edit`);
const view = (page: Page, key: string): Locator => page.getByTestId(`field-${key}-view`);

// 140 editors on one page: the showcase takes a few seconds to draw on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openShowcase(page: Page) {
  await page.goto('/storybook');
  await expect(page.getByRole('heading', { name: 'Fields: Selectors' })).toBeVisible({ timeout: 30_000 });
}

test('[FIELDS]: every field type shows on /storybook in edit and in view mode', async ({ page }) => {
  await openShowcase(page);
  await expect(page.locator('[data-testid^="field-"][data-testid$="-edit"]')).toHaveCount(FIELD_TYPE_COUNT);
  await expect(page.locator('[data-testid^="field-"][data-testid$="-view"]')).toHaveCount(FIELD_TYPE_COUNT);
  // The required marker shows only where the field is editable.
  await expect(edit(page, 'single-text').locator('.mantine-InputWrapper-required')).toHaveCount(1);
  await expect(view(page, 'single-text').locator('.mantine-InputWrapper-required')).toHaveCount(0);
  // A read-only dropdown without a value reads (None); quiz questions never show the right answer.
  await expect(view(page, 'select-field')).toContainText('(None)');
  await expect(page.getByText('correctAnswer')).toHaveCount(0);
});

test('[FIELDS]: typing, picking from dropdowns and radios, masks and selection bounds', async ({ page }) => {
  await openShowcase(page);

  await edit(page, 'single-text').getByRole('textbox', { name: 'Incident name' }).fill('Barn fire');
  await expect(view(page, 'single-text')).toContainText('Barn fire');
  await edit(page, 'single-text').getByRole('textbox', { name: 'Incident name' }).fill('');
  await edit(page, 'single-text').getByRole('textbox', { name: 'Incident name' }).blur();
  await expect(edit(page, 'single-text')).toContainText('Incident name is a required field.');

  // Three options: a dropdown without search, first row (No Selection).
  const apparatus = edit(page, 'select-list').getByRole('combobox', { name: 'Apparatus (3 options)' });
  await expect(apparatus).toHaveAttribute('readonly', '');
  await apparatus.click();
  await expect(page.getByRole('option', { name: '(No Selection)' })).toBeVisible();
  await page.getByRole('option', { name: 'Ladder' }).click();
  await expect(view(page, 'select-list')).toContainText('Ladder');

  // Seven options: search appears.
  const units = edit(page, 'select-list-multiple').getByLabel('Units on scene');
  await units.click();
  await units.pressSequentially('haz');
  // Clicked on the option itself: the pills growing as one types can slide a row of the page
  // over the dropdown for a moment on a busy machine.
  await page.getByRole('option', { name: 'Hazmat' }).dispatchEvent('click');
  await page.keyboard.press('Escape');
  await expect(view(page, 'select-list-multiple')).toContainText('Engine, Tanker, Hazmat');

  // Radio lists: a row with 3 options, a list with 4.
  await expect(edit(page, 'radio-list').locator('[data-layout="row"]')).toHaveCount(1);
  await expect(edit(page, 'radio-adhoc').locator('[data-layout="list"]')).toHaveCount(1);
  await edit(page, 'radio-list').getByRole('radio', { name: 'High' }).check();
  await expect(view(page, 'radio-list')).toContainText('High');

  // Radio table: one choice per row.
  await edit(page, 'radio-table').getByRole('radio', { name: 'Radio: Fail' }).check();
  await expect(view(page, 'radio-table')).toContainText('Radio: Fail');

  // Phone mask.
  const phone = edit(page, 'single-text-mask').getByRole('textbox', { name: 'Phone (mask)' });
  await phone.fill('');
  await phone.pressSequentially('5559876543');
  await expect(phone).toHaveValue('(555) 987-6543');
  await expect(view(page, 'single-text-mask')).toContainText('(555) 987-6543');

  // At most 3 hazards: with three chosen, the fourth is disabled.
  const hazards = edit(page, 'checkbox-multiselect');
  await hazards.getByRole('checkbox', { name: 'Fire' }).check();
  await hazards.getByRole('checkbox', { name: 'Water' }).check();
  await expect(hazards.getByRole('checkbox', { name: 'Power lines' })).toBeDisabled();

  // Ad-hoc: a new value is added.
  await edit(page, 'checkbox-multiselect-adhoc').getByRole('textbox', { name: 'Other Agencies' }).fill('Coast Guard');
  await edit(page, 'checkbox-multiselect-adhoc').getByRole('button', { name: 'Add' }).click();
  await expect(view(page, 'checkbox-multiselect-adhoc')).toContainText('Coast Guard');

  // Stars, and a number counter within its bounds.
  await edit(page, 'star-rating').scrollIntoViewIfNeeded();
  // The first label is the cleared rating (0); the third is two stars.
  await edit(page, 'star-rating').locator('label').nth(2).click();
  await expect(edit(page, 'star-rating')).toContainText('2 of 5');
});

test('[FIELDS]: signing the signature pad and accepting or declining the terms', async ({ page }) => {
  await openShowcase(page);
  const signature = edit(page, 'signature-pad');
  await expect(view(page, 'signature-pad')).toContainText('No signature added yet.');
  await expect(signature.getByText('Sign Below')).toBeVisible();
  await expect(signature.getByText('SIGN HERE')).toBeVisible();
  await expect(signature.getByRole('button', { name: 'Save Signature' })).toBeDisabled();
  await signature.getByTestId('signature-canvas').scrollIntoViewIfNeeded();
  const box = (await signature.getByTestId('signature-canvas').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 50);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + 220, box.y + 80, { steps: 5 });
  await page.mouse.up();
  await signature.getByRole('button', { name: 'Save Signature' }).click();
  // Once signed, the pad is gone: a signature is only added when none exists.
  await expect(signature.getByRole('img', { name: 'Signature signature' })).toBeVisible();
  await expect(signature.getByText('SIGN HERE')).toHaveCount(0);
  await expect(view(page, 'signature-pad').getByRole('img', { name: 'Signature signature' })).toBeVisible();

  const terms = edit(page, 'terms-and-conditions');
  await terms.getByRole('checkbox', { name: 'I Accept' }).check();
  await expect(terms.getByTestId('terms_and_conditions-stamp')).toHaveText(
    /^Agreed by Alex Example at \d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)$/,
  );
  await terms.getByRole('checkbox', { name: 'I Decline' }).check();
  await expect(terms.getByRole('checkbox', { name: 'I Accept' })).not.toBeChecked();
  await expect(terms.getByTestId('terms_and_conditions-stamp')).toHaveText(/^Declined by Alex Example at /);
});

test('[FIELDS]: a file is uploaded through POST /files, previewed, found in the media library and detached', async ({ page }) => {
  await signInThroughApi(page, USERS.firefighter.email);
  await openShowcase(page);
  const files = edit(page, 'single-file');
  const name = `scene-${Date.now()}.png`;

  await files.getByRole('button', { name: 'Add File' }).click();
  const source = page.getByRole('dialog', { name: 'Select Source' });
  await expect(source.getByRole('button', { name: 'My Device' })).toBeVisible();
  await expect(source.getByRole('button', { name: 'From Media Library' })).toBeVisible();
  // Camera is offered on phones only.
  await expect(source.getByRole('button', { name: 'Camera' })).toHaveCount(0);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/files') && r.request().method() === 'POST');
  await files.getByTestId('single_file-device-input').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  expect((await uploaded).status()).toBe(201);
  await expect(files.getByTestId('attached-file')).toContainText(name);
  await expect(files.getByRole('img', { name })).toBeVisible();
  // One file only (no allowMultipleUploads): the add button hides.
  await expect(files.getByRole('button', { name: 'Add File' })).toHaveCount(0);

  await files.getByRole('button', { name: 'Detach' }).click();
  const confirm = page.getByRole('dialog', { name: 'Detach file?' });
  await confirm.getByRole('button', { name: 'Detach' }).click();
  await expect(files.getByTestId('attached-file')).toHaveCount(0);

  await files.getByRole('button', { name: 'Add File' }).click();
  await page.getByRole('dialog', { name: 'Select Source' }).getByRole('button', { name: 'From Media Library' }).click();
  const library = page.getByRole('dialog', { name: 'Media Library' });
  await library.getByRole('textbox', { name: 'Search' }).fill('no-such-file-anywhere');
  await expect(library.getByText('No files found.')).toBeVisible();
  await library.getByRole('textbox', { name: 'Search' }).fill(name);
  await library.getByRole('button', { name }).click();
  await expect(files.getByTestId('attached-file')).toContainText(name);
});

test('[FIELDS]: axe finds no serious or critical violation on the field showcase', async ({ page }) => {
  // axe over 140 editors is slow on a shared 2-core machine.
  test.setTimeout(300_000);
  await openShowcase(page);
  await expect(page.getByTestId('field-rich-text-area-edit').getByRole('textbox', { name: 'Notes' })).toBeVisible({ timeout: 30_000 });
  const results = await new AxeBuilder({ page }).include('[data-testid^="field-"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
});

test('[FIELDS]: the PDF viewer at /pdfjs/web/viewer.html draws an uploaded PDF with pdf.js', async ({ page }) => {
  const session = await signInThroughApi(page, USERS.firefighter.email);
  const name = `viewer-${Date.now()}.pdf`;
  const upload = await page.request.post('/api/files', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: onePagePdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { data } = (await upload.json()) as { data: { url: string } };
  await page.goto(`/pdfjs/web/viewer.html?file=${encodeURIComponent(data.url)}`);
  await expect(page.getByRole('heading', { name: /\(1 page\)$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Page 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText('125%')).toBeVisible();
});
