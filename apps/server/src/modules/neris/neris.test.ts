import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NERIS_INCIDENTS } from '../../demo/neris-incidents.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeCrew } from '../../test/identity.ts';
import { NERIS_TYPE_NAME } from './catalogue.ts';
import { ensureNerisIncidentType } from './core-type.ts';

type Headers = { authorization: string };

let test: TestApp;
let crew: Awaited<ReturnType<typeof makeCrew>>;

beforeAll(async () => {
  test = await createTestApp();
  expect(await ensureNerisIncidentType(test.database.db.kysely)).toBe('created');
  crew = await makeCrew(test);
});
afterAll(() => test.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function add(values: Record<string, unknown>, headers: Headers = crew.firefighter) {
  const res = await call('POST', `/api/entity/${NERIS_TYPE_NAME}`, headers, values);
  if (res.statusCode !== 201) throw new Error(`add failed ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; version: number; place: string };
}

const demo = (key: string) => structuredClone(DEMO_NERIS_INCIDENTS.find((d) => d.key === key)!.values);

describe('NERIS Incident: the core type', () => {
  it('exists for every department without DEMO, and a second start changes nothing', async () => {
    expect(await ensureNerisIncidentType(test.database.db.kysely)).toBe('current');
    for (const headers of [crew.firefighter, crew.other]) {
      const res = await call('GET', '/api/entity-type/lite', headers);
      expect(res.json().data.map((t: { name: string }) => t.name)).toContain(NERIS_TYPE_NAME);
    }
  });
});

describe('NERIS validation and NERIS Ready', () => {
  it('refuses NERIS Ready with the missing core elements per field, then reaches it once they are filled', async () => {
    const full = demo('structure-fire');
    const partial = { ...full };
    for (const key of ['structure_damage', 'structure_fire_cause', 'fire_water_supply', 'smoke_alarm_presence']) delete partial[key];
    partial.dispatch_time_call_create = { value: 'not a time' };
    const saved = await add({ ...partial, dispatch_time_call_create: undefined });
    const check = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}`, crew.firefighter);
    expect(check.statusCode).toBe(200);
    const report = check.json().data;
    expect(report.valid).toBe(false);
    expect(report.errors).toMatchObject({
      structure_damage: ['Structure damage is a required field.'],
      structure_fire_cause: ['Structure fire cause is a required field.'],
      fire_water_supply: ['Fire water supply is a required field.'],
      smoke_alarm_presence: ['Smoke alarm presence is a required field.'],
      dispatch_time_call_create: ['Incident created in CAD is a required field.'],
    });

    const refused = await call('POST', `/api/entity/${NERIS_TYPE_NAME}/${saved.id}/transition/mark_as_neris_ready`, crew.firefighter);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'The given data was invalid.',
      errors: { structure_damage: ['Structure damage is a required field.'] },
    });
    expect((await call('GET', `/api/entity/${NERIS_TYPE_NAME}/${saved.id}`, crew.firefighter)).json().data.place).toBe('created');

    const fixed = await call('PUT', `/api/entity/${NERIS_TYPE_NAME}/${saved.id}`, crew.firefighter, { ...full, version: saved.version });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const ready = await call('POST', `/api/entity/${NERIS_TYPE_NAME}/${saved.id}/transition/mark_as_neris_ready`, crew.firefighter);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data.place).toBe('neris_ready');
  });

  it('checks formats and value-set membership, and leaves out values whose condition does not hold', async () => {
    const values = demo('medical-call');
    values.fd_neris_id = 'XX123';
    values.dispatch_center_id = '42';
    values.incident_special_modifier = ['MCI'];
    // Fire details on a medical call are not NERIS data: not an error, not exported.
    values.structure_damage = 'MAJOR_DAMAGE';
    const saved = await add(values);
    const report = (await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}`, crew.firefighter)).json().data;
    expect(report.errors).toEqual({
      fd_neris_id: ['Department NERIS ID must be written as FD24027000.'],
      dispatch_center_id: ['Center ID must be written as four digits, e.g. 0042.'],
    });
    expect(report.payload.fire_detail).toBeUndefined();
    expect(report.payload.special_modifiers).toEqual(['MCI']);
  });

  it('exports only a valid report; another department and strangers see nothing', async () => {
    const saved = await add(demo('medical-call'));
    const url = `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/export`;
    const res = await call('GET', url, crew.firefighter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="NERIS-RFD-2026-0413.json"');
    expect((await call('GET', url, crew.other)).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const broken = await add({ ...demo('medical-call'), medical: [] });
    const refused = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${broken.id}/export`, crew.firefighter);
    expect(refused.statusCode).toBe(422);
  });
});

describe('NERIS golden exports of the demo incidents', () => {
  for (const incident of DEMO_NERIS_INCIDENTS) {
    it(`${incident.key} validates and exports the payload in golden/${incident.key}.json`, async () => {
      const saved = await add(incident.values, crew.chief);
      const res = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/export`, crew.chief);
      expect(res.statusCode, res.body).toBe(200);
      const file = new URL(`./golden/${incident.key}.json`, import.meta.url);
      // UPDATE_GOLDEN=1 rewrites the files (then npm run format); compared as JSON, whatever the formatting.
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(res.json(), null, 2)}\n`);
      expect(res.json()).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    });
  }
});

describe("NERIS from a department's own incident type", () => {
  it('maps the fields that carry neris_property into the payload: three type levels, a whole address, times', async () => {
    const option = (key: string) => ({ key, label: key });
    const field = (property: string, type: string, neris: string, params: Record<string, unknown> = {}) => ({
      title: property,
      field_data: { property, title: property, type, page: 1, params: { neris_property: neris, ...params } },
    });
    const created = await call('POST', '/api/entity-type', crew.chief, {
      label: 'Run Report',
      allowed_transitions: [{ name: 'mark_as_neris_ready' }],
      fields: [
        field('run_number', 'single-text', 'incident_internal_id'),
        field('kind', 'select-list', 'incident_final_type', { options: [option('FIRE')] }),
        field('sub_kind', 'select-list', 'incident_final_type', { options: [option('STRUCTURE_FIRE')] }),
        field('detail', 'select-list', 'incident_final_type', { options: [option('CHIMNEY_FIRE')] }),
        field('where', 'full-address', 'incident_location'),
        field('called_at', 'date-time-picker', 'dispatch_time_call_create'),
        field('story', 'rich-text-area', 'incident_narrative_outcome'),
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await call('POST', '/api/entity/run_report', crew.firefighter, {
      run_number: 'R-77',
      kind: 'FIRE',
      sub_kind: 'STRUCTURE_FIRE',
      detail: 'CHIMNEY_FIRE',
      where: { street: '18 Elm', streetType: 'Street', city: 'Riverside', state: 'pa', zipcode: '18064' },
      called_at: { value: '2026-03-14T22:41:55Z' },
      story: '<p>Chimney fire, <b>contained</b>.</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    const report = (await call('GET', `/api/neris/run_report/${id}`, crew.firefighter)).json().data;
    expect(report.payload.incident_types).toEqual([{ type: 'FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE', primary: true }]);
    expect(report.payload.base).toMatchObject({
      incident_number: 'R-77',
      outcome_narrative: 'Chimney fire, contained .',
      location: {
        number: 18,
        street: 'Elm',
        street_postfix: 'STREET',
        incorporated_municipality: 'Riverside',
        state: 'PA',
        postal_code: '18064',
      },
    });
    expect(report.payload.dispatch.call_create).toBe('2026-03-14T22:41:55.000Z');
    // What the form lacks is named by its NERIS element; what it has, under its own field.
    expect(report.errors.fd_neris_id).toEqual(['Department NERIS ID is a required field.']);
    expect(report.errors.run_number).toBeUndefined();
    const refused = await call('POST', `/api/entity/run_report/${id}/transition/mark_as_neris_ready`, crew.firefighter);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain('fd_neris_id');
  });
});

describe('NERIS export of a list', () => {
  it('zips the valid reports of the list and names the others in errors.json; only the caller’s department', async () => {
    const { unzipSync } = await import('fflate');
    const valid = await add(demo('vehicle-crash'));
    const invalidRecord = await add({ ...demo('vehicle-crash'), incident_internal_id: 'RFD-BROKEN', unit_response: [] });
    const res = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/export.zip`, crew.firefighter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toContain('NERIS-RFD-2026-0414.json');
    const errors = JSON.parse(new TextDecoder().decode(files['errors.json']));
    const listed = errors.not_valid.map((p: { id: string }) => p.id);
    expect(listed).toContain(invalidRecord.id);
    expect(listed).not.toContain(valid.id);
    expect(errors.not_valid.find((p: { id: string }) => p.id === invalidRecord.id).errors.unit_response).toEqual([
      'Units: add at least one row.',
    ]);
    const other = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/export.zip`, crew.other);
    const otherFiles = unzipSync(new Uint8Array(other.rawPayload));
    expect(Object.keys(otherFiles)).toEqual(['errors.json']);
  });
});
