import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { LAKESIDE_SIGN_IN_LOCK, withLock } from '../support/locks.ts';
import { actIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

// The admin's session acts in a tenant (only that session: see support/users.ts); types made here carry Date.now().

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

interface NewField {
  page: number;
  title: string;
  type: string;
  options?: string[];
  required?: boolean;
  /** Choosing its page changes the page: 'Page changed to n' shows (for 2 s, so it is looked for at once). */
  changesPage?: boolean;
}

/** 'Add Field to Page n', then title, type (searching the grouped select) and options in the field editor overlay. */
async function addField(page: Page, field: NewField): Promise<void> {
  await choose(page, page, 'Page', new RegExp(`^${field.page}\\. `));
  if (field.changesPage) await expect(page.getByText(`Page changed to ${field.page}`).first()).toBeVisible();
  await page.getByRole('button', { name: `Add Field to Page ${field.page}` }).click();
  const dialog = page.getByRole('dialog', { name: 'New field' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(field.title);
  const type = dialog.getByRole('combobox', { name: 'Type' });
  await type.click();
  await type.fill(field.type);
  await page.getByRole('option', { name: field.type, exact: true }).click();
  if (field.required) await dialog.getByRole('checkbox', { name: 'Required', exact: true }).check();
  for (const [index, option] of (field.options ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add Option' }).click();
    await dialog.getByRole('textbox', { name: `Option ${index + 1} label`, exact: true }).fill(option);
  }
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog).toBeHidden();
}

/** Drags a row by its handle onto another row, with the pointer, in small steps (dnd-kit needs movement). */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 12 });
  await page.mouse.up();
}

/** The properties of the fields listed, top to bottom. */
const fieldOrder = (page: Page) =>
  page.getByTestId('field-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-property')));

test('[ENTITY TYPES]: a global admin builds a three-page type, orders its fields, hides fields by a rule, exports it and imports it into another tenant', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const label = `Hose Test ${stamp}`;
  const name = `hose_test_${stamp}`;
  const session = await signInThroughApi(page, USERS.admin.email);
  await actIn(request, session.token, TENANTS.riverside);

  await page.goto('/settings/admin-tools/index');
  await page.getByRole('link', { name: 'Manage Entity Types' }).click();
  await expect(page).toHaveURL(/\/settings\/admin-tools\/manage-entity-types\/index$/);
  await expect(page.getByRole('list', { name: 'Entity types' })).toBeVisible();
  await screenshotFor(page, 'entity-types-list');
  await page.getByRole('link', { name: 'Add Entity Type' }).click();

  // Setup: the identifier follows the label.
  await expect(page.getByRole('heading', { name: 'New Entity Type' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  await expect(page.getByRole('textbox', { name: 'Identifier', exact: true })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Pages', exact: true }).fill('3');
  await page.getByRole('textbox', { name: 'Page 3 label', exact: true }).fill('Sign-off');

  // Fields: one of each major family, on three pages.
  await page.getByRole('tab', { name: /^Fields/ }).click();
  await addField(page, { page: 1, title: 'Hose ID', type: 'Single text', required: true });
  await addField(page, { page: 1, title: 'Hose size', type: 'Select list', options: ['1.75 in', '2.5 in', '4 in'] });
  await addField(page, { page: 1, title: 'Test pressure', type: 'Number entry' });
  await addField(page, { page: 2, title: 'Tested at', type: 'Date time picker', changesPage: true });
  await addField(page, { page: 2, title: 'Passed', type: 'Yes / No' });
  await addField(page, { page: 3, title: 'Inspector signature', type: 'Signature pad' });

  // Reorder page 1 by dragging: Test pressure to the top.
  await choose(page, page, 'Page', /^1\. /);
  await expect.poll(() => fieldOrder(page)).toEqual(['hose_id', 'hose_size', 'test_pressure']);
  await expect(page.getByTestId('field-row').first()).toContainText('*');
  await dragOnto(page, page.getByRole('button', { name: "Drag to reorder 'Test pressure'" }), page.getByTestId('field-row').first());
  await expect.poll(() => fieldOrder(page)).toEqual(['test_pressure', 'hose_id', 'hose_size']);
  await screenshotFor(page, 'entity-types-fields');

  // The overlay of a field: 90% of the window high.
  await page.getByRole('button', { name: 'Field Hose size' }).click();
  const overlay = page.getByRole('dialog', { name: 'Field: Hose size' });
  await expect(overlay.getByRole('textbox', { name: 'Option 2 label', exact: true })).toHaveValue('2.5 in');
  await expect(overlay.getByRole('textbox', { name: 'Option 2 key', exact: true })).toHaveValue('2_5_in');
  const heights = await overlay.evaluate((element) => {
    const content = element.closest('.mantine-Modal-content') ?? element;
    return { overlay: content.getBoundingClientRect().height, window: window.innerHeight };
  });
  expect(Math.abs(heights.overlay - heights.window * 0.9)).toBeLessThan(3);
  await screenshotFor(page, 'entity-types-field-overlay');
  await overlay.getByRole('button', { name: 'Cancel' }).click();

  // A visibility rule: an action that hides the signature when the hose did not pass.
  await page.getByRole('tab', { name: 'Actions' }).click();
  await expect(page.getByText('No Actions Defined')).toBeVisible();
  await page.getByRole('button', { name: 'Add Action' }).click();
  const action = page.getByTestId('action-card');
  await action.getByRole('textbox', { name: 'Name', exact: true }).fill('Hide signature when failed');
  await action.getByRole('button', { name: '+ Condition' }).click();
  await action.locator('select.rule-fields').selectOption({ label: 'Passed' });
  await action.locator('select.rule-operators').selectOption({ label: 'is' });
  await action.locator('.rule-value').selectOption({ label: 'No' });
  await expect(action.getByText('{"and":[{"==":[{"var":"passed"},false]}]}')).toBeVisible();
  await choose(action, page, 'New effect', 'Hide fields (observable)');
  await action.getByRole('button', { name: 'Add Effect' }).click();
  await choose(action.getByTestId('effect'), page, 'Fields of page', /^3\. Sign-off/);
  await action.getByRole('checkbox', { name: 'Inspector signature', exact: true }).check();
  await screenshotFor(page, 'entity-types-actions');

  // Save: POST, then the editor moves to the type's address.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Entity type added successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Edit ${label}` })).toBeVisible();
  await expect(page).toHaveURL(/\/manage-entity-types\/[0-9a-f-]{36}\?from=/);
  const id = /manage-entity-types\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

  const saved = (await (await request.get(`/api/entity-type/${id}`, { headers: bearer(session.token) })).json()).data;
  const properties = (saved.fields as { field_data: { property: string; page: number } }[]).map((f) => f.field_data.property);
  expect(properties).toEqual(['test_pressure', 'hose_id', 'hose_size', 'tested_at', 'passed', 'inspector_signature']);
  expect(saved.object_data.page_labels).toEqual(['Page 1', 'Page 2', 'Sign-off']);
  expect(saved.actions[0]).toMatchObject({
    name: 'Hide signature when failed',
    ruleset_json: { and: [{ '==': [{ var: 'passed' }, false] }] },
    effects: [{ type: 'hide-fields', fields: ['inspector_signature'] }],
  });

  // Export: {name}.json with the fields. (The pointer leaves the toast so it can close.)
  await page.mouse.move(0, 0);
  await expect(page.getByText('Entity type added successfully')).toBeHidden({ timeout: 20_000 });
  await page.getByRole('button', { name: 'More actions' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export type to JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.json`);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported).toMatchObject({ name, label, pages: 3 });
  expect(exported).not.toHaveProperty('id');
  expect((exported.fields as { field_data: { property: string } }[]).map((f) => f.field_data.property)).toEqual(properties);
  expect(exported.fields[2].field_data.params.options.map((o: { label: string }) => o.label)).toEqual(['1.75 in', '2.5 in', '4 in']);

  // Import it into Lakeside, then open it there (while nobody switches Lakeside's sign-in off: support/locks.ts).
  await withLock(LAKESIDE_SIGN_IN_LOCK, async () => {
    await actIn(request, session.token, TENANTS.lakeside);
    await page.goto('/settings/admin-tools/manage-entity-types/index');
    await expect(page.getByTestId('user-menu')).toContainText(TENANTS.lakeside);
    await expect(page.getByRole('link', { name: `Edit ${label}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Import as new entity type' }).click();
    await (await choosing).setFiles(file);
    await expect(page.getByText('Entity type added successfully')).toBeVisible();
    await page.getByRole('link', { name: `Edit ${label}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${label}` })).toBeVisible();
    await page.getByRole('tab', { name: /^Fields/ }).click();
    await expect.poll(() => fieldOrder(page)).toEqual(['test_pressure', 'hose_id', 'hose_size']);
    await page.getByRole('tab', { name: 'Actions' }).click();
    await expect(page.getByTestId('action-card').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Hide signature when failed',
    );
    const listed = await request.get('/api/entity-type/lite', { headers: bearer(session.token) });
    expect(listed.status(), await listed.text()).toBe(200);
    const lakesideTypes = (await listed.json()).data;
    const imported = (lakesideTypes as { id: string; name: string; tenant_id: string | null }[]).find((t) => t.name === name);
    expect(imported?.id).not.toBe(id);
    expect(imported?.tenant_id).not.toBe(saved.tenant_id);
  });
});
