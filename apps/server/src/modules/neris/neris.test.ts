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
      const text = `${JSON.stringify(res.json(), null, 2)}\n`;
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }
});
