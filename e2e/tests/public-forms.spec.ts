import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

/**
 * Public forms (spec 01 §2.1, §2.6; 02 §2): the records account (Riverside's Tenant Admin) makes a
 * type of its own ('Permit Test {Date.now()}'), marks it public in the type editor, copies the
 * link from the list's options menu, and a signed-out browser fills it in with a photo; the
 * record appears in the tenant's list. A tampered link shows a clear refusal.
 */
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ timeout: 180_000 });
// Screens that load a bundle on a busy machine get longer than the default to appear.
const slow = { timeout: 40_000 };

test('[PUBLIC FORMS]: marked public, link copied, filled in signed out with a photo, listed for the tenant; a tampered link fails', async ({
  page,
  browser,
}) => {
  const session = await signInThroughApi(page, USERS.records.email);
  const label = `Permit Test ${Date.now()}`;
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(session.token),
    data: {
      label,
      object_data: { formtitle: '{applicant}' },
      fields: [
        { field_data: { property: 'applicant', title: 'Applicant', type: 'single-text', page: 1, validation: { required: true } } },
        { field_data: { property: 'photo', title: 'Photo of the burn site', type: 'single-file', page: 1, params: { fileType: 'image' } } },
        {
          field_data: {
            property: 'inspector_notes',
            title: 'Inspector notes',
            type: 'textarea',
            page: 1,
            params: { hide_when_public_form: true },
          },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const type = (await created.json()).data as { id: string; name: string };

  // The tenant admin marks the type public in the type editor.
  await page.goto(`/settings/admin-tools/manage-entity-types/${type.id}`);
  await expect(page.getByRole('heading', { name: `Edit ${label}` })).toBeVisible(slow);
  await page.getByRole('tab', { name: 'Additional Configuration' }).click();
  await page.getByRole('switch', { name: 'Public form' }).check();
  const saving = page.waitForResponse((r) => r.url().endsWith(`/api/entity-type/${type.id}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saving).status()).toBe(200);

  // Link to Public Form: the link, copied, and its QR code.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/entity-list?type=${type.name}`);
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible(slow);
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Link to Public Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link to Public Form' });
  const linkBox = dialog.getByRole('textbox', { name: 'Public form link' });
  await expect(linkBox).toHaveValue(new RegExp(`/public_forms/${type.name}\\?tenantId=`));
  await expect(dialog.getByRole('img', { name: 'QR code of the public form link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied.' })).toBeVisible();
  const url = await linkBox.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await screenshotFor(page, 'public-forms-link');
  await page.keyboard.press('Escape');

  // A browser that never signed in fills it in.
  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    await form.goto(url);
    await expect(form.getByRole('heading', { name: label, level: 1 })).toBeVisible(slow);
    await expect(form.getByText(TENANTS.riverside)).toBeVisible();
    await expect(form.getByText('Inspector notes')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    const axe = await new AxeBuilder({ page: form }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Sent empty: the required field says so, nothing is sent.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Please correct these errors' })).toBeVisible();

    const applicant = `Pat Neighbour ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Applicant' }).fill(applicant);
    await form.getByTestId('photo-device-input').setInputFiles({ name: 'burn-site.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByTestId('attached-file')).toContainText('burn-site.png');
    await expect(form.getByRole('img', { name: 'burn-site.png' })).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('heading', { name: 'Saved Successfully', level: 1 })).toBeVisible(slow);
    await expect(form.getByText('Thankyou for your submission.')).toBeVisible();
    await screenshotFor(form, 'public-forms-saved');

    // A tampered link is refused with a clear page.
    const tampered = url.replace(/tenantHmac=([\w-])/, (_, c: string) => `tenantHmac=${c === 'A' ? 'B' : 'A'}`);
    await form.goto(tampered);
    await expect(form.getByRole('heading', { name: 'This link does not work', level: 1 })).toBeVisible(slow);
    await expect(form.getByText(/This link is not valid/)).toBeVisible();

    // The tenant's list shows the submission, with its photo.
    await page.reload();
    const row = page.getByText(applicant).first();
    await expect(row).toBeVisible(slow);
    const listed = await page.request.get(`/api/entity/${type.name}`, { headers: bearer(session.token), params: { detailed: 'true' } });
    const record = ((await listed.json()).data as { display_name: string; photo?: { original_name: string }[] }[]).find(
      (r) => r.display_name === applicant,
    );
    expect(record?.photo?.[0]?.original_name).toBe('burn-site.png');
  } finally {
    await visitor.close();
  }
});

test('[PUBLIC FORMS]: a type that asks for a captcha is sent once the browser has done the proof of work', async ({ page, browser }) => {
  const session = await signInThroughApi(page, USERS.records.email);
  const label = `Survey Test ${Date.now()}`;
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(session.token),
    data: {
      label,
      object_data: { is_public_form: true, public_form_captcha: true },
      fields: [{ field_data: { property: 'smoke_alarms', title: 'Working smoke alarms', type: 'number-entry', page: 1 } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const type = (await created.json()).data as { name: string };
  const link = await page.request.get(`/api/entity-type/${type.name}/public-url`, { headers: bearer(session.token) });
  expect(link.status(), await link.text()).toBe(200);
  const url = ((await link.json()) as { url: string }).url;

  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    const challenged = form.waitForResponse((r) => r.url().includes('/challenge?'));
    await form.goto(url);
    await expect(form.getByRole('heading', { name: label, level: 1 })).toBeVisible(slow);
    await form.getByRole('textbox', { name: 'Working smoke alarms' }).fill('2');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect((await challenged).status()).toBe(200);
    await expect(form.getByRole('heading', { name: 'Saved Successfully', level: 1 })).toBeVisible(slow);
  } finally {
    await visitor.close();
  }
  const listed = await page.request.get(`/api/entity/${type.name}`, { headers: bearer(session.token) });
  expect(((await listed.json()).data as unknown[]).length).toBe(1);
});
