import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealBreak, timeSheet, workedShift } from '../../demo/entity-types/time-sheet.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { currentTimeSheet, punch, punchCard, weekStartOf } from './time-sheets.ts';

describe(`[TIME SHEETS] the punch card on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let member: Record<string, string>;
  let memberId: string;
  let colleague: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    test = await createTestApp();
    tenantA = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenantA.id }])).email);
    const m = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }]);
    memberId = m.id;
    member = await signIn(test, m.email);
    colleague = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }])).email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    for (const payload of [timeSheet(), workedShift(), mealBreak()]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) => test.app.inject({ method, url, headers });
  const shifts = () =>
    test.database.db.kysely
      .selectFrom('entity as e')
      .innerJoin('entity_type as t', 't.id', 'e.entity_type_id')
      .select(['e.id', 'e.data', 't.name', 'e.parent_entity_id'])
      .where('t.name', 'in', ['worked_shift', 'meal_break'])
      .orderBy('e.created_at')
      .execute();

  /** A member of tenant A as the services see them (for punches at chosen instants). */
  const memberAuth = async (): Promise<AuthContext> => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }]);
    return {
      userId: user.id,
      email: user.email,
      displayName: 'Member',
      tenantId: tenantA.id,
      actingRole: 'Tenant User',
      isGlobal: false,
      isGlobalAdmin: false,
      tokenHash: Buffer.alloc(32),
      signedInAsBy: null,
    };
  };

  it('week starts on Sunday', () => {
    expect(weekStartOf(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-15');
    expect(weekStartOf(new Date('2026-11-15T00:00:00Z'))).toBe('2026-11-15');
  });

  it('POST /time-sheets/current makes this week’s sheet once, with assignee, personnel and week_start', async () => {
    const first = await call('POST', '/api/time-sheets/current', member);
    expect(first.statusCode).toBe(200);
    const sheet = first.json().data;
    expect(sheet).toMatchObject({ assignee: memberId, week_start: { value: weekStartOf(new Date()) } });
    expect(sheet.personnel).toMatchObject({ id: expect.any(String) });
    expect(sheet.uri).toBe(`/entity/time_sheet/${sheet.id}`);
    const again = await Promise.all([call('POST', '/api/time-sheets/current', member), call('POST', '/api/time-sheets/current', member)]);
    for (const res of again) expect(res.json().data.id).toBe(sheet.id);
    const colleagues = (await call('POST', '/api/time-sheets/current', colleague)).json().data;
    expect(colleagues.id).not.toBe(sheet.id);
  });

  it('punches in, takes and finishes a break, punches out; refuses steps out of order', async () => {
    const sheet = (await call('POST', '/api/time-sheets/current', member)).json().data;
    const step = (name: string, who = member) => call('POST', `/api/entity/time_sheet/${sheet.id}/punch/${name}`, who);
    expect((await step('punch-out')).json().errors.step).toEqual(['You are not on shift.']);
    expect((await step('break-start')).json().errors.step).toEqual(['You are not on shift.']);
    const inRes = await step('punch-in');
    expect(inRes.statusCode).toBe(200);
    expect(inRes.json().card).toMatchObject({ on_shift: true, on_break: false, has_punched_today: true });
    expect(inRes.json().data.id).toBe(sheet.id);
    expect((await step('punch-in')).json().errors.step).toEqual(['You are already on shift.']);
    expect((await step('break-end')).json().errors.step).toEqual(['You are not on a break.']);
    expect((await step('break-start')).json().card).toMatchObject({ on_shift: true, on_break: true });
    const outOnBreak = await step('punch-out');
    expect(outOnBreak.statusCode).toBe(422);
    expect(outOnBreak.json().errors.step).toEqual(['Finish your break before punching out.']);
    expect((await step('break-end')).json().card).toMatchObject({ on_shift: true, on_break: false });
    const out = await step('punch-out');
    expect(out.json().card).toMatchObject({ on_shift: false, on_break: false, has_punched_today: true, shift_length_hours: null });
    const again = await step('punch-in');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.step).toEqual(['You have already punched in today.']);
    const rows = (await shifts()).filter((r) => r.parent_entity_id === sheet.id);
    expect(rows.map((r) => r.name)).toEqual(['worked_shift', 'meal_break']);
    for (const r of rows) {
      expect(r.data.time_sheet).toBe(sheet.id);
      expect((r.data.time_to as { value: string }).value >= (r.data.time_from as { value: string }).value).toBe(true);
    }
    const card = await call('GET', `/api/entity/time_sheet/${sheet.id}/punch`, member);
    expect(card.json().card.has_punched_today).toBe(true);
  });

  it('counts today and the week in the time zone sent, and writes the week on the sheet when a shift or break ends', async () => {
    const db = test.database.db.kysely;
    const auth = await memberAuth();
    const chicago = 'America/Chicago';
    const at = (iso: string) => ({ now: new Date(iso), timeZone: chicago });
    // Saturday 23:30 in Chicago is Sunday 05:30 in UTC: this week is the one of Sunday 15 November there.
    const sheet = await currentTimeSheet(db, auth, at('2026-11-22T05:30:00.000Z'));
    expect(sheet.week_start).toMatchObject({ value: '2026-11-15' });
    const utcSheet = await currentTimeSheet(db, auth, { now: new Date('2026-11-22T05:30:00.000Z') });
    expect(utcSheet.week_start).toMatchObject({ value: '2026-11-22' });
    expect(utcSheet.id).not.toBe(sheet.id);

    const step = (name: Parameters<typeof punch>[4], iso: string) => punch(db, auth, 'time_sheet', sheet.id, name, at(iso));
    await step('punch-in', '2026-11-21T15:00:00.000Z'); // Saturday 09:00
    await step('break-start', '2026-11-21T18:00:00.000Z');
    const afterBreak = await step('break-end', '2026-11-21T18:45:00.000Z');
    expect(afterBreak.card).toMatchObject({ on_shift: true, shifts_worked_this_week: 0, hours_worked_this_week: 0 });
    expect(afterBreak.data).toMatchObject({ shifts_worked_this_week: 0, hours_worked_this_week: 0, version: sheet.version + 1 });
    const out = await step('punch-out', '2026-11-22T03:00:00.000Z'); // Saturday 21:00
    expect(out.card).toMatchObject({ on_shift: false, has_punched_today: true, shifts_worked_this_week: 1, hours_worked_this_week: 11.25 });
    expect(out.data).toMatchObject({
      version: sheet.version + 2,
      shifts_worked_this_week: 1,
      hours_worked_this_week: 11.25,
      time_in_6: { value: '2026-11-21T15:00:00.000Z' },
      time_out_6: { value: '2026-11-22T03:00:00.000Z' },
      meal_break_6: 45,
    });
    const versions = await db.selectFrom('entity_version').select('version').where('entity_id', '=', sheet.id).execute();
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);

    // Still Saturday in Chicago: punched today; in UTC it is already Sunday.
    expect((await punchCard(db, auth, 'time_sheet', sheet.id, at('2026-11-22T05:30:00.000Z'))).has_punched_today).toBe(true);
    expect((await punchCard(db, auth, 'time_sheet', sheet.id, { now: new Date('2026-11-22T05:30:00.000Z') })).has_punched_today).toBe(
      false,
    );
    await expect(step('punch-in', '2026-11-22T05:30:00.000Z')).rejects.toMatchObject({
      errors: { step: ['You have already punched in today.'] },
    });
    // Sunday 00:30 in Chicago is a new day.
    expect((await punchCard(db, auth, 'time_sheet', sheet.id, at('2026-11-22T06:30:00.000Z'))).has_punched_today).toBe(false);
  });

  it('answers the week on punch-out through the API; a client holding the old version cannot save over it', async () => {
    const m = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }]);
    const who = await signIn(test, m.email);
    const zone = { time_zone: 'America/Chicago' };
    const sheet = (await test.app.inject({ method: 'POST', url: '/api/time-sheets/current', headers: who, payload: zone })).json().data;
    const step = (name: string) =>
      test.app.inject({ method: 'POST', url: `/api/entity/time_sheet/${sheet.id}/punch/${name}`, headers: who, payload: zone });
    expect((await step('punch-in')).statusCode).toBe(200);
    const out = await step('punch-out');
    expect(out.statusCode).toBe(200);
    expect(out.json().card).toMatchObject({ on_shift: false, shifts_worked_this_week: 1, hours_worked_this_week: expect.any(Number) });
    expect(out.json().data).toMatchObject({ shifts_worked_this_week: 1, version: sheet.version + 1 });
    const shown = await call('GET', `/api/entity/time_sheet/${sheet.id}`, who);
    expect(shown.json().data).toMatchObject({ shifts_worked_this_week: 1, hours_worked_this_week: expect.any(Number) });
    const stale = await test.app.inject({
      method: 'PUT',
      url: `/api/entity/time_sheet/${sheet.id}`,
      headers: who,
      payload: { version: sheet.version, call_back: true },
    });
    expect(stale.statusCode).toBe(409);
    // The totals are the punch card's: a member cannot type over them.
    const typed = await test.app.inject({
      method: 'PUT',
      url: `/api/entity/time_sheet/${sheet.id}`,
      headers: who,
      payload: { version: sheet.version + 1, shifts_worked_this_week: 9 },
    });
    expect(typed.statusCode).toBe(422);
  });

  it('refuses a time zone it does not know with 422, and takes none as UTC', async () => {
    const sheet = (await call('POST', '/api/time-sheets/current', colleague)).json().data;
    const bad = { time_zone: 'Mars/Olympus_Mons' };
    for (const [method, url, payload] of [
      ['POST', '/api/time-sheets/current', bad],
      ['POST', `/api/entity/time_sheet/${sheet.id}/punch/punch-in`, bad],
      ['POST', `/api/entity/time_sheet/${sheet.id}/punch/punch-in`, { time_zone: 42 }],
      ['GET', `/api/entity/time_sheet/${sheet.id}/punch?time_zone=${encodeURIComponent('+05:00')}`, undefined],
    ] as const) {
      const res = await test.app.inject({ method, url, headers: colleague, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.time_zone).toEqual(['The time zone is not valid.']);
    }
    expect((await shifts()).filter((r) => r.parent_entity_id === sheet.id)).toEqual([]);
    const fine = await test.app.inject({
      method: 'POST',
      url: '/api/time-sheets/current',
      headers: colleague,
      payload: { time_zone: null },
    });
    expect(fine.json().data.id).toBe(sheet.id);
    const card = await call('GET', `/api/entity/time_sheet/${sheet.id}/punch?time_zone=America%2FChicago`, colleague);
    expect(card.statusCode).toBe(200);
  });

  it('lets only the assignee or someone with update punch; not another tenant; bad steps are 422', async () => {
    const sheet = (await call('POST', '/api/time-sheets/current', member)).json().data;
    expect((await call('POST', `/api/entity/time_sheet/${sheet.id}/punch/punch-in`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/entity/time_sheet/${sheet.id}/punch/dance`, member)).statusCode).toBe(422);
    await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers: chief,
      payload: { tenant: tenantA.id, role: 'Tenant User', permissions: { time_sheet: { update: false } } },
    });
    const before = (await shifts()).length;
    expect((await call('POST', `/api/entity/time_sheet/${sheet.id}/punch/break-start`, colleague)).statusCode).toBe(403);
    expect((await shifts()).length).toBe(before);
    await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers: chief,
      payload: { tenant: tenantA.id, role: 'Tenant User', permissions: { time_sheet: { update: null, view: false } } },
    });
    expect((await call('POST', '/api/time-sheets/current', member)).statusCode).toBe(403);
    await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers: chief,
      payload: { tenant: tenantA.id, role: 'Tenant User', permissions: { time_sheet: { view: null } } },
    });
    expect((await call('POST', '/api/time-sheets/current', other)).statusCode).toBe(404);
  });
});
