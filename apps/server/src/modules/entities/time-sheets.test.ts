import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealBreak, timeSheet, workedShift } from '../../demo/entity-types/time-sheet.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { weekStartOf } from './time-sheets.ts';

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
