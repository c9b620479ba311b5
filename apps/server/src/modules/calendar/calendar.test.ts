import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { recordCalendarItem, virtualCalendarItem } from '@turnout/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withContext } from '../../platform/db/tenancy.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { loadFutureEntities } from './occurrences.ts';
import { itemsAnswerStream, RECORD_BATCH } from './service.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

interface Item {
  id: string;
  entity: { id: string; type: string } | null;
  start: string;
  end: string | null;
  title: string;
  color: string | null;
  virtual: boolean;
  /** Virtual items only: a record's item has no virtual_event_* fields. */
  virtual_event_id?: string;
  virtual_event_signature?: string;
  filters: string[];
}

describe(`[CALENDAR] calendar calls and recurring events on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;
  let alphaId: string;
  let bravoId: string;
  let shiftType: { id: string; name: string };
  let drillType: { id: string; name: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const month = async (headers: Record<string, string>, path = '11.2026') => {
    const res = await call('GET', `/api/calendar/events-month/${path}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The answer is written as JSON text (service.ts WrittenItem): it must still be the contract's items, no more.
    return z
      .object({ data: z.array(z.discriminatedUnion('virtual', [recordCalendarItem.strict(), virtualCalendarItem.strict()])) })
      .strict()
      .parse(res.json()).data as Item[];
  };
  const makeType = async (label: string, objectData: Record<string, unknown>, fields: unknown[]) => {
    const res = await call('POST', '/api/entity-type', chief, {
      label,
      object_data: objectData,
      allowed_transitions: [{ name: 'mark_as_created' }],
      fields,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: string; name: string };
  };
  const definition = (extra: Record<string, unknown> = {}) => ({
    entity_type_id: shiftType.id,
    title: 'A Shift',
    event_key: 'shift_24_48',
    platoon: 'A',
    origin_day: '2026-11-01',
    start_time: '07:00',
    duration_minutes: 1440,
    time_zone: 'America/Chicago',
    prefills: { prefillFields: { crew: 'A platoon' } },
    ...extra,
  });
  /** A definition of no platoon and no prefills, on another type. */
  const scheduled = (typeId: string, title: string, event_key: string) =>
    call(
      'POST',
      '/api/calendar/events',
      chief,
      definition({ entity_type_id: typeId, title, event_key, platoon: undefined, prefills: { prefillFields: {} } }),
    );
  const definitions = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('recurring_event')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    test = await createTestApp();
    const alpha = await makeTenant(test, 'Alpha');
    alphaId = alpha.id;
    const bravo = await makeTenant(test, 'Bravo');
    bravoId = bravo.id;
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: alpha.id }])).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alpha.id }])).email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: bravo.id }])).email);
    shiftType = await makeType(
      'Station Shift',
      {
        visible_on_calendar: ['Shifts'],
        start_datetime_field: 'starts',
        end_datetime_field: 'ends',
        calendar_color: '#d9480f',
        formtitle: '{crew}',
      },
      [f('crew', 'single-text'), f('starts', 'date-time-picker'), f('ends', 'date-time-picker')],
    );
    drillType = await makeType('Drill', { visible_on_calendar: ['Training'], formtitle: '{topic}' }, [f('topic', 'single-text')]);
    await makeType('Hidden Log', { formtitle: '{note}' }, [f('note', 'single-text')]);
  });
  afterAll(() => test.close());

  it('refuses callers without a session (401)', async () => {
    for (const url of ['/api/calendar/events/definitions', '/api/calendar/events-month/11.2026', '/api/calendar/events/upcoming-for/x']) {
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('places records by their date fields with the type colour, and types without date fields by creation', async () => {
    const shift = await call('POST', `/api/entity/${shiftType.name}`, chief, {
      crew: 'Engine 1',
      starts: { value: '2026-11-10T13:00:00Z' },
      ends: { value: '2026-11-11T13:00:00Z' },
    });
    expect(shift.statusCode, shift.body).toBe(201);
    await call('POST', `/api/entity/${shiftType.name}`, chief, { crew: 'Far away', starts: { value: '2027-05-01T13:00:00Z' } });
    const drill = await call('POST', `/api/entity/${drillType.name}`, chief, { topic: 'Ladders' });
    expect(drill.statusCode, drill.body).toBe(201);
    await call('POST', '/api/entity/hidden_log', chief, { note: 'not on the calendar' });

    const now = new Date();
    const items = await month(chief, `${now.getUTCMonth() + 1}.${now.getUTCFullYear()}`);
    expect(items.find((i) => i.title === 'Ladders')).toMatchObject({
      virtual: false,
      entity: { type: drillType.name },
      filters: ['Training'],
    });
    const november = await month(chief);
    const engine = november.find((i) => i.title === 'Engine 1');
    expect(engine).toMatchObject({
      id: shift.json().data.id,
      start: '2026-11-10T13:00:00.000Z',
      end: '2026-11-11T13:00:00.000Z',
      color: '#d9480f',
      virtual: false,
      filters: ['Shifts'],
    });
    expect(november.some((i) => i.title === 'Far away' || i.title === 'not on the calendar')).toBe(false);
    const byType = (await call('GET', `/api/calendar/events-month/11.2026/entity-type/${drillType.id}`, chief)).json().data as Item[];
    expect(byType.some((i) => i.title === 'Engine 1')).toBe(false);
  });

  it('the shift schedule: a page of records overlapping the range, each with its assignee by name or none', async () => {
    const crew = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: alphaId }]);
    const add = (body: Record<string, unknown>) => call('POST', `/api/entity/${shiftType.name}`, chief, body);
    const assigned = await add({
      crew: 'Engine 2',
      starts: { value: '2026-11-20T13:00:00Z' },
      ends: { value: '2026-11-21T13:00:00Z' },
      assignee: crew.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    // Started the day before the window, still on when it opens.
    expect(
      (await add({ crew: 'Straddling', starts: { value: '2026-11-18T13:00:00Z' }, ends: { value: '2026-11-19T13:00:00Z' } })).statusCode,
    ).toBe(201);
    expect((await add({ crew: 'Later', starts: { value: '2026-11-25T13:00:00Z' } })).statusCode).toBe(201);
    const schedule = (headers: Record<string, string>, from: string, to: string, type = shiftType.name) =>
      call('GET', `/api/calendar/shift-schedule/${type}?from=${from}&to=${to}`, headers);
    const res = await schedule(firefighter, '2026-11-19T00:00:00Z', '2026-11-22T00:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: { title: string; assignee: unknown; start: string; end: string; color: string }[];
      meta: Record<string, number>;
    };
    expect(body.data.map((i) => i.title)).toEqual(['Straddling', 'Engine 2']);
    expect(body.data[1]).toMatchObject({
      start: '2026-11-20T13:00:00.000Z',
      end: '2026-11-21T13:00:00.000Z',
      color: '#d9480f',
      assignee: { id: crew.id, name: `Name ${crew.email.split('@')[0]}` },
    });
    expect(body.data[0]!.assignee).toBeNull();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 192, total: 2, last_page: 1 });

    // Saving refuses another department's user, but a record may hold one from before (an import,
    // a removed member): the schedule never shows that user's name.
    const outsider = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: bravoId }]);
    await withContext(test.database.db.kysely, { tenantId: alphaId, userId: null, isGlobal: false }, (tx) =>
      sql`UPDATE entity SET assignee = ${outsider.id}::uuid WHERE id = ${assigned.json().data.id}::uuid`.execute(tx),
    );
    const stray = await schedule(firefighter, '2026-11-19T00:00:00Z', '2026-11-22T00:00:00Z');
    expect(stray.json().data[1].assignee).toEqual({ id: outsider.id, name: 'Unknown' });
    expect(stray.body).not.toContain(`Name ${outsider.email.split('@')[0]}`);

    // Bad ranges are 422 per field; another tenant's type is not found; another tenant sees none of Alpha's.
    const backwards = await schedule(chief, '2026-11-22T00:00:00Z', '2026-11-19T00:00:00Z');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The end must not be before the start.'] });
    const wide = await schedule(chief, '2026-10-01T00:00:00Z', '2026-12-01T00:00:00Z');
    expect(wide.json().errors).toEqual({ to: ['The schedule shows at most 31 days.'] });
    const garbled = await schedule(chief, 'yesterday', '2026-12-01T00:00:00Z');
    expect(garbled.statusCode).toBe(422);
    expect(garbled.json().errors.from).toBeDefined();
    expect((await schedule(other, '2026-11-19T00:00:00Z', '2026-11-22T00:00:00Z')).statusCode).toBe(404);
  });

  it('expands a 24/48 definition into virtual occurrences at 07:00 local across the DST change', async () => {
    const res = await call('POST', '/api/calendar/events', chief, definition({ origin_day: '2026-10-30' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Recurring event saved.', data: { event_key: 'shift_24_48', entityType: shiftType.name } });
    const id = res.json().data.id as string;
    const virtual = (await month(chief)).filter((i) => i.virtual_event_id === id);
    // 30 October in daylight time (UTC-5), then 2 and 5 November after DST ended on 1 November (UTC-6).
    expect(virtual.map((i) => i.start).slice(0, 3)).toEqual([
      '2026-10-30T12:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
      '2026-11-05T13:00:00.000Z',
    ]);
    expect(virtual[0]).toMatchObject({ end: '2026-10-31T12:00:00.000Z', entity: null, color: '#d9480f', title: 'A Shift', virtual: true });
    expect(virtual[0]!.virtual_event_signature).toBe(`${id}|2026-10-30T12:00:00.000Z`);
    expect((await call('GET', '/api/calendar/events/definitions', chief)).json().data.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('opening an occurrence makes its record once, with the prefills and dates; it leaves the virtual list', async () => {
    const id = (await call('POST', '/api/calendar/events', chief, definition({ title: 'B Shift', platoon: 'B' }))).json().data.id as string;
    const start = '2026-11-05T13:00:00.000Z';
    const first = await call('POST', `/api/calendar/events/${id}/occurrence`, chief, { start });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ type: shiftType.name, created: true });
    const again = await call('POST', `/api/calendar/events/${id}/occurrence`, firefighter, { start });
    expect(again.json().data).toEqual({ ...first.json().data, created: false });
    const record = (await call('GET', `/api/entity/${shiftType.name}/${first.json().data.entity_id}`, chief)).json().data;
    expect(record).toMatchObject({ crew: 'A platoon', starts: { value: start }, ends: { value: '2026-11-06T13:00:00.000Z' } });
    const items = await month(chief);
    expect(items.filter((i) => i.virtual_event_id === id).map((i) => i.start)).not.toContain(start);
    expect(items.find((i) => i.id === first.json().data.entity_id)).toMatchObject({ start, virtual: false });
    const origin = (await call('GET', `/api/calendar/events/origin/${first.json().data.entity_id}`, chief)).json().data;
    expect(origin).toMatchObject({ recurring_event_id: id, starts_at: start, active: true });
    const notOne = await call('POST', `/api/calendar/events/${id}/occurrence`, chief, { start: '2026-11-06T13:00:00.000Z' });
    expect(notOne.statusCode).toBe(422);
  });

  it('the daily job makes the records due exactly once, also when two runs overlap', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const res = await call(
      'POST',
      '/api/calendar/events',
      chief,
      definition({ title: 'Daily check', event_key: 'daily', origin_day: '2026-11-20', platoon: undefined }),
    );
    const id = res.json().data.id as string;
    await test.database.db.kysely
      .updateTable('recurring_event')
      .set({ active_at: new Date('2026-11-20T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    const made = await Promise.all([
      loadFutureEntities(test.database.db.kysely, {}, now),
      loadFutureEntities(test.database.db.kysely, {}, now),
    ]);
    expect(made[0]! + made[1]!).toBeGreaterThan(0);
    expect(await loadFutureEntities(test.database.db.kysely, {}, now)).toBe(0);
    const rows = await test.database.db.kysely
      .selectFrom('recurring_event_occurrence')
      .select(['starts_at', 'entity_id'])
      .where('recurring_event_id', '=', id)
      .execute();
    // 07:00 Chicago on 1 December is 13:00 UTC: the one occurrence in the next day.
    expect(rows.map((r) => r.starts_at.toISOString())).toEqual(['2026-12-01T13:00:00.000Z']);
    const records = await test.database.db.kysely
      .selectFrom('entity')
      .select('id')
      .where('offline_id', 'like', `recurring-event:${id}:%`)
      .execute();
    expect(records).toHaveLength(1);
  });

  it('bad input is 422 with per-field messages and saves nothing', async () => {
    const before = await definitions();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ event_key: 'custom', custom_key: 'repeat_every_n_days', custom_key_n: 0 }, 'custom_key_n', 'The interval must be at least 1.'],
      [
        { event_key: 'custom', custom_key: 'repeat_every_n_weeks', custom_key_n: 1, on_day_of_period: [9] },
        'on_day_of_period',
        'The day is outside its period.',
      ],
      [{ ends_on: '2026-10-01' }, 'ends_on', 'The end must not be before the start.'],
      [{ event_key: 'every_full_moon' }, 'event_key', 'The repeat must be one of the listed presets.'],
      [{ entity_type_id: '00000000-0000-4000-8000-000000000000' }, 'entity_type_id', 'The selected entity type is invalid.'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', ''],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('POST', '/api/calendar/events', chief, definition(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors[field], res.body).toBeDefined();
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await call('GET', '/api/calendar/events-month/13.2026', chief)).statusCode).toBe(422);
    expect((await call('GET', '/api/calendar/events-month/november', chief)).statusCode).toBe(422);
    expect(await definitions()).toBe(before);
  });

  it('another tenant sees none of it and cannot read, change or delete a definition (404)', async () => {
    const id = (await call('POST', '/api/calendar/events', chief, definition({ title: 'Alpha only' }))).json().data.id as string;
    const theirs = await month(other);
    expect(theirs.some((i) => i.title === 'Alpha only' || i.title === 'Engine 1' || i.title === 'Ladders')).toBe(false);
    expect((await call('GET', '/api/calendar/events/definitions', other)).json().data).toEqual([]);
    expect((await call('GET', `/api/calendar/events/${id}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/api/calendar/events/${id}`, other, definition())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/calendar/events/${id}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/calendar/events/${id}/occurrence`, other, { start: '2026-11-01T12:00:00.000Z' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/calendar/events-month/11.2026/entity-type/${shiftType.id}`, other)).json().data).toEqual([]);
    // A definition for another tenant's type is refused.
    const foreign = await call('POST', '/api/calendar/events', other, definition());
    expect(foreign.json().errors).toEqual({ entity_type_id: ['The selected entity type is invalid.'] });
  });

  it('a role that cannot view a type gets none of its records or events; one that cannot create it cannot schedule it', async () => {
    const id = (await call('POST', '/api/calendar/events', chief, definition({ title: 'Viewable until now' }))).json().data.id as string;
    const deny = (permissions: Record<string, unknown>) =>
      call('POST', '/api/permissions-v2', chief, { tenant: alphaId, role: 'Tenant User', permissions: { [shiftType.name]: permissions } });
    expect((await deny({ create: false })).statusCode).toBe(200);
    const refused = await call('POST', '/api/calendar/events', firefighter, definition());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ entity_type_id: ['You may not create records of this type from a recurring event.'] });
    expect((await month(firefighter)).some((i) => i.title === 'Viewable until now')).toBe(true);
    // The dialog's source types leave it out too, as the save would refuse it.
    const sources = await call('GET', '/api/calendar/events/source-types', firefighter);
    expect(sources.statusCode, sources.body).toBe(200);
    expect(sources.json().data.map((t: { name: string }) => t.name)).not.toContain(shiftType.name);
    expect((await call('GET', '/api/calendar/events/source-types', chief)).json().data.map((t: { name: string }) => t.name)).toContain(
      shiftType.name,
    );

    expect((await deny({ view: false, create: false })).statusCode).toBe(200);
    const items = await month(firefighter);
    expect(items.some((i) => i.entity?.type === shiftType.name || i.virtual)).toBe(false);
    expect(items.some((i) => i.title === 'Ladders')).toBe(true);
    expect((await call('GET', '/api/calendar/events/definitions', firefighter)).json().data).toEqual([]);
    expect((await call('GET', `/api/calendar/events/${id}`, firefighter)).statusCode).toBe(404);
    expect((await call('GET', `/api/calendar/events/upcoming-for/${shiftType.id},${drillType.id}`, firefighter)).statusCode).toBe(200);
    expect(((await call('GET', `/api/calendar/events/upcoming-for/${shiftType.id}`, firefighter)).json().data as Item[]).length).toBe(0);
    const schedule = `/api/calendar/shift-schedule/${shiftType.name}?from=2026-11-19T00:00:00Z&to=2026-11-22T00:00:00Z`;
    expect((await call('GET', schedule, firefighter)).statusCode).toBe(403);
  });

  it("the dialog's source types follow the tenant a global admin picks; anyone else naming another tenant is refused (403)", async () => {
    const admin = await signIn(test, (await makeGlobalAdmin(test)).email);
    const created = await call('POST', '/api/entity-type', other, {
      label: 'Bravo Drill',
      object_data: { visible_on_calendar: ['Training'], formtitle: '{topic}' },
      allowed_transitions: [{ name: 'mark_as_created' }],
      fields: [f('topic', 'single-text')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const bravoType = created.json().data as { id: string; name: string };
    const names = async (headers: Record<string, string>, tenant?: string) => {
      const res = await call('GET', `/api/calendar/events/source-types${tenant ? `?tenant_id=${tenant}` : ''}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((t) => t.name);
    };
    const inBravo = await names(admin, bravoId);
    const inAlpha = await names(admin, alphaId);
    expect(inBravo).toContain(bravoType.name);
    expect(inBravo).not.toContain(shiftType.name);
    expect(inAlpha).toEqual(expect.arrayContaining([shiftType.name, drillType.name]));
    expect(inAlpha).not.toContain(bravoType.name);
    // The excluded modules are never sources, though the admin may view them.
    for (const excluded of ['personnel', 'apparatus', 'tenant']) expect([...inAlpha, ...inBravo]).not.toContain(excluded);
    // Without a tenant: the acting one; the same tenant named: the same list.
    expect(await names(chief)).toEqual(await names(chief, alphaId));
    expect(await names(other)).toContain(bravoType.name);
    for (const [headers, tenant] of [
      [other, alphaId],
      [chief, bravoId],
      [firefighter, bravoId],
    ] as const) {
      expect((await call('GET', `/api/calendar/events/source-types?tenant_id=${tenant}`, headers)).statusCode).toBe(403);
    }
    // One source type in full (its fields, for the prefills), in the picked tenant only.
    const full = await call('GET', `/api/calendar/events/source-types/${bravoType.id}?tenant_id=${bravoId}`, admin);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.id).toBe(bravoType.id);
    expect(full.json().data.fields.map((x: { field_data: { property: string } }) => x.field_data.property)).toContain('topic');
    expect((await call('GET', `/api/calendar/events/source-types/${bravoType.id}?tenant_id=${alphaId}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/calendar/events/source-types/${bravoType.id}?tenant_id=${bravoId}`, chief)).statusCode).toBe(403);
    expect((await call('GET', `/api/calendar/events/source-types/${bravoType.id}`, chief)).statusCode).toBe(404);
    expect((await call('GET', `/api/calendar/events/source-types/${bravoType.id}`, other)).statusCode).toBe(200);
    const unknown = await call('GET', '/api/calendar/events/source-types?tenant_id=00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(422);
    // At global level with no tenant picked: the tenant must be selected first.
    expect((await call('GET', '/api/calendar/events/source-types', admin)).statusCode).toBe(403);
    // A type of the picked tenant saves there.
    const made = await call(
      'POST',
      '/api/calendar/events',
      admin,
      definition({
        entity_type_id: bravoType.id,
        tenant_id: bravoId,
        title: 'Bravo drill night',
        event_key: 'weekly',
        platoon: undefined,
        prefills: { prefillFields: {} },
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ tenant_id: bravoId, entity_type_id: bravoType.id });
    // Bravo's own chief sees it, and removes it (Bravo has no definitions in the other tests).
    expect((await call('DELETE', `/api/calendar/events/${made.json().data.id}`, other)).statusCode).toBe(200);
  });

  it('updates and deletes a definition: deleted, it makes no more occurrences', async () => {
    const id = (await call('POST', '/api/calendar/events', chief, definition({ title: 'To change' }))).json().data.id as string;
    const updated = await call('PUT', `/api/calendar/events/${id}`, chief, definition({ title: 'Changed', event_key: 'weekly' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Changed', event_key: 'weekly' });
    expect(updated.json().data.platoon).toBeUndefined();
    expect((await month(chief)).filter((i) => i.virtual_event_id === id)).toHaveLength(6);
    expect((await call('DELETE', `/api/calendar/events/${id}`, chief)).json()).toEqual({ message: 'Recurring event deleted.' });
    expect((await month(chief)).some((i) => i.virtual_event_id === id)).toBe(false);
    expect((await call('GET', `/api/calendar/events/${id}`, chief)).statusCode).toBe(404);
  });

  it("prefills: values of the type's fields, checked by the field registry; unknown fields, bad values and fields the role may not see or change are 422 per field, nothing saved", async () => {
    const drill = await makeType(
      'Prefilled Drill',
      { visible_on_calendar: ['Training'], start_datetime_field: 'starts', formtitle: '{topic}' },
      [
        f('topic', 'single-text'),
        f('hours', 'number-entry'),
        f('starts', 'date-time-picker'),
        f('secret', 'single-text', { permissions: { visible_to: ['Tenant Admin'] } }),
        f('chiefs_note', 'single-text', { permissions: { modifiable_by: ['Tenant Admin'] } }),
        f('photo', 'single-file'),
      ],
    );
    const body = (prefillFields: Record<string, unknown>) =>
      definition({ entity_type_id: drill.id, title: 'Prefilled', event_key: 'weekly', platoon: undefined, prefills: { prefillFields } });
    const before = await definitions();
    const bad = await call(
      'POST',
      '/api/calendar/events',
      chief,
      body({ topic: 'Ladders', nope: 'x', hours: 'many', starts: { value: '2026-11-01T12:00:00Z' }, photo: [] }),
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toEqual({
      'prefills.nope': ['This field does not exist.'],
      'prefills.hours': [expect.any(String)],
      'prefills.starts': ['Each occurrence sets this field.'],
      'prefills.photo': ['This field cannot be prefilled.'],
    });
    // The firefighter cannot see 'secret' (answered like a field that does not exist) nor change 'chiefs_note'.
    const theirs = await call('POST', '/api/calendar/events', firefighter, body({ secret: 'x', chiefs_note: 'y' }));
    expect(theirs.statusCode, theirs.body).toBe(422);
    expect(theirs.json().errors).toEqual({
      'prefills.secret': ['This field does not exist.'],
      'prefills.chiefs_note': ['You may not change this field.'],
    });
    expect(await definitions()).toBe(before);

    const saved = await call(
      'POST',
      '/api/calendar/events',
      chief,
      body({ topic: 'Ladders', hours: 2, secret: 'Tower 3', chiefs_note: '' }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id as string;
    // Empty values are no prefill; editing shows the stored values again.
    const shown = (await call('GET', `/api/calendar/events/${id}`, chief)).json().data;
    expect(shown.prefills.prefillFields).toEqual({ topic: 'Ladders', hours: 2, secret: 'Tower 3' });
    const changed = await call('PUT', `/api/calendar/events/${id}`, chief, body({ topic: 'Hose lays', hours: 'x' }));
    expect(changed.statusCode).toBe(422);
    expect((await call('GET', `/api/calendar/events/${id}`, chief)).json().data.prefills.prefillFields.topic).toBe('Ladders');
    // prefillEntity: a record of the source type the person may view; another type's or an unknown one is refused.
    const source = (await call('POST', `/api/entity/${drill.name}`, chief, { topic: 'Source' })).json().data.id as string;
    const shift = (await call('POST', `/api/entity/${shiftType.name}`, chief, { crew: 'Other type' })).json().data.id as string;
    for (const wrong of [shift, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('PUT', `/api/calendar/events/${id}`, chief, {
        ...body({ topic: 'Ladders' }),
        prefills: { prefillFields: { topic: 'Ladders' }, prefillEntity: wrong },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ 'prefills.prefillEntity': ['The selected record is invalid.'] });
    }
    const linked = await call('PUT', `/api/calendar/events/${id}`, chief, {
      ...body({ topic: 'Ladders', hours: 2, secret: 'Tower 3' }),
      prefills: { prefillFields: { topic: 'Ladders', hours: 2, secret: 'Tower 3' }, prefillEntity: source },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.prefills.prefillEntity).toBe(source);
    // The record of an occurrence starts with them.
    const start = (await month(chief)).find((i) => i.virtual_event_id === id)!.start;
    const made = (await call('POST', `/api/calendar/events/${id}/occurrence`, chief, { start })).json().data;
    const record = (await call('GET', `/api/entity/${drill.name}/${made.entity_id}`, chief)).json().data;
    expect(record).toMatchObject({ topic: 'Ladders', hours: 2, secret: 'Tower 3' });
  });

  it('a global admin picks the tenant a definition is for; anyone else naming another tenant is refused (403), nothing saved', async () => {
    const admin = await signIn(test, (await makeGlobalAdmin(test)).email);
    const before = await definitions();
    // Acting at global level with no tenant picked: the tenant must be selected first.
    expect((await call('POST', '/api/calendar/events', admin, definition({ title: 'Nowhere' }))).statusCode).toBe(403);
    const unknown = await call('POST', '/api/calendar/events', admin, definition({ tenant_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ tenant_id: ['The selected tenant is invalid.'] });
    // Bravo's chief and Alpha's firefighter may not pick a tenant other than their own.
    for (const [headers, tenant] of [
      [other, alphaId],
      [firefighter, bravoId],
      [chief, bravoId],
    ] as const) {
      const res = await call('POST', '/api/calendar/events', headers, definition({ title: 'Elsewhere', tenant_id: tenant }));
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await definitions()).toBe(before);

    const made = await call('POST', '/api/calendar/events', admin, definition({ title: 'Set by the vendor', tenant_id: alphaId }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ tenant_id: alphaId, title: 'Set by the vendor' });
    const id = made.json().data.id as string;
    expect((await call('GET', '/api/calendar/events/definitions', chief)).json().data.map((d: { id: string }) => d.id)).toContain(id);
    expect((await call('GET', '/api/calendar/events/definitions', other)).json().data).toEqual([]);
    const renamed = await call('PUT', `/api/calendar/events/${id}`, admin, definition({ title: 'Renamed', tenant_id: alphaId }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Naming Bravo does not move it there: Bravo has no such definition.
    expect((await call('PUT', `/api/calendar/events/${id}`, admin, definition({ tenant_id: bravoId }))).statusCode).toBe(404);

    // The daily job makes its records as the global admin, who holds no role in Alpha.
    const daily = await call(
      'POST',
      '/api/calendar/events',
      admin,
      definition({ title: 'Vendor daily', event_key: 'daily', platoon: undefined, origin_day: '2026-12-01', tenant_id: alphaId }),
    );
    expect(daily.statusCode, daily.body).toBe(201);
    const dailyId = daily.json().data.id as string;
    await test.database.db.kysely
      .updateTable('recurring_event')
      .set({ active_at: new Date('2026-12-01T00:00:00Z') })
      .where('id', '=', dailyId)
      .execute();
    await loadFutureEntities(test.database.db.kysely, {}, new Date('2026-12-02T10:00:00Z'));
    const occurrences = await test.database.db.kysely
      .selectFrom('recurring_event_occurrence')
      .select('starts_at')
      .where('recurring_event_id', '=', dailyId)
      .execute();
    expect(occurrences.map((r) => r.starts_at.toISOString())).toEqual(['2026-12-02T13:00:00.000Z']);
  });

  it('the month answer is compressed (brotli or gzip, as the client accepts) and reads back the same', async () => {
    const plain = await month(chief);
    for (const encoding of ['br', 'gzip']) {
      const res = await test.app.inject({
        method: 'GET',
        url: '/api/calendar/events-month/11.2026',
        headers: { ...chief, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString()).data).toEqual(plain);
    }
  });

  it("the month's kept virtual items follow the definition, its records and its type: a new title, a made record, a new colour, all-day and filter", async () => {
    const watch = await makeType('Watch Rota', { visible_on_calendar: ['Watch'], calendar_color: '#112233', formtitle: '{crew}' }, [
      f('crew', 'single-text'),
    ]);
    const body = definition({
      entity_type_id: watch.id,
      title: 'Watch A',
      event_key: 'weekly',
      platoon: undefined,
      prefills: { prefillFields: {} },
    });
    const id = (await call('POST', '/api/calendar/events', chief, body)).json().data.id as string;
    const mine = async () => (await month(chief)).filter((i) => i.virtual_event_id === id) as (Item & { all_day: boolean })[];
    const first = await mine();
    expect(first).toHaveLength(6);
    expect(first.every((i) => i.title === 'Watch A' && i.color === '#112233' && !i.all_day)).toBe(true);
    expect(first[0]).toMatchObject({ filters: ['Watch'], virtual_event_created_date: null });
    // The definition changes: its title.
    expect((await call('PUT', `/api/calendar/events/${id}`, chief, { ...body, title: 'Watch B' })).statusCode).toBe(200);
    expect((await mine()).map((i) => i.title)).toEqual(Array(6).fill('Watch B'));
    // A record is made from one occurrence: it leaves, and the others carry the date records were made.
    const made = await call('POST', `/api/calendar/events/${id}/occurrence`, chief, { start: first[1]!.start });
    expect(made.statusCode, made.body).toBe(200);
    const after = await mine();
    expect(after.map((i) => i.start)).toEqual(first.filter((_, n) => n !== 1).map((i) => i.start));
    expect(after.every((i) => typeof (i as { virtual_event_created_date?: string }).virtual_event_created_date === 'string')).toBe(true);
    // The type changes: its colour, all-day and calendar filter.
    const changed = await call('PUT', `/api/entity-type/${watch.id}`, chief, {
      label: 'Watch Rota',
      object_data: { visible_on_calendar: ['Rota'], calendar_color: '#445566', all_day_entity: true, formtitle: '{crew}' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const retyped = await mine();
    expect(retyped).toHaveLength(5);
    expect(retyped.every((i) => i.color === '#445566' && i.all_day && i.filters.join() === 'Rota')).toBe(true);
  });

  it('occurrences of an all-day type (all_day_entity) are all-day events', async () => {
    const inspection = await makeType(
      'Inspection Day',
      { visible_on_calendar: ['Inspections'], all_day_entity: true, formtitle: '{site}' },
      [f('site', 'single-text')],
    );
    const res = await scheduled(inspection.id, 'Walk-through', 'weekly');
    expect(res.statusCode, res.body).toBe(201);
    const virtual = (await month(chief)).filter((i) => i.virtual_event_id === res.json().data.id);
    expect(virtual.length).toBeGreaterThan(0);
    expect(virtual.every((i) => (i as Item & { all_day: boolean }).all_day)).toBe(true);
  });

  it('a record item and a virtual item carry exactly their own fields, in the documented order', async () => {
    const kind = await makeType(
      'Hydrant Test',
      { visible_on_calendar: ['Hydrants'], calendar_color: '#0b7285', start_datetime_field: 'at', formtitle: '{hydrant}' },
      [f('hydrant', 'single-text'), f('at', 'date-time-picker')],
    );
    const record = await call('POST', `/api/entity/${kind.name}`, chief, { hydrant: 'H-12', at: { value: '2026-11-12T15:00:00Z' } });
    expect(record.statusCode, record.body).toBe(201);
    const made = await scheduled(kind.id, 'Flush', 'weekly');
    expect(made.statusCode, made.body).toBe(201);
    const raw = (await call('GET', '/api/calendar/events-month/11.2026', chief)).json().data as Record<string, unknown>[];
    const ofKind = raw.filter((i) => (i.filters as string[]).includes('Hydrants'));
    const recordItem = ofKind.find((i) => i.virtual === false)!;
    expect(Object.keys(recordItem)).toEqual(['id', 'entity', 'start', 'end', 'title', 'color', 'all_day', 'virtual', 'filters']);
    expect(recordItem).toEqual({
      id: record.json().data.id,
      entity: { id: record.json().data.id, type: kind.name },
      start: '2026-11-12T15:00:00.000Z',
      end: null,
      title: 'H-12',
      color: '#0b7285',
      all_day: false,
      virtual: false,
      filters: ['Hydrants'],
    });
    const virtualItem = ofKind.find((i) => i.virtual === true)!;
    expect(Object.keys(virtualItem)).toEqual([
      'id',
      'entity',
      'start',
      'end',
      'title',
      'color',
      'all_day',
      'virtual',
      'virtual_event_id',
      'virtual_event_signature',
      'virtual_event_created_date',
      'filters',
    ]);
    expect(virtualItem).toMatchObject({
      id: `virtual|${virtualItem.virtual_event_signature}`,
      entity: null,
      title: 'Flush',
      virtual_event_id: made.json().data.id,
      virtual_event_signature: `${made.json().data.id}|${virtualItem.start}`,
      virtual_event_created_date: null,
    });
  });

  it('the month streamed in batches: hundreds of records of several types merge with the occurrences in one order, as each type answers alone; hidden end and colour fields stay hidden', async () => {
    const roster = await makeType(
      'Roster Slot',
      {
        visible_on_calendar: ['Roster'],
        start_datetime_field: 'at',
        end_datetime_field: 'until',
        calendar_color_field: 'tint',
        calendar_color: '#445566',
        formtitle: '{slot}',
      },
      [
        f('slot', 'single-text'),
        f('at', 'date-time-picker'),
        f('until', 'date-time-picker', { permissions: { visible_to: ['Tenant Admin'] } }),
        f('tint', 'single-text', { permissions: { visible_to: ['Tenant Admin'] } }),
      ],
    );
    const patrol = await makeType('Patrol', { visible_on_calendar: ['Patrols'], start_datetime_field: 'at', formtitle: '{beat}' }, [
      f('beat', 'single-text'),
      f('at', 'date-time-picker'),
    ]);
    // More rows than a batch (RECORD_BATCH) of each type, every other hour, at the occurrences' 13:00 UTC too.
    // PostgreSQL writes a record's item text (repository datedRecords): quotes, backslashes, control characters and emoji survive.
    const tricky = 'Slot "2" \\ back\nslash\t\u0001 ü 😀 </script>';
    const hour = (i: number) => new Date(Date.UTC(2026, 10, 1, 1) + i * 2 * 3_600_000).toISOString();
    await withContext(test.database.db.kysely, { tenantId: alphaId, userId: null, isGlobal: false }, (tx) =>
      tx
        .insertInto('entity')
        .values([
          ...Array.from({ length: RECORD_BATCH + 40 }, (_, i) => ({
            tenant_id: alphaId,
            entity_type_id: roster.id,
            display_name: i === 2 ? tricky : `Slot ${i}`,
            data_requiring_approval: '{}',
            data: JSON.stringify({
              slot: `Slot ${i}`,
              at: { value: hour(i) },
              until: { value: hour(i + 1) },
              tint: i % 2 ? 'teal' : 'not a colour!',
            }),
          })),
          ...Array.from({ length: RECORD_BATCH + 40 }, (_, i) => ({
            tenant_id: alphaId,
            entity_type_id: patrol.id,
            display_name: `Beat ${i}`,
            data_requiring_approval: '{}',
            data: JSON.stringify({ beat: `Beat ${i}`, at: { value: hour(i) } }),
          })),
        ])
        .execute(),
    );
    const made = await scheduled(patrol.id, 'Beat check', 'daily');
    expect(made.statusCode, made.body).toBe(201);

    const items = await month(chief);
    // One order: by start, then id (a record before an occurrence at the same time: its id is a uuid).
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(a.start < b.start || (a.start === b.start && a.id < b.id), `${a.id} before ${b.id}`).toBe(true);
    }
    const of = (list: Item[], filter: string) => list.filter((i) => i.filters.includes(filter));
    expect(of(items, 'Roster').length).toBe(RECORD_BATCH + 40);
    expect(of(items, 'Patrols').filter((i) => !i.virtual).length).toBe(RECORD_BATCH + 40);
    expect(of(items, 'Patrols').filter((i) => i.virtual).length).toBeGreaterThan(30);
    // The same items as each type's own month call (one type: no union), in the same order.
    for (const [type, filter] of [
      [roster, 'Roster'],
      [patrol, 'Patrols'],
    ] as const) {
      const alone = await call('GET', `/api/calendar/events-month/11.2026/entity-type/${type.id}`, chief);
      expect(alone.statusCode).toBe(200);
      expect(alone.json().data).toEqual(of(items, filter));
    }
    expect(of(items, 'Roster').slice(0, 3)).toMatchObject([
      { title: 'Slot 0', start: hour(0), end: hour(1), color: '#445566' },
      { title: 'Slot 1', start: hour(1), end: hour(2), color: 'teal' },
      { title: tricky, start: hour(2), end: hour(3), color: '#445566' },
    ]);
    // A Tenant User may not see the end and colour fields: no end, the type's colour.
    const theirs = of(await month(firefighter), 'Roster');
    expect(theirs.length).toBe(RECORD_BATCH + 40);
    expect(theirs.every((i) => i.end === null && i.color === '#445566')).toBe(true);
    // Another tenant gets none of them.
    expect((await month(other)).some((i) => i.filters.includes('Roster') || i.filters.includes('Patrols'))).toBe(false);
  });
});

describe('a streamed item answer', () => {
  const item = (n: number) => ({ start: `2026-11-0${n}`, id: String(n), json: JSON.stringify({ n }) });

  it('writes the batches as one JSON answer; an error before the first batch is thrown (an error answer)', async () => {
    async function* fine() {
      yield [item(1), item(2)];
      yield [];
      yield [item(3)];
    }
    const text = Buffer.concat(await (await itemsAnswerStream(fine())).toArray()).toString();
    expect(JSON.parse(text)).toEqual({ data: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    async function* none() {}
    expect(JSON.parse(Buffer.concat(await (await itemsAnswerStream(none())).toArray()).toString())).toEqual({ data: [] });
    // biome-ignore lint/correctness/useYield: fails before its first batch
    async function* early(): AsyncGenerator<ReturnType<typeof item>[]> {
      throw new Error('the records SQL failed');
    }
    await expect(itemsAnswerStream(early())).rejects.toThrow('the records SQL failed');
  });

  it('a failure after the first bytes cuts the answer short and logs it; the request does not hang', async () => {
    const app = Fastify({ logger: false });
    const logged: unknown[] = [];
    await app.register(compress, { threshold: 1024 });
    app.get('/month', async (_request, reply) => {
      async function* failing() {
        yield Array.from({ length: 2000 }, (_, i) => item(i % 9));
        // The next rows never come: the headers and the first bytes are out by then.
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('the connection broke');
      }
      const stream = await itemsAnswerStream(failing());
      stream.on('error', (error) => logged.push(error));
      return reply.type('application/json; charset=utf-8').send(stream);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      for (const encoding of ['identity', 'gzip']) {
        const res = await fetch(`http://127.0.0.1:${port}/month`, {
          headers: { 'accept-encoding': encoding },
          signal: AbortSignal.timeout(5000),
        });
        expect(res.status).toBe(200);
        await expect(res.text()).rejects.toThrow();
      }
      expect(logged.length).toBe(2);
    } finally {
      await app.close();
    }
  });
});
