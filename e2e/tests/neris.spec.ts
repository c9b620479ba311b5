import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createRecordApi, mouseAway } from '../support/records.ts';
import { signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

// The firefighter adds NERIS Incident records numbered E2E-{Date.now()} (support/users.ts); nothing else changes.

const at = (iso: string) => ({ value: iso });

/** What the dispatcher and the engine's crew already recorded: a structure fire report still without its fire module. */
function startedReport(number: string) {
  const unit = (id: string, onScene: string) => ({
    unit_id_reported: id,
    unit_staffing_reported: 4,
    unit_response_mode: 'EMERGENT',
    time_dispatch: at('2026-03-14T22:42:07Z'),
    time_enroute_to_scene: at('2026-03-14T22:43:07Z'),
    time_on_scene: at(onScene),
    time_unit_clear: at('2026-03-15T00:16:07Z'),
  });
  return {
    fd_neris_id: 'FD42045001',
    incident_internal_id: number,
    incident_actions_taken: ['SUPPRESSION||STRUCTURAL_FIRE_SUPPRESSION||INTERIOR'],
    incident_narrative_outcome: 'Kitchen fire confined to the room of origin.',
    incident_narrative_impediment: 'None.',
    dispatch_time_call_arrival: at('2026-03-14T22:41:07Z'),
    dispatch_time_call_answering: at('2026-03-14T22:41:13Z'),
    dispatch_time_call_create: at('2026-03-14T22:41:55Z'),
    time_incident_clear: at('2026-03-15T00:16:55Z'),
    an_number: 412,
    sn_street_name: 'Oak',
    sn_post_type: 'STREET',
    csop_incorporated_muni: 'Riverside',
    csop_state: 'PA',
    incident_point: { lat: 40.6581, lng: -75.3907 },
    incident_people_present: false,
    use_type: 'RESIDENTIAL||ATTACHED_SINGLE_FAMILY_DWELLING',
    use_status: true,
    use_intended: true,
    incident_rescue_animal: 0,
    unit_response: [unit('E21', '2026-03-14T22:48:07Z'), unit('L21', '2026-03-14T22:50:07Z')],
    time_command_established: at('2026-03-14T22:48:30Z'),
    time_sizeup_completed: at('2026-03-14T22:49:10Z'),
    time_water_on_fire: at('2026-03-14T22:51:15Z'),
    time_fire_knocked_down: at('2026-03-14T22:58:02Z'),
    time_fire_under_control: at('2026-03-14T23:04:45Z'),
    time_suppression_complete: at('2026-03-14T23:30:00Z'),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks an option of a dropdown field by its label; `search` types into its filter first. */
async function pick(page: Page, field: string, option: string, search?: string) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(field)}`) }).first();
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).first().click();
  // A multi-select keeps its list open after a choice: close it so it covers nothing below.
  await page.keyboard.press('Escape');
  await mouseAway(page);
}

/** A page of the navigator; a page with errors is marked '*' (spec 02 §2). */
async function openPage(page: Page, label: string) {
  const name = new RegExp(`^${escapeRegExp(label)}( \\*)?$`);
  await page.getByRole('navigation', { name: 'Record pages' }).getByRole('button', { name }).click();
}

async function save(page: Page) {
  await mouseAway(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
}

async function enableEditing(page: Page) {
  const toggle = page.getByRole('switch', { name: 'Enable Editing' });
  if ((await toggle.count()) && !(await toggle.isChecked())) await toggle.check();
  await expect(page.getByText('Edit Mode')).toBeVisible();
}

/** The status selector works in edit mode (spec 02 §4): editing first, then Change Status To. */
async function changeStatus(page: Page, transition: string) {
  await enableEditing(page);
  await page.getByRole('button', { name: /^Status: / }).click();
  await page.getByRole('dialog', { name: 'Change Status To' }).getByRole('button', { name: transition }).click();
}

test('[NERIS]: a firefighter fills a structure-fire report, fixes the missing core elements, reaches NERIS Ready and exports the JSON', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const session = await signInThroughApi(page, USERS.firefighter.email);
  const number = `E2E-${Date.now()}`;
  const record = await createRecordApi(page.request, session, 'neris_incident', startedReport(number));
  await page.goto(`/entity/neris_incident/${record.id}`);
  // The NERIS type is large (11 pages, value sets of hundreds of options): its first load gets longer.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`NERIS ${number}`, { timeout: 60_000 });
  const pages = page.getByRole('navigation', { name: 'Record pages' });
  await expect(pages.getByRole('button', { name: 'Fire', exact: true })).toHaveCount(0);

  await test.step('the incident type, from the three-level picker, brings the fire module', async () => {
    await enableEditing(page);
    await pick(page, 'Incident type', 'Structure Fire › Room and Contents Fire', 'room contents');
    await expect(pages.getByRole('button', { name: 'Fire', exact: true })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Risk Reduction', exact: true })).toBeVisible();
    await openPage(page, 'Fire');
    await pick(page, 'Fire water supply', 'Hydrant (Est. Flow > 500 gpm)');
    await pick(page, 'Fire investigation need', 'No - Cause Obvious');
    await save(page);
  });

  await test.step('NERIS Ready is refused: the missing core elements are named on the fields and in the NERIS panel', async () => {
    await changeStatus(page, 'Mark as NERIS Ready');
    await expect(page.getByText('The status was not changed: fix the problems listed first.')).toBeVisible();
    const panel = page.getByRole('region', { name: 'NERIS' }).or(page.locator('[aria-label="NERIS"]'));
    const problems = panel.getByRole('alert');
    await expect(problems).toContainText('Structure damage is a required field.');
    await expect(problems).toContainText('Fire investigation type is a required field.');
    await expect(problems).toContainText('Smoke alarm presence is a required field.');
    await expect(page.getByRole('button', { name: /^Status: Created/ })).toBeVisible();
    // The NERIS panel and the notification (the form's fields in their error state are the field registry's).
    const results = await new AxeBuilder({ page }).include('[aria-label="NERIS"]').include('.mantine-Notifications-root').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  await test.step('the firefighter fixes them and reaches NERIS Ready', async () => {
    await enableEditing(page);
    await openPage(page, 'Fire');
    await pick(page, 'Fire investigation type', 'Investigated by On-Scene Operational Resources');
    await pick(page, 'Fire suppression appliance', 'Medium Diameter (2 inch to 3 inch) Fire Hose');
    await page
      .getByRole('group', { name: /^Structure progression conditions/ })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await pick(page, 'Structure arrival conditions', 'Smoke Showing');
    await pick(page, 'Structure damage', 'Moderate (Flame / Water / Smoke Damage, Possible Occupant Displacement)');
    await page.getByRole('textbox', { name: /^Structure floor of origin/ }).fill('1');
    await pick(page, 'Structure room of origin', 'Kitchen');
    await pick(page, 'Structure fire cause', 'Cooking');
    await openPage(page, 'Risk Reduction');
    for (const alarm of ['Smoke alarm presence', 'Fire alarm presence', 'Other alarm presence', 'Fire suppression presence']) {
      await pick(page, alarm, 'Not Present');
    }
    await save(page);
    await changeStatus(page, 'Mark as NERIS Ready');
    await expect(page.getByText('Status Updated Successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Status: NERIS Ready/ })).toBeVisible();
  });

  await test.step('the incident JSON is exported, shaped as the NERIS API payload', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export NERIS JSON' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`NERIS-${number}.json`);
    const payload = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(payload.base).toMatchObject({ department_neris_id: 'FD42045001', incident_number: number });
    expect(payload.incident_types).toEqual([{ type: 'FIRE||STRUCTURE_FIRE||ROOM_AND_CONTENTS_FIRE', primary: true }]);
    expect(payload.fire_detail).toMatchObject({
      water_supply: 'HYDRANT_GREATER_500',
      location_detail: {
        type: 'STRUCTURE',
        damage_type: 'MODERATE_DAMAGE',
        cause: 'COOKING',
        room_of_origin_type: 'KITCHEN',
        floor_of_origin: 1,
      },
    });
    expect(payload.smoke_alarm).toEqual({ presence: { type: 'NOT_PRESENT' } });
  });
});
