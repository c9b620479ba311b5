import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../platform/events/bus.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, signedInAs } from '../../test/identity.ts';
import { eventsOf } from '../notifications/stream.ts';

const f = (property: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title, type, page: 1, ...extra },
});
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (iso: string) => ({ value: iso });

describe(`[WIDGETS] widgets, dashboards, activity feed and kiosk on ${TEST_DB}`, () => {
  let test: TestApp;
  let tenant: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const widget = async (body: Record<string, unknown>, headers = chief) => {
    const res = await call('POST', '/api/widgets', headers, { color: 'blue', position: 'dashboard', entity_type_target: 'call', ...body });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data as { id: string };
  };
  const data = async (id: string, headers = chief) => {
    const res = await call('GET', `/api/widget/${id}`, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    test = await createTestApp();
    ({ alpha: tenant, chief, firefighter, other } = await makeCrew(test));
    const res = await call('POST', '/api/entity-type', chief, {
      label: 'Call',
      object_data: { formtitle: '{name}' },
      fields: [
        f('name', 'Name', 'single-text', { sort_order: 1 }),
        f('kind', 'Kind', 'select-list', {
          sort_order: 2,
          params: {
            options: [
              { key: 'fire', label: 'Fire' },
              { key: 'ems', label: 'Medical' },
            ],
          },
        }),
        f('call_date', 'Call Date', 'date-picker', { sort_order: 3 }),
        f('dispatched_at', 'Dispatched', 'date-time-picker', { sort_order: 4 }),
        f('arrived_at', 'Arrived', 'date-time-picker', { sort_order: 5 }),
        f('units', 'Units', 'number-entry', { sort_order: 6 }),
        f('notes', 'Notes', 'textarea', { sort_order: 7 }),
        f('loss', 'Loss', 'number-entry', {
          sort_order: 8,
          permissions: { visible_to: ['Tenant Admin'], modifiable_by: ['Tenant Admin'] },
        }),
      ],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const calls = [
      // Response times: 300 s, 420 s, and one without an arrival.
      {
        name: 'A',
        kind: 'fire',
        call_date: day(0),
        dispatched_at: at('2026-11-01T10:00:00Z'),
        arrived_at: at('2026-11-01T10:05:00Z'),
        units: 3,
        loss: 1000,
      },
      {
        name: 'B',
        kind: 'fire',
        call_date: day(-1),
        dispatched_at: at('2026-11-02T10:00:00Z'),
        arrived_at: at('2026-11-02T10:07:00Z'),
        units: 7.125,
      },
      { name: 'C', kind: 'ems', call_date: day(-1), dispatched_at: at('2026-11-03T10:00:00Z'), units: 1 },
      { name: 'D', kind: 'ems', call_date: day(-40) },
    ];
    for (const values of calls) {
      const saved = await call('POST', '/api/entity/call', chief, values);
      if (saved.statusCode !== 201) throw new Error(saved.body);
    }
  });
  afterAll(() => test.close());

  it('counts, shares and maxima match hand-computed figures', async () => {
    const preview = await call('POST', '/api/widgets/preview', chief, {
      name: 'Calls',
      render_type: 'chart',
      group_function: 'count',
      entity_type_target: 'call',
    });
    expect(preview.json()).toMatchObject({ total: 4, value: 4 });
    expect((await call('GET', '/api/widgets', chief)).json().data).toEqual([]);
    expect(
      (
        await call('POST', '/api/widgets/preview', firefighter, {
          name: 'Calls',
          render_type: 'chart',
          group_function: 'count',
          entity_type_target: 'call',
        })
      ).statusCode,
    ).toBe(403);
    const count = await widget({ name: 'Calls', render_type: 'chart', group_function: 'count' });
    expect(await data(count.id)).toMatchObject({ loaded: true, total: 4, value: 4, unit: 'count', message: null });

    const share = await widget({
      name: 'Fires',
      render_type: 'progress_bar',
      group_function: 'percentage',
      true_filters: { custom: { kind: 'fire' } },
    });
    expect(await data(share.id)).toMatchObject({ true: 2, total: 4, value: 50, unit: 'percent' });

    const xy = await widget({
      name: 'Medical of fires',
      render_type: 'chart',
      group_function: 'x_of_y',
      filters: { custom: { kind: 'ems' } },
      true_filters: { custom: { units: '1' } },
    });
    expect(await data(xy.id)).toMatchObject({ true: 1, total: 2, value: 1 });

    const max = await widget({ name: 'Most units', render_type: 'chart', group_function: 'maximum', value_field: 'units' });
    expect(await data(max.id)).toMatchObject({ total: 4, value: 7.13 });

    const rt = await widget({
      name: 'Response',
      render_type: 'response_time',
      group_function: 'response_time',
      start_field: 'dispatched_at',
      end_field: 'arrived_at',
    });
    // (300 + 420) / 2: the call without an arrival is left out of the mean.
    expect(await data(rt.id)).toMatchObject({ true: 2, total: 4, value: 360, unit: 'seconds' });

    const pie = await widget({ name: 'Kinds', render_type: 'chart', group_function: 'piechart', value_field: 'kind' });
    const slices = (await data(pie.id)).values.map((v: { label: string; value: number }) => [v.label, v.value]);
    // Largest first, ties by key (ems before fire); labels from the field's options.
    expect(slices).toEqual([
      ['Medical', 2],
      ['Fire', 2],
    ]);
  });

  it('draws the last 30 days as points, and an empty set as zeros and nulls', async () => {
    const line = await widget({ name: 'Per day', render_type: 'chart', group_function: 'count', date_field: 'call_date' });
    const points = (await data(line.id)).values as { key: string; value: number }[];
    expect(points).toHaveLength(30);
    expect(points.at(-1)).toMatchObject({ key: day(0), value: 1 });
    expect(points.at(-2)).toMatchObject({ key: day(-1), value: 2 });
    // The call of 40 days ago is outside the line.
    expect(points.reduce((sum, p) => sum + p.value, 0)).toBe(3);

    const none = await widget({
      name: 'None',
      render_type: 'chart',
      group_function: 'maximum',
      value_field: 'units',
      filters: { custom: { name: 'nobody' } },
    });
    expect(await data(none.id)).toMatchObject({ total: 0, value: null });
    const noShare = await widget({
      name: 'No share',
      render_type: 'progress_bar',
      group_function: 'percentage',
      filters: { custom: { name: 'nobody' } },
      true_filters: { custom: { kind: 'fire' } },
    });
    expect(await data(noShare.id)).toMatchObject({ true: 0, total: 0, value: null });
  });

  it('draws one line per series, reads the newest record for a single entity, and counts the records linked to one', async () => {
    const lines = await widget({
      name: 'By kind',
      render_type: 'multi_line',
      group_function: 'multi_line',
      date_field: 'call_date',
      series_field: 'kind',
    });
    const values = (await data(lines.id)).values as { key: string; series: string; value: number }[];
    expect(values).toHaveLength(60);
    expect(values.filter((v) => v.key === day(-1)).map((v) => [v.series, v.value])).toEqual([
      ['Medical', 1],
      ['Fire', 1],
    ]);
    expect(values.filter((v) => v.key === day(0)).map((v) => [v.series, v.value])).toEqual([
      ['Medical', 0],
      ['Fire', 1],
    ]);
    const latest = await widget({ name: 'Latest units', render_type: 'chart', group_function: 'single-entity', value_field: 'units' });
    // D, the newest, has no units: null, not 0.
    expect(await data(latest.id)).toMatchObject({ total: 4, value: null });
    const named = await widget({ name: 'Named A', render_type: 'chart', group_function: 'count', link_field: 'name' });
    const a = (await call('GET', '/api/entity/call?sort=a_to_z', chief)).json().data[0];
    expect((await call('GET', `/api/widget/${named.id}/entity/${a.id}`, chief)).json()).toMatchObject({ total: 0 });
    expect((await call('GET', `/api/widget/${named.id}/entity/not-an-id`, chief)).statusCode).toBe(404);
  });

  it('refuses widgets that cannot be computed with 422 and per-field messages', async () => {
    const bad = await call('POST', '/api/widgets', chief, {
      name: '',
      render_type: 'progress_bar',
      group_function: 'maximum',
      entity_type_target: 'call',
      value_field: 'notes',
      start_field: 'nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(['The name field is required.']);
    const sumOverText = await call('POST', '/api/widgets', chief, {
      name: 'x',
      render_type: 'chart',
      group_function: 'maximum',
      entity_type_target: 'call',
      value_field: 'notes',
    });
    expect(sumOverText.statusCode).toBe(422);
    expect(sumOverText.json().errors).toEqual({ value_field: ['The value field must be a number field: it cannot be aggregated.'] });
    const misfit = await call('POST', '/api/widgets', chief, {
      name: 'x',
      render_type: 'progress_bar',
      group_function: 'count',
      entity_type_target: 'call',
    });
    expect(misfit.json().errors.group_function).toEqual(['The Count group function does not fit the Progress Bar render type.']);
    const missing = await call('POST', '/api/widgets', chief, {
      name: 'x',
      render_type: 'chart',
      group_function: 'count',
      entity_type_target: 'nothing_here',
    });
    expect(missing.json().errors).toEqual({ entity_type_target: ['The entity type field must name an entity type you can view.'] });
    const noField = await call('POST', '/api/widgets', chief, {
      name: 'x',
      render_type: 'response_time',
      group_function: 'response_time',
      entity_type_target: 'call',
      start_field: 'gone',
    });
    expect(noField.json().errors).toEqual({
      start_field: ['The start field must be a field of Call.'],
      end_field: ['The end field field is required.'],
    });
  });

  it('never aggregates a field the viewer cannot see', async () => {
    const loss = await widget({ name: 'Largest loss', render_type: 'chart', group_function: 'maximum', value_field: 'loss' });
    expect(await data(loss.id)).toMatchObject({ value: 1000 });
    expect(await data(loss.id, firefighter)).toMatchObject({ value: null, message: 'This widget uses a field you cannot see.' });
    const byLoss = await widget({ name: 'By loss', render_type: 'chart', group_function: 'count', filters: { custom: { loss: '1000' } } });
    expect(await data(byLoss.id, firefighter)).toMatchObject({ total: 0, message: 'This widget uses a field you cannot see.' });
  });

  it('keeps widgets to their tenant and their editing to tenant admins', async () => {
    const mine = await widget({ name: 'Mine', render_type: 'chart', group_function: 'count' });
    expect((await call('GET', `/api/widget/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/widgets/${mine.id}`, other)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/widgets/${mine.id}`, other, {
          name: 'x',
          render_type: 'chart',
          group_function: 'count',
          entity_type_target: 'call',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/widgets', other)).json().data).toEqual([]);
    expect(
      (
        await call('POST', '/api/widgets', firefighter, {
          name: 'x',
          render_type: 'chart',
          group_function: 'count',
          entity_type_target: 'call',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/widgets/${mine.id}`, firefighter)).statusCode).toBe(403);
    // A role that may not view the type gets 403 for the widget's figures and for its list.
    const boardMember = await signedInAs(test, 'Board Member', tenant.id);
    await call('POST', '/api/permissions-v2', chief, { tenant: tenant.id, role: 'Board Member', permissions: { call: { view: false } } });
    expect((await call('GET', `/api/widget/${mine.id}`, boardMember)).statusCode).toBe(403);
    expect((await call('GET', `/api/entity/call?from_widget=${mine.id}`, boardMember)).statusCode).toBe(403);
  });

  it('lists exactly the widget records with from_widget, and recomputes after a write', async () => {
    const fires = await widget({
      name: 'Fire calls',
      render_type: 'chart',
      group_function: 'count',
      filters: { custom: { kind: 'fire' } },
    });
    const listed = await call('GET', `/api/entity/call?from_widget=${fires.id}&sort=a_to_z`, chief);
    expect(listed.json().data.map((r: { name: string }) => r.name)).toEqual(['A', 'B']);
    expect((await data(fires.id)).total).toBe(2);
    await call('POST', '/api/entity/call', chief, { name: 'E', kind: 'fire' });
    expect((await data(fires.id)).total).toBe(3);
    const wrongType = await call('GET', `/api/entity/incident?from_widget=${fires.id}`, chief);
    expect([404, 422]).toContain(wrongType.statusCode);
  });

  it('shows a message, not a failure, when the widget type or field is gone', async () => {
    const temp = await call('POST', '/api/entity-type', chief, { label: 'Temp Thing', fields: [f('size', 'Size', 'number-entry')] });
    const typeId = temp.json().data.id;
    const w = await widget({
      name: 'Temp',
      render_type: 'chart',
      group_function: 'maximum',
      value_field: 'size',
      entity_type_target: 'temp_thing',
    });
    expect((await call('DELETE', `/api/entity-type/${typeId}`, chief)).statusCode).toBeLessThan(300);
    expect(await data(w.id)).toMatchObject({ loaded: true, message: "This widget's entity type no longer exists or you may not view it." });
  });

  it('serves the activity feed newest first, and a kiosk by its revocable key only', async () => {
    const feed = await widget({ name: 'Feed', render_type: 'activity_feed', group_function: 'count' });
    const page = await call('GET', `/api/widget/${feed.id}/feed`, chief);
    expect(page.statusCode).toBe(200);
    const names = page.json().data.map((r: { display_name: string }) => r.display_name);
    expect(names[0]).toBe('E');
    expect(names).toHaveLength(5);
    expect(page.json().data[0]).toMatchObject({
      type: 'call',
      type_label: 'Call',
      tenant: null,
      uri: expect.stringMatching(/^\/entity\/call\//),
    });
    expect((await call('GET', `/api/widget/${feed.id}/feed`, other)).statusCode).toBe(404);

    expect((await call('POST', `/api/widgets/${feed.id}/kiosk`, firefighter)).statusCode).toBe(403);
    const link = (await call('POST', `/api/widgets/${feed.id}/kiosk`, chief)).json();
    expect(link.path).toBe(`/activity_feed_kiosk/${feed.id}?key=${link.key}`);
    const kiosk = await test.app.inject({ method: 'GET', url: `/api/kiosk/widget/${feed.id}?key=${link.key}` });
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.json()).toMatchObject({ widget: { name: 'Feed' }, tenant: { name: 'Alpha' } });
    expect(kiosk.json().data).toHaveLength(5);
    expect((await test.app.inject({ method: 'GET', url: `/api/kiosk/widget/${feed.id}?key=wrong` })).statusCode).toBe(401);
    // A new key revokes the old one; turning the kiosk off revokes every key.
    const second = (await call('POST', `/api/widgets/${feed.id}/kiosk`, chief)).json();
    expect((await test.app.inject({ method: 'GET', url: `/api/kiosk/widget/${feed.id}?key=${link.key}` })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/widgets/${feed.id}/kiosk`, chief)).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: `/api/kiosk/widget/${feed.id}?key=${second.key}` })).statusCode).toBe(401);
  });

  it('keeps dashboards per tenant', async () => {
    const created = await call('POST', '/api/dashboards', chief, { name: 'Chief' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    await widget({ name: 'On it', render_type: 'chart', group_function: 'count', dashboards: [id] });
    const foreign = (await call('POST', '/api/dashboards', other, { name: 'Bravo' })).json().data.id;
    const refused = await call('POST', '/api/widgets', chief, {
      name: 'x',
      render_type: 'chart',
      group_function: 'count',
      entity_type_target: 'call',
      dashboards: [foreign],
    });
    expect(refused.json().errors).toEqual({ dashboards: ['A dashboard must be one of this department’s dashboards.'] });
    expect((await call('GET', '/api/dashboards', chief)).json().data.map((d: { name: string }) => d.name)).toEqual(['Chief']);
    expect((await call('POST', '/api/dashboards', firefighter, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/dashboards/${id}`, other)).statusCode).toBe(404);
  });

  it("tells every open stream of the tenant that a type's records changed, without their content", async () => {
    const events = eventsOf(test.app.server)!;
    const heard: ServerEvent[] = [];
    const stop = events.bus.subscribe('00000000-0000-4000-8000-0000000000e1', (e) => heard.push(e));
    await call('POST', '/api/entity/call', chief, { name: 'Pushed', kind: 'ems' });
    await expect
      .poll(() => heard.filter((e) => e.type === 'records'))
      .toEqual([{ type: 'records', tenant_id: tenant.id, entity_type: 'call' }]);
    stop();
  });
});
