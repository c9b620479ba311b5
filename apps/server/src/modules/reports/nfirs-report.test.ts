import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, signedInAs } from '../../test/identity.ts';
import { incidentTypeCrosswalk } from '../neris/crosswalk.ts';
import { BASIC_INCIDENT, INCIDENT_ADDRESS, layoutOf } from './nfirs-layout.ts';

const f = (property: string, type: string, sort_order: number, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property.replace(/_/g, ' '), type, page: 1, sort_order, ...extra },
});
const CHIMNEY = 'FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE';
const ABDOMINAL = 'MEDICAL||ILLNESS||ABDOMINAL_PAIN';

/** An incident report as the demo's: NERIS-mapped fields, an NFIRS address, a station only the chief sees. */
const INCIDENT = {
  label: 'Fire Incident',
  object_data: { formtitle: '{incident_number}' },
  fields: [
    f('incident_number', 'single-text', 1, { params: { neris_property: 'incident_internal_id', nfirs_pad_length: 7 } }),
    f('incident_type', 'select-list', 2, {
      params: {
        neris_property: 'incident_final_type',
        options: [
          { key: CHIMNEY, label: 'Chimney fire' },
          { key: ABDOMINAL, label: 'Abdominal pain' },
        ],
      },
    }),
    f('address', 'full-address', 3, { params: { neris_property: 'incident_location', nfirs_max_length: { street: 10 } } }),
    f('dispatched_at', 'date-time-picker', 4, { params: { neris_property: 'dispatch_time_call_create' } }),
    f('arrived_at', 'date-time-picker', 5),
    f('mutual_aid_given', 'yes-no', 6),
    f('station', 'single-text', 7, { permissions: { visible_to: ['Tenant Admin'] } }),
  ],
};

const nfirsOf = (nerisCode: string) => incidentTypeCrosswalk().find((t) => t.code === nerisCode)!.nfirs[0]!;

describe(`[REPORTS] NFIRS Report of a list on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;
  let alphaId: string;

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const report = async (url: string, headers: Record<string, string>) => {
    const res = await call('POST', url, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const { jobId } = res.json() as { jobId: string };
    await test.app.jobs.drain();
    const job = (await call('GET', `/api/long-running-job-notes/${jobId}`, headers)).json().data;
    expect(job).toMatchObject({ status: 'complete', error: null });
    const file = await call('GET', job.result_url, headers);
    expect(file.statusCode).toBe(200);
    return { job, file, lines: file.body.split('\r\n').filter((l: string) => l !== '') as string[] };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-nfirs-'));
    test = await createTestApp({ dataDir });
    let alpha: { id: string };
    ({ alpha, chief, firefighter, other } = await makeCrew(test));
    alphaId = alpha.id;
    const type = await call('POST', '/api/entity-type', chief, INCIDENT);
    if (type.statusCode !== 201) throw new Error(type.body);
    const records = [
      {
        incident_number: '124',
        incident_type: CHIMNEY,
        address: { street: '308 Riverside Avenue', city: 'Bellingham', state: 'WA', zipcode: '98225' },
        dispatched_at: { value: '2026-11-21T05:30:00.000Z' },
        arrived_at: { value: '2026-11-21T05:41:00.000Z' },
        mutual_aid_given: true,
        station: '7',
      },
      {
        incident_number: '125',
        address: { street: 'Oak', city: 'Bellingham', state: 'WA' },
        dispatched_at: { value: '2026-11-22T10:00:00.000Z' },
        arrived_at: { value: '2026-11-22T10:06:00.000Z' },
        station: '7',
      },
      {
        incident_number: '126',
        incident_type: ABDOMINAL,
        address: { street: 'Mill', city: 'Bellingham', state: 'WA' },
        dispatched_at: { value: '2026-11-23T16:00:00.000Z' },
        arrived_at: { value: '2026-11-23T16:04:30.000Z' },
        station: '7',
      },
    ];
    for (const record of records) {
      const res = await call('POST', '/api/entity/fire_incident', chief, record);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    const plain = await call('POST', '/api/entity-type', chief, { label: 'Hose Test', fields: [f('unit', 'single-text', 1)] });
    if (plain.statusCode !== 201) throw new Error(plain.body);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes NFIRS 5.0 records of the list in its sort, padded and cut per the fields, and lists what each record misses', async () => {
    const { job, file, lines } = await report(
      '/api/entity/fire_incident/report/nfirs?sort=z_to_a&time_zone=America%2FChicago&fdid=31D44&state=wa',
      firefighter,
    );
    expect(file.headers['content-type']).toContain('text/plain');
    expect(job.notes).toMatchObject({ records: 3, exported: 2, missingCount: 1, format: 'nfirs' });
    expect(job.notes.missing).toEqual([{ id: expect.any(String), display_name: '125', elements: ['Incident Type'] }]);
    expect(job.notes.cut).toEqual([]);
    // z_to_a: 126, then 124 (125 left out); Basic Incident, then Incident Address, for each.
    expect(lines).toHaveLength(4);
    const [basic126, address126, basic124, address124] = lines as [string, string, string, string];
    expect(basic124).toBe(`31D44^WA^20261120^0000124^000^1005^A^   ^${nfirsOf(CHIMNEY)}^3^20261120233000^20261120234100^              `);
    expect(basic126).toBe(`31D44^WA^20261123^0000126^000^1005^A^   ^${nfirsOf(ABDOMINAL)}^N^20261123100000^20261123100430^              `);
    expect(address124).toBe(
      `31D44^WA^20261120^0000124^000^1010^A^1^308     ^  ^Riverside ${' '.repeat(20)}^    ^  ^               ^Bellingham          ^WA^98225    ^${' '.repeat(30)}`,
    );
    expect(address126.slice(0, 39)).toBe('31D44^WA^20261123^0000126^000^1010^A^1^');
    // Every record of a transaction is as long as its layout.
    for (const [line, layout] of [
      [basic124, layoutOf(BASIC_INCIDENT)],
      [address126, layoutOf(INCIDENT_ADDRESS)],
    ] as const)
      expect(line).toHaveLength(layout.at(-1)!.start - 1 + layout.at(-1)!.width);
  });

  it('never writes a field the reader may not see (the station, for the chief only)', async () => {
    const asFirefighter = await report('/api/entity/fire_incident/report/nfirs?sort=a_to_z&fdid=31D44&state=WA', firefighter);
    for (const line of asFirefighter.lines.filter((l) => l.includes('^1005^'))) expect(line.slice(37, 40)).toBe('   ');
    const asChief = await report('/api/entity/fire_incident/report/nfirs?sort=a_to_z&fdid=31D44&state=WA', chief);
    for (const line of asChief.lines.filter((l) => l.includes('^1005^'))) expect(line.slice(37, 40)).toBe('7  ');
  });

  it('reports the list’s filters only, and every record without a department as missing its FDID and state', async () => {
    const { job, lines } = await report('/api/entity/fire_incident/report/nfirs?filter[display_name]=124', chief);
    expect(lines).toEqual([]);
    expect(job.notes).toMatchObject({ records: 1, exported: 0, missingCount: 1 });
    expect(job.notes.missing[0].elements).toEqual(['Fire Department ID (FDID)', 'Fire Department State']);
  });

  it('refuses another tenant, a role that may not view the type, an unknown format, a type without NFIRS fields, a bad FDID', async () => {
    expect((await test.app.inject({ method: 'POST', url: '/api/entity/fire_incident/report/nfirs' })).statusCode).toBe(401);
    expect((await call('POST', '/api/entity/fire_incident/report/nfirs', other)).statusCode).toBe(404);
    expect((await call('POST', `/api/entity/fire_incident/report/nfirs?filter[tenant_id]=${alphaId}`, other)).statusCode).toBe(403);
    const format = await call('POST', '/api/entity/fire_incident/report/nfirs5', chief);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.format).toEqual(['The format must be pdf, xlsx or nfirs.']);
    const plain = await call('POST', '/api/entity/hose_test/report/nfirs', chief);
    expect(plain.statusCode).toBe(422);
    expect(Object.keys(plain.json().errors)).toEqual(['typeName']);
    const fdid = await call('POST', '/api/entity/fire_incident/report/nfirs?fdid=123456&state=Washington', chief);
    expect(fdid.statusCode).toBe(422);
    expect(Object.keys(fdid.json().errors).sort()).toEqual(['fdid', 'state']);
    const lieutenant = await signedInAs(test, 'Lieutenant', alphaId);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: alphaId,
      role: 'Lieutenant',
      permissions: { fire_incident: { view: false } },
    });
    expect((await call('POST', '/api/entity/fire_incident/report/nfirs', lieutenant)).statusCode).toBe(403);
  });
});
