import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addLink, createRecordApi, fetchTypeNamed, mouseAway, readRecordApi, sampleValue, type TypeDoc } from '../support/records.ts';
import { type ApiSession, apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

// Records are added, changed and deleted by the records account only (support/users.ts); each carries Date.now().

const DEMO_TYPES = [
  'apparatus',
  'incident_report',
  'personnel_file',
  'daily_apparatus_check',
  'training_quiz',
  'time_sheet',
  'department_shifts',
  'hydrant',
  'equipment_inventory',
];
const EDITABLE_TEXT = new Set(['single-text', 'textarea', 'number-entry']);

/** The first plain text or number field a person can fill in: typed on screen rather than prefilled. */
function typedField(type: TypeDoc) {
  return type.fields
    .map((f) => f.field_data)
    .find((f) => EDITABLE_TEXT.has(f.type) && !f.params?.readonly && !f.params?.lockedToCreator && !f.params?.lockedToCreationDate);
}

async function openPageOf(page: Page, type: TypeDoc, pageNumber: number) {
  const labels = type.object_data.page_labels as string[] | undefined;
  const label = labels?.[pageNumber - 1] || `Page ${pageNumber}`;
  await page.getByRole('navigation', { name: 'Record pages' }).getByRole('button', { name: label, exact: true }).click();
}

async function saveAndExpect(page: Page, texts: string[]) {
  await mouseAway(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  for (const text of texts) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await mouseAway(page);
}

test.describe('[RECORD]', () => {
  let session: ApiSession;
  test.beforeEach(async ({ page }) => {
    session = await signInThroughApi(page, USERS.records.email);
  });

  // One test per demo type: they run side by side, and nine types in one test outgrew any
  // sensible timeout on a loaded machine (3 min seen in CI).
  for (const name of DEMO_TYPES) {
    test(`[RECORD]: adds, edits and views a record of every demo type: ${name}`, async ({ page }) => {
      test.setTimeout(90_000);
      const stamp = String(Date.now());
      const apparatus = await createRecordApi(page.request, session, 'apparatus', {
        unit_id: `E${stamp.slice(-5)}`,
        apparatus_type: 'engine',
        in_service: true,
      });
      const type = await fetchTypeNamed(page.request, session, name);
      const typed = typedField(type);
      const typedRequired = typed?.validation?.required ? typed.property : null;
      await page.goto(addLink(type, { apparatusId: apparatus.id }, stamp, typedRequired));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(type.label);
      await expect(page.getByText('Edit Mode')).toBeVisible();
      const text = `${name} ${stamp}`;
      if (typed) {
        await openPageOf(page, type, typed.page ?? 1);
        await page.getByRole('textbox', { name: typed.title, exact: true }).fill(typed.type === 'number-entry' ? '7' : text);
      }
      await saveAndExpect(page, [`${type.label} saved.`, 'Entity added successfully']);
      const quiz = type.object_data.is_quiz === true;
      // Saving keeps the page shown (issue 18: &page=N stays).
      await expect(page).toHaveURL(new RegExp(`/entity/${name}/[0-9a-f-]{36}\\?mode=${quiz ? 'edit' : 'view'}(&page=\\d+)?$`));
      const id = /\/entity\/[a-z_]+\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

      // View: no save button, no Edit Mode; then Enable Editing, change, save back to view.
      if (!quiz) {
        await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
        await expect(page.getByText('Edit Mode')).toHaveCount(0);
        await page.getByRole('switch', { name: 'Enable Editing' }).check();
      }
      await expect(page.getByText('Edit Mode')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      if (typed) {
        await openPageOf(page, type, typed.page ?? 1);
        await page.getByRole('textbox', { name: typed.title, exact: true }).fill(typed.type === 'number-entry' ? '8' : `${text} changed`);
        await saveAndExpect(page, [`${type.label} saved.`, 'Updated Successfully']);
        await expect(page.getByText('Edit Mode')).toHaveCount(0);
        const saved = await readRecordApi(page.request, session, name, id);
        expect(saved.data?.[typed.property]).toEqual(typed.type === 'number-entry' ? 8 : `${text} changed`);
      }
      // Reopened from its address: view mode when asked for it.
      await page.goto(`/entity/${name}/${id}?mode=view`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Edit Mode')).toHaveCount(0);
      if (typed) await openPageOf(page, type, typed.page ?? 1);
      if (typed)
        await expect(page.locator(`[data-field="${typed.property}"]`)).toContainText(
          typed.type === 'number-entry' ? '8' : `${text} changed`,
        );
    });
  }

  test('[RECORD]: says which fields are required or too long, under the field and by page', async ({ page }) => {
    await page.goto('/entity/add?type=apparatus');
    // Save Changes waits for a change (spec 02 §4); one field filled, the required ones still empty.
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await page.getByLabel('VIN').fill('1FDWE35L');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unit ID is a required field.' }).first()).toBeVisible();
    const panel = page.getByRole('alert').filter({ hasText: 'Please correct these errors' });
    await expect(panel).toContainText('Apparatus');
    await expect(panel).toContainText('Unit ID: Unit ID is a required field.');
    await expect(page.getByRole('navigation', { name: 'Record pages' }).getByRole('button', { name: 'Apparatus *' })).toBeVisible();
    await page.getByLabel('Unit ID').fill('x'.repeat(256));
    await expect(page.getByText('Unit ID must be less than 255 characters long. (Currently 256)').first()).toBeVisible();
    await page.getByLabel('Unit ID').fill('E9');
    await expect(page.getByText('Unit ID must be less than 255 characters long.', { exact: false })).toHaveCount(0);
    await screenshotFor(page, 'record-required');
  });

  test('[RECORD]: skips a page hidden by a rule', async ({ page }) => {
    const label = `Record Test ${Date.now()}`;
    const created = await page.request.post('/api/entity-type', {
      headers: bearer(session.token),
      data: {
        label,
        pages: 3,
        object_data: { page_labels: ['Start', 'Details', 'Finish'] },
        fields: [
          { field_data: { property: 'kind', title: 'Kind', type: 'single-text', page: 1 } },
          { field_data: { property: 'details', title: 'Details text', type: 'single-text', page: 2 } },
          { field_data: { property: 'finish', title: 'Finish text', type: 'single-text', page: 3 } },
        ],
        actions: [
          {
            name: 'Short form',
            enabled: true,
            ruleset_json: { '==': [{ var: 'kind' }, 'short'] },
            effects: [{ type: 'hide-pages', pages: [2] }],
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const type = (await created.json()).data as { name: string };
    await page.goto(`/entity/add?type=${type.name}`);
    const nav = page.getByRole('navigation', { name: 'Record pages' });
    await expect(nav.getByRole('button', { name: 'Details', exact: true })).toBeVisible();
    await page.getByLabel('Kind').fill('short');
    await expect(nav.getByRole('button', { name: 'Details', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Finish text')).toBeVisible();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByLabel('Kind')).toBeVisible();
    await page.getByLabel('Kind').fill('long');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Details text')).toBeVisible();
  });

  test('[RECORD]: on a phone, Save and the page chevrons sit in a bottom bar and the step line opens the page menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const created = await page.request.post('/api/entity-type', {
      headers: bearer(session.token),
      data: {
        label: `Record Test ${Date.now()}`,
        pages: 4,
        object_data: { page_labels: ['Start', 'Details', 'Crew', 'Finish'] },
        fields: [
          { field_data: { property: 'kind', title: 'Kind', type: 'single-text', page: 1 } },
          { field_data: { property: 'details', title: 'Details text', type: 'single-text', page: 2 } },
          { field_data: { property: 'crew', title: 'Crew text', type: 'single-text', page: 3 } },
          { field_data: { property: 'finish', title: 'Finish text', type: 'single-text', page: 4 } },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const type = (await created.json()).data as { name: string };
    await page.goto(`/entity/add?type=${type.name}`);
    const bar = page.getByTestId('record-action-bar');
    await expect(bar).toBeVisible();
    const step = page.getByRole('button', { name: /^Page 1 of 4/ });
    await expect(step).toBeVisible();
    // Save and the chevrons are in thumb reach: the bar ends right above the tab bar.
    const box = await bar.boundingBox();
    const tabs = await page.getByTestId('bottom-tabs').boundingBox();
    expect(box && tabs && Math.abs(box.y + box.height - tabs.y)).toBeLessThanOrEqual(2);
    for (const name of ['Previous page', 'Save Changes', 'Next page']) {
      const control = await bar.getByRole('button', { name }).boundingBox();
      expect(control?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    await bar.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByLabel('Details text')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Page 2 of 4/ })).toBeVisible();
    await page.getByRole('button', { name: /^Page 2 of 4/ }).click();
    await page.getByRole('menuitem', { name: 'Finish' }).click();
    await expect(page.getByLabel('Finish text')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByLabel('Finish text').fill('done');
    await expect(bar.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  test("[RECORD]: an add or edit link's from is where saving and Back return; page=N opens that page", async ({ page }) => {
    const created = await page.request.post('/api/entity-type', {
      headers: bearer(session.token),
      data: {
        label: `Record Test ${Date.now()}`,
        pages: 2,
        fields: [
          { field_data: { property: 'name', title: 'Name', type: 'single-text', page: 1 } },
          { field_data: { property: 'notes', title: 'Notes', type: 'single-text', page: 2 } },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const type = (await created.json()).data as { name: string };
    const list = `/entity-list?type=${type.name}`;
    const from = encodeURIComponent(list);
    const atList = new RegExp(`/entity-list\\?type=${type.name}$`);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const notes = page.getByRole('textbox', { name: 'Notes', exact: true });

    // The add link of spec 01 §2.7, opened on page 2: saving returns to from.
    await page.goto(`/entity/add?type=${type.name}&field.name=Hose%20bed&from=${from}&mode=add&page=2`);
    await expect(notes).toBeVisible();
    await expect(name).toHaveCount(0);
    await notes.fill('Repacked');
    await saveAndExpect(page, ['Entity added successfully']);
    await expect(page).toHaveURL(atList);
    const record = (await (await page.request.get(`/api/entity/${type.name}`, { headers: bearer(session.token) })).json()).data[0] as {
      id: string;
    };
    expect((await readRecordApi(page.request, session, type.name, record.id)).data).toMatchObject({ name: 'Hose bed', notes: 'Repacked' });

    // The edit link: saving returns to from too.
    await page.goto(`/entity/edit/${record.id}?type=${type.name}&from=${from}`);
    await name.fill('Hose bed 2');
    await saveAndExpect(page, ['Updated Successfully']);
    await expect(page).toHaveURL(atList);
    expect((await readRecordApi(page.request, session, type.name, record.id)).data).toMatchObject({ name: 'Hose bed 2' });

    // Back returns to from, after asking about unsaved changes; discarding saves nothing.
    await page.goto(`/entity/${type.name}/${record.id}?from=${from}`);
    await name.fill('Not kept');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await unsaved.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(page).toHaveURL(atList);
    expect((await readRecordApi(page.request, session, type.name, record.id)).data).toMatchObject({ name: 'Hose bed 2' });

    // A from that leads off the app is ignored: no Back, and saving goes to the new record as before.
    for (const foreign of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example/x']) {
      await page.goto(`/entity/add?type=${type.name}&from=${encodeURIComponent(foreign)}`);
      await expect(name).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    }
    await name.fill('Elsewhere');
    await saveAndExpect(page, ['Entity added successfully']);
    await expect(page).toHaveURL(new RegExp(`/entity/${type.name}/[0-9a-f-]{36}\\?mode=view$`));
  });

  test('[RECORD]: a conflicting save shows both changes and keeps theirs on request', async ({ page, browser }) => {
    const stamp = String(Date.now());
    const record = await createRecordApi(page.request, session, 'apparatus', {
      unit_id: `C${stamp.slice(-5)}`,
      apparatus_type: 'engine',
      in_service: true,
    });
    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await signInThroughApi(second, USERS.records.email);
      await page.goto(`/entity/apparatus/${record.id}`);
      await second.goto(`/entity/apparatus/${record.id}`);
      await expect(page.getByLabel('Unit ID')).toHaveValue(`C${stamp.slice(-5)}`);
      await expect(second.getByLabel('VIN')).toBeVisible();

      await page.getByLabel('Unit ID').fill(`First ${stamp}`);
      await saveAndExpect(page, ['Updated Successfully']);

      await second.getByLabel('VIN').fill(`VIN${stamp}`);
      await second.getByRole('button', { name: 'Save Changes' }).click();
      const dialog = second.getByRole('dialog', { name: 'This record was changed by someone else' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('row', { name: /Unit ID/ })).toContainText(`First ${stamp}`);
      await expect(dialog.getByRole('row', { name: /VIN/ })).toContainText(`VIN${stamp}`);
      await dialog.getByRole('button', { name: 'Keep my changes' }).click();
      await expect(second.getByText('Updated Successfully').first()).toBeVisible();

      const saved = await readRecordApi(page.request, session, 'apparatus', record.id);
      expect(saved.data).toMatchObject({ unit_id: `First ${stamp}`, vin: `VIN${stamp}` });
    } finally {
      await other.close();
    }
  });

  test('[RECORD]: deletes a record after confirmation and returns to its list', async ({ page }) => {
    const record = await createRecordApi(page.request, session, 'apparatus', {
      unit_id: `D${Date.now()}`,
      apparatus_type: 'engine',
      in_service: true,
    });
    await page.goto(`/entity/apparatus/${record.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Record' });
    await expect(dialog).toContainText('Are you sure you want to delete? This is a permanent action.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/entity-list\?type=apparatus$/);
    expect((await readRecordApi(page.request, session, 'apparatus', record.id)).status).toBe(404);
  });

  test('[RECORD]: has the menu items of an admin and an unknown type says so', async ({ page }) => {
    const record = await createRecordApi(page.request, session, 'apparatus', {
      unit_id: `M${Date.now()}`,
      apparatus_type: 'engine',
      in_service: true,
    });
    await page.goto(`/entity/apparatus/${record.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    for (const item of [
      'Receive Notifications',
      'Print/Save PDF',
      'View Versions',
      'View Actions',
      'Delete Record',
      'Edit Type: Apparatus',
    ])
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.getByRole('menuitem', { name: 'View Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Version History' });
    await expect(versions.getByRole('button', { name: 'View version 1' })).toBeVisible();
    await versions.getByRole('button', { name: 'View version 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Version 1' }).locator('[data-field="unit_id"]')).toContainText(String(record.unit_id));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'View Actions' }).click();
    const actions = page.getByRole('dialog', { name: 'Entity Actions' });
    await expect(actions).toContainText('No actions for this entity type');
    await actions.getByRole('tab', { name: 'Action History' }).click();
    await expect(actions).toContainText('No actions recorded');
    await page.keyboard.press('Escape');

    await page.goto('/entity/add?type=no_such_type');
    await expect(page.getByText('Entity Type not found.')).toBeVisible();
  });

  test('[RECORD]: changes the status through Change Status To and watches the record', async ({ page }) => {
    const type = await fetchTypeNamed(page.request, session, 'incident_report');
    const stamp = String(Date.now());
    const values: Record<string, unknown> = {};
    for (const f of type.fields) {
      if (!f.field_data.validation?.required) continue;
      const text = sampleValue(f.field_data, {}, stamp);
      if (text !== null) values[f.field_data.property] = /^[{[]/.test(text) ? JSON.parse(text) : text;
    }
    const record = await createRecordApi(page.request, session, 'incident_report', values);
    await page.goto(`/entity/incident_report/${record.id}`);
    await page.getByRole('button', { name: 'Status: Created' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Status To' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Status Updated Successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Status: Submitted' })).toBeVisible();
    // In view mode the selector shows the status but is disabled.
    await page.getByRole('switch', { name: 'Enable Editing' }).uncheck();
    await expect(page.getByRole('button', { name: 'Status: Submitted' })).toBeDisabled();

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Receive Notifications', exact: true }).click();
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Receive Notifications on' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('[RECORD]: an approver approves one waiting change and rejects another after confirming', async ({ page }) => {
    const label = `Record Test ${Date.now()}`;
    const approvers = { approverRoles: ['Tenant Admin'] };
    const created = await page.request.post('/api/entity-type', {
      headers: bearer(session.token),
      data: {
        label,
        fields: [
          { field_data: { property: 'name', title: 'Name', type: 'single-text' } },
          { field_data: { property: 'grade', title: 'Grade', type: 'single-text', params: approvers } },
          { field_data: { property: 'station', title: 'Station', type: 'single-text', params: approvers } },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const type = (await created.json()).data as { name: string };
    const record = await createRecordApi(page.request, session, type.name, { name: 'Pat' });
    // A firefighter's changes wait for a Tenant Admin.
    const firefighter = await apiSignIn(page.request, USERS.firefighter.email);
    const change = await page.request.put(`/api/entity/${type.name}/${record.id}`, {
      headers: bearer(firefighter.token),
      data: { version: record.version, grade: 'G2', station: 'S9' },
    });
    expect(change.status(), await change.text()).toBe(200);

    await page.goto(`/entity/${type.name}/${record.id}`);
    const grade = page.locator('[data-field="grade"]');
    await expect(grade).toContainText('Waiting for approval: G2');
    await grade.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Item approved.')).toBeVisible();
    await expect(grade).toContainText(/approved by Robin Records at \d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)/);
    await expect(page.getByRole('textbox', { name: 'Grade', exact: true })).toHaveValue('G2');

    const station = page.locator('[data-field="station"]');
    await station.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reject changes' });
    await expect(confirm).toContainText('Are you sure you want to reject the selected changes? This is a permanent action.');
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expect(station).toContainText(/rejected by Robin Records at/);
    const saved = await readRecordApi(page.request, session, type.name, record.id);
    expect(saved.data).toMatchObject({ grade: 'G2' });
    expect(saved.data?.station ?? null).toBeNull();
  });

  test('[RECORD]: no serious or critical accessibility violation in add, edit and view modes', async ({ page }) => {
    const scan = async (mode: string) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const result = await new AxeBuilder({ page }).include('[data-record-screen]').analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `${mode}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`),
        mode,
      ).toEqual([]);
    };
    await page.goto('/entity/add?type=incident_report');
    await scan('add');
    const record = await createRecordApi(page.request, session, 'apparatus', {
      unit_id: `A${Date.now()}`,
      apparatus_type: 'engine',
      in_service: true,
    });
    await page.goto(`/entity/apparatus/${record.id}`);
    await scan('edit');
    await page.goto(`/entity/apparatus/${record.id}?mode=view`);
    await scan('view');
  });
});
