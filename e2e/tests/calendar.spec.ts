import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { LAKESIDE_SIGN_IN_LOCK, withLock } from '../support/locks.ts';
import { fetchTypeNamed } from '../support/records.ts';
import { actIn, apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { TENANTS, USERS } from '../support/users.ts';

/**
 * The calendar (spec 02 §2) as the Riverside chief: a department shift record and a recurring
 * event of today (each named with Date.now(), so runs never collide) appear in the month, in
 * the day's Schedule and in the day's popout; a virtual occurrence opens as a real record.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

async function seedToday(page: Page, stamp: string) {
  const session = await apiSignIn(page.request, USERS.records.email);
  const type = await fetchTypeNamed(page.request, session, 'department_shifts');
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 7);
  const record = await page.request.post('/api/entity/department_shifts', {
    headers: bearer(session.token),
    data: {
      shift_name: 'a_shift',
      station: 'station_1',
      shift_start: { value: start.toISOString() },
      shift_end: { value: new Date(start.getTime() + 3_600_000).toISOString() },
    },
  });
  expect(record.status(), await record.text()).toBe(201);
  const definition = await page.request.post('/api/calendar/events', {
    headers: bearer(session.token),
    data: {
      entity_type_id: type.id,
      title: `Hydrant test ${stamp}`,
      mode: 'schedule',
      event_key: 'daily',
      origin_day: isoDay(today),
      ends_on: isoDay(today),
      start_time: '09:00',
      duration_minutes: 60,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      prefills: { prefillFields: { shift_name: 'b_shift', station: 'station_2' } },
    },
  });
  expect(definition.status(), await definition.text()).toBe(201);
  return { recordName: (await record.json()).data.display_name as string };
}

const seriousOrCritical = async (page: Page, within = 'main') =>
  (await new AxeBuilder({ page }).include(within).exclude('footer').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The recurring events a session's acting tenant lists (GET /calendar/events/definitions). */
async function definitionsOf(page: Page, token: string): Promise<{ id: string; title: string; tenant_id: string }[]> {
  const answer = await page.request.get('/api/calendar/events/definitions', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data;
}

test.describe('wide screen (1400×900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.describe.configure({ timeout: 120_000 });

  test('[CALENDAR]: month with records and recurring events, filter, week views, day popout, and opening an occurrence', async ({
    page,
  }) => {
    const stamp = `${Date.now()}`;
    const { recordName } = await seedToday(page, stamp);
    await signInThroughApi(page, USERS.records.email);
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await expect(schedule.getByText(`Hydrant test ${stamp}`)).toBeVisible();
    await expect(schedule.getByText(recordName).first()).toBeVisible();
    const todayCell = page.locator(`[data-day="${isoDay(new Date())}"]`).first();
    await expect(todayCell.locator('[data-dot="record"]')).toBeVisible();
    await expect(todayCell.locator('[data-dot="virtual"]')).toBeVisible();
    expect(await seriousOrCritical(page)).toEqual([]);
    await screenshotFor(page, 'calendar-wide');

    await page.getByRole('button', { name: 'Filters: None' }).click();
    const filter = page.getByRole('dialog', { name: 'Calendar filter' });
    await filter.getByRole('checkbox', { name: 'Shifts' }).check();
    await filter.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Shifts' })).toBeVisible();

    await page.getByText('Week', { exact: true }).click();
    await expect(page.getByTestId('calendar')).toHaveAttribute('data-view', 'week');
    await expect(page.getByRole('button', { name: 'Next Week' })).toBeVisible();
    await page.getByRole('button', { name: 'Next Week' }).click();
    await page.getByRole('button', { name: 'Prev Week' }).click();
    await page.getByText('Weekend', { exact: true }).click();
    await expect(page.getByTestId('calendar')).toHaveAttribute('data-view', 'weekend');
    await page.getByText('Month', { exact: true }).click();
    await expect(page.getByTestId('calendar')).toHaveAttribute('data-view', 'month');
    // The weekend shown may lie in the month before (early in a month): back to today's month.
    await page.getByRole('button', { name: 'Today' }).click();

    await page
      .locator(`[data-day="${isoDay(new Date())}"]`)
      .first()
      .click();
    const popout = page.getByRole('dialog');
    await expect(popout.getByText(`Hydrant test ${stamp}`)).toBeVisible();
    await expect(popout.getByRole('button', { name: 'Add' })).toBeVisible();
    await popout.getByRole('button', { name: 'Close' }).click();

    // New Recurring Event: a bad interval is refused per field, then saved.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'New Recurring Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add/Update Entity or Task or Schedule Details' });
    await dialog.getByText('Create Schedule Item').click();
    await dialog.getByRole('combobox', { name: 'Entity type' }).click();
    await page.getByRole('option', { name: 'Department Shifts' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Pump test ${stamp}`);
    // Prefilled fields: picked from the type's fields, filled with the record form's own editors.
    await dialog.getByRole('combobox', { name: 'Add a field' }).click();
    await page.getByRole('option', { name: 'Station', exact: true }).click();
    await dialog.locator('[data-prefill="station"]').getByRole('combobox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Station 2', exact: true }).click();
    expect(await seriousOrCritical(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await dialog.getByRole('textbox', { name: 'Every' }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The interval must be at least 1.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Every' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Saved successfully.')).toBeVisible();
    await expect(page.getByText('Recurring event saved.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A virtual occurrence opens as a real record, marked as made by the recurring event.
    await schedule.getByText(`Hydrant test ${stamp}`).click();
    await expect(page).toHaveURL(/\/entity\/department_shifts\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Created by Recurring Event')).toBeVisible();
    // Modify Schedule Item shows the definition's prefilled fields again.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Modify Schedule Item' }).click();
    const modify = page.getByRole('dialog', { name: 'Add/Update Entity or Task or Schedule Details' });
    await expect(modify.locator('[data-prefill="station"]').getByRole('combobox', { name: 'Station' })).toHaveValue('Station 2');
    await expect(modify.locator('[data-prefill="shift_name"]')).toBeVisible();
    await modify.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Schedule Item' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Schedule Item' });
    await expect(confirm.getByText('no future entities will be created')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Schedule' }).click();
    await expect(page.getByText('Recurring event deleted.')).toBeVisible();
  });

  test("[CALENDAR]: a global admin's recurring event is saved for the department picked in the dialog, with that department's types, and only there", async ({
    page,
  }) => {
    const stamp = `${Date.now()}`;
    const title = `Tenant pick ${stamp}`;
    const typeLabel = `Lakeside Drill ${stamp}`;
    // The admin's page session (and only it) acts in Riverside: support/users.ts.
    const session = await signInThroughApi(page, USERS.admin.email);
    const riverside = await actIn(page.request, session.token, TENANTS.riverside);
    // Another session of the admin acts in Lakeside (under its sign-in lock) and gives it a type of its own.
    await withLock(LAKESIDE_SIGN_IN_LOCK, async () => {
      const elsewhere = await apiSignIn(page.request, USERS.admin.email);
      const lakeside = await actIn(page.request, elsewhere.token, TENANTS.lakeside);
      expect(lakeside).not.toBe(riverside);
      const created = await page.request.post('/api/entity-type', {
        headers: bearer(elsewhere.token),
        data: {
          label: typeLabel,
          object_data: { formtitle: '{topic}' },
          allowed_transitions: [{ name: 'mark_as_created' }],
          fields: [{ field_data: { property: 'topic', title: 'Topic', type: 'single-text', page: 1 } }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const lakesideType = (await created.json()).data as { id: string; name: string };
      let savedId: string | undefined;
      try {
        await page.goto('/calendar');
        await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Create' }).click();
        await page.getByRole('menuitem', { name: 'New Recurring Event' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add/Update Entity or Task or Schedule Details' });
        const tenant = dialog.getByRole('combobox', { name: 'Tenant' });
        const entityType = dialog.getByRole('combobox', { name: 'Entity type' });
        // A new definition starts in the department the admin acts in, with its types.
        await expect(tenant).toHaveValue(TENANTS.riverside);
        await dialog.getByText('Create Schedule Item').click();
        await entityType.click();
        await expect(page.getByRole('option', { name: typeLabel })).toHaveCount(0);
        await page.getByRole('option', { name: 'Department Shifts' }).click();
        await dialog.getByRole('textbox', { name: 'Title' }).fill(title);

        // Picked for Lakeside: Riverside's type is cleared, and the list is Lakeside's.
        await tenant.click();
        await page.getByRole('option', { name: TENANTS.lakeside }).click();
        await expect(tenant).toHaveValue(TENANTS.lakeside);
        await expect(entityType).toHaveValue('');
        await entityType.click();
        await expect(page.getByRole('option', { name: typeLabel })).toBeVisible();
        await expect(page.getByRole('option', { name: 'Department Shifts' })).toHaveCount(0);
        await page.getByRole('option', { name: typeLabel }).click();
        // Its fields, read in Lakeside, are what the prefills offer.
        await dialog.getByRole('combobox', { name: 'Add a field' }).click();
        await page.getByRole('option', { name: 'Topic', exact: true }).click();
        await expect(dialog.locator('[data-prefill="topic"]')).toBeVisible();
        await dialog.locator('[data-prefill="topic"]').getByRole('textbox', { name: 'Topic' }).fill('Pump drill');
        const saving = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/calendar/events');
        await dialog.getByRole('button', { name: 'Save' }).click();
        const body = (await saving).postDataJSON();
        expect(body).toMatchObject({ tenant_id: lakeside, entity_type_id: lakesideType.id });
        expect(JSON.stringify(body.prefills.prefillFields.topic)).toContain('Pump drill');
        await expect(dialog.getByText('Saved successfully.')).toBeVisible();
        await dialog.getByRole('button', { name: 'Done' }).click();

        // Lakeside lists it; Riverside, where the page session acts, does not.
        const saved = (await definitionsOf(page, elsewhere.token)).find((d) => d.title === title);
        savedId = saved?.id;
        expect(saved?.tenant_id).toBe(lakeside);
        expect((await definitionsOf(page, session.token)).map((d) => d.title)).not.toContain(title);
      } finally {
        // Each run's definition and type go again.
        if (savedId) {
          const removed = await page.request.delete(`/api/calendar/events/${savedId}`, { headers: bearer(elsewhere.token) });
          expect(removed.status()).toBe(200);
        }
        await page.request.delete(`/api/entity-type/${lakesideType.id}`, { headers: bearer(elsewhere.token) });
      }
    });
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });

  test('[CALENDAR]: the phone shows the month only, with the day strip and its Schedule', async ({ page }) => {
    const stamp = `${Date.now()}`;
    await seedToday(page, stamp);
    await signInThroughApi(page, USERS.records.email);
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(page.getByTestId('calendar')).toHaveAttribute('data-view', 'month');
    await expect(page.getByRole('radiogroup', { name: 'View' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Schedule' }).getByText(`Hydrant test ${stamp}`)).toBeVisible();
    const strip = page.getByRole('listbox', { name: 'Day' });
    await expect(strip.getByRole('option', { selected: true })).toBeVisible();
    const box = await page.getByRole('button', { name: 'Day strip: next month' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await seriousOrCritical(page)).toEqual([]);
    await screenshotFor(page, 'calendar-phone');
  });
});
