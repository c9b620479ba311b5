import { expect, test } from '@playwright/test';
import { FIELD_SAMPLES, SHOWCASE_CHILDREN } from '../../apps/web/src/features/storybook/field-samples.ts';
import { mouseAway } from '../support/records.ts';
import { bearer, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

// One record that holds a field of every type (the /storybook samples, which carry a value for
// each type that has one): added through the API, then edited and saved through the record
// screen, reloaded, and printed to PDF. The save through the form must give every other value
// back unchanged. The admin makes the type in Riverside on its own session (as entity-types.spec
// does): a type whose label carries Date.now(), never a demo type.

test('[RECORD]: a record holding every field type is saved through the form, reloaded and printed to PDF', async ({ page }) => {
  test.setTimeout(90_000);
  // A global admin (only they may add query-logic fields), acting in Riverside on this session alone.
  const session = await signInThroughApi(page, USERS.admin.email);
  const tenants = await page.request.get('/api/tenant?page=1&per_page=240', { headers: bearer(session.token) });
  const riverside = ((await tenants.json()).data as { id: string; display_name: string }[]).find(
    (t) => t.display_name === TENANTS.riverside,
  );
  const selected = await page.request.post('/api/user/select-tenant', {
    headers: bearer(session.token),
    data: { tenant: riverside?.id, role: 'MSFES User' },
  });
  expect(selected.status(), await selected.text()).toBe(200);
  const stamp = Date.now();
  const label = `Every Field ${stamp}`;
  const fields = [
    ...Object.entries(SHOWCASE_CHILDREN).map(([offlineId, field]) => ({ offline_id: offlineId, field_data: { ...field, page: 1 } })),
    ...Object.values(FIELD_SAMPLES).map(({ field }, i) => ({
      field_data: {
        ...field,
        page: i < 35 ? 1 : 2,
        // The showcase's associated records name a type this department has: its Station Tasks.
        ...(field.type === 'widget-entity' ? { params: { ...field.params, widgetSource: 'station_task' } } : {}),
      },
    })),
  ];
  const created = await page.request.post('/api/entity-type', {
    headers: bearer(session.token),
    data: { label, pages: 2, object_data: { formtitle: '{single_text}' }, fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  const type = (await created.json()).data as { name: string; fields: { field_data: { property: string; type: string } }[] };
  expect(new Set(type.fields.map((f) => f.field_data.type))).toEqual(
    new Set([...Object.keys(FIELD_SAMPLES), ...Object.values(SHOWCASE_CHILDREN).map((f) => f.type)]),
  );

  const values: Record<string, unknown> = {};
  for (const { field, value } of Object.values(FIELD_SAMPLES)) if (value !== undefined) values[field.property] = value;
  values.single_text = `Every field ${stamp}`;
  // Values that pass this type's validation (the showcase shows some failing on purpose).
  values.checkbox_multiselect = ['smoke', 'fire'];
  values.terms_and_conditions = { checked: true };
  // A person must be a member of the record's department (issue 19): the sample's is made up.
  const personnel = await page.request.get(`/api/personnel?search=${encodeURIComponent(USERS.firefighter.name)}`, {
    headers: bearer(session.token),
  });
  expect(personnel.status(), await personnel.text()).toBe(200);
  const member = ((await personnel.json()).data as { id: string; display_name: string }[])[0];
  expect(member?.display_name).toBe(USERS.firefighter.name);
  values.select_personnel = { id: member?.id, display_name: member?.display_name };
  const added = await page.request.post(`/api/entity/${type.name}`, { headers: bearer(session.token), data: values });
  expect(added.status(), await added.text()).toBe(201);
  const before = (await added.json()).data as Record<string, unknown> & { id: string };

  // Edit one text value through the form and save: every other value comes back as it was.
  await page.goto(`/entity/${type.name}/${before.id}?mode=edit`);
  const text = page.getByRole('textbox', { name: /^Incident name/ });
  await expect(text).toHaveValue(`Every field ${stamp}`);
  await text.fill(`Every field saved ${stamp}`);
  await mouseAway(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Updated Successfully|saved\./).first()).toBeVisible();

  const reread = await page.request.get(`/api/entity/${type.name}/${before.id}`, { headers: bearer(session.token) });
  expect(reread.status()).toBe(200);
  const after = (await reread.json()).data as Record<string, unknown>;
  expect(after.version).toBe((before.version as number) + 1);
  expect(after.single_text).toBe(`Every field saved ${stamp}`);
  for (const { field } of Object.values(FIELD_SAMPLES)) {
    if (field.property === 'single_text') continue;
    expect(after[field.property], `${field.type} (${field.property})`).toEqual(before[field.property]);
  }

  // Reloaded, the record shows the saved text.
  await page.goto(`/entity/${type.name}/${before.id}?mode=view`);
  await expect(page.getByText(`Every field saved ${stamp}`).first()).toBeVisible();

  // Printed to PDF by the server.
  const print = await page.request.post(`/api/entity/${type.name}/${before.id}/print/`, {
    headers: bearer(session.token),
    data: { userAgent: 'e2e', deviceType: 'desktop', operatingSystem: 'Linux', pages: 'all' },
  });
  expect(print.status(), await print.text()).toBe(200);
  const printed = await print.json();
  const url = (printed.url ?? printed.data?.url) as string;
  const pdf = await page.request.get(url.replace(/^https?:\/\/[^/]+/, ''), { headers: bearer(session.token) });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
