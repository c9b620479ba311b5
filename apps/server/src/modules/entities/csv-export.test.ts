import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, makeGlobalAdmin, signedInAs, signIn } from '../../test/identity.ts';
import { insertRecords } from '../../test/records.ts';
import { EXPORT_BATCH } from './csv-export.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});
const opts = (...labels: string[]) => ({ params: { options: labels.map((label) => ({ key: label.toLowerCase(), label })) } });

/** The columns of the Hose Test type for a Tenant User: records' own, then the fields they may see. */
const FIREFIGHTER_HEADER = [
  'id',
  'display_name',
  'place',
  'created_at',
  'updated_at',
  'unit',
  'result',
  'tested_on',
  'tested_at',
  'pressure',
  'crew',
  'narrative',
];

/** RFC 4180 rows (quoted cells, doubled quotes, line breaks inside quotes); the test's own reading of the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (quoted || c !== '\r') {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe(`[RECORDS] CSV exports of lists, queues and import templates on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let colleague: Record<string, string>;
  let lieutenant: Record<string, string>;
  let other: Record<string, string>;
  let global: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const files = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Asks for an export and downloads it as the same person. */
  const exported = async (url: string, headers: Record<string, string>) => {
    const res = await call('GET', url, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const file = await call('GET', res.json().url, headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"/);
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    return { url: res.json().url as string, rows: parseCsv(file.body.slice(1)) };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-csv-'));
    test = await createTestApp({ dataDir });
    ({ alpha: tenantA, chief, firefighter, colleague, other } = await makeCrew(test));
    lieutenant = await signedInAs(test, 'Lieutenant', tenantA.id);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
    await call('POST', '/api/user/select-tenant', global, { tenant: tenantA.id, role: 'Tenant Admin' });
    const types = [
      {
        label: 'Hose Test',
        object_data: { formtitle: '{unit}' },
        fields: [
          f('unit', 'single-text', { sort_order: 1 }),
          f('result', 'select-list', { sort_order: 2, ...opts('Passed', 'Failed') }),
          f('tested_on', 'date-picker', { sort_order: 3 }),
          f('tested_at', 'date-time-picker', { sort_order: 4 }),
          f('pressure', 'number-entry', { sort_order: 5, params: { approverRoles: ['Lieutenant'] } }),
          f('crew', 'checkbox-multiselect', { sort_order: 6, ...opts('Alice', 'Bob') }),
          f('narrative', 'textarea', { sort_order: 7 }),
          f('secret_note', 'textarea', { sort_order: 8, permissions: { visible_to: ['Tenant Admin'] } }),
          f('internal', 'hidden', { sort_order: 9 }),
          f('heading', 'heading', { sort_order: 10, params: { headingText: 'Crew' } }),
        ],
      },
      { label: 'Hydrant', object_data: { formtitle: '{number}' }, fields: [f('number', 'single-text')] },
    ];
    for (const payload of types) {
      const res = await call('POST', '/api/entity-type', chief, payload);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    for (const record of [
      {
        unit: 'Engine 1',
        result: 'passed',
        tested_on: { value: '2026-11-20' },
        tested_at: { value: '2026-11-22T05:30:00.000Z' },
        pressure: 250,
        crew: ['alice', 'bob'],
        narrative: 'Said "all good", then\nleft, quickly',
        secret_note: 'zanzibar',
        internal: 'x-1',
      },
      { unit: 'Engine 2', result: 'failed', narrative: '=HYPERLINK("http://evil.example","click")' },
      { unit: 'Ladder 3', result: 'passed', pressure: 180 },
    ]) {
      const res = await call('POST', '/api/entity/hose_test', chief, record);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports the list with its filters and sort, as text, leaving out fields the caller may not see', async () => {
    const query = '?filter[custom][result]=passed&sort=z_to_a&time_zone=America%2FChicago';
    const { rows } = await exported(`/api/entity/hose_test/csv${query}`, firefighter);
    const [header, ...records] = rows;
    expect(header).toEqual(FIREFIGHTER_HEADER);
    expect(records.map((r) => r[1])).toEqual(['Ladder 3', 'Engine 1']);
    const engine = Object.fromEntries(header!.map((h, i) => [h, records[1]![i]]));
    expect(engine).toMatchObject({
      display_name: 'Engine 1',
      place: 'Created',
      unit: 'Engine 1',
      result: 'Passed',
      tested_on: '11/20/2026',
      // Saturday 23:30 in Chicago, as the list shows it there.
      tested_at: '11/21/2026 11:30:00 PM',
      pressure: '250',
      crew: 'Alice, Bob',
      narrative: 'Said "all good", then\nleft, quickly',
    });
    expect(engine.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(engine.created_at).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    // A Tenant Admin sees the restricted field, and gets it.
    const asChief = await exported('/api/entity/hose_test/csv?sort=a_to_z', chief);
    expect(asChief.rows[0]).toContain('secret_note');
    expect(asChief.rows.slice(1).map((r) => r[1])).toEqual(['Engine 1', 'Engine 2', 'Ladder 3']);
    expect(asChief.rows[1]).toContain('zanzibar');
  });

  it('writes a cell a spreadsheet would run as a formula as text', async () => {
    const { rows } = await exported('/api/entity/hose_test/csv?filter[custom][result]=failed', firefighter);
    expect(rows[1]![rows[0]!.indexOf('narrative')]).toBe('\'=HYPERLINK("http://evil.example","click")');
  });

  it('stores a file only the requester may download', async () => {
    const { url } = await exported('/api/entity/hose_test/csv', firefighter);
    const id = url.split('/')[3]!;
    const row = await test.database.db.kysely.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime_type: 'text/csv', is_restricted: true, visible_to: [], entity_id: null });
    expect(row.original_name).toMatch(/^Hose Test export \d{4}-\d{2}-\d{2}\.csv$/);
    for (const who of [colleague, chief, other]) {
      expect((await call('GET', url, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/files/${id}`, who)).statusCode).toBe(404);
    }
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('reads a long list a batch at a time, every record once, in the list’s order', async () => {
    // More than one batch: written straight to the table, as saving each through the API is slow.
    const count = EXPORT_BATCH + 5;
    await insertRecords(
      test,
      tenantA.id,
      'hydrant',
      Array.from({ length: count }, (_, i) => {
        const number = `H-${String(count - i).padStart(4, '0')}`;
        return { display_name: number, data: { number } };
      }),
    );
    const { rows } = await exported('/api/entity/hydrant/csv?sort=a_to_z', firefighter);
    expect(rows[0]).toEqual(['id', 'display_name', 'place', 'created_at', 'updated_at', 'number']);
    expect(rows.slice(1).map((r) => r[5])).toEqual(Array.from({ length: count }, (_, i) => `H-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(count);
  });

  it('exports the queue: only records with a change waiting for the caller', async () => {
    const waiting = (await call('POST', '/api/entity/hose_test', firefighter, { unit: 'Tanker 9', pressure: 100 })).json().data;
    expect((await call('PUT', `/api/entity/hose_test/${waiting.id}`, firefighter, { version: 1, pressure: 300 })).statusCode).toBe(200);
    const asLieutenant = await exported('/api/entity/hose_test/queue/csv', lieutenant);
    expect(asLieutenant.rows.slice(1).map((r) => r[1])).toEqual(['Tanker 9']);
    const asFirefighter = await exported('/api/entity/hose_test/queue/csv', firefighter);
    expect(asFirefighter.rows).toHaveLength(1);
    expect((await call('GET', '/api/entity/hose_test/queue/csv', other)).statusCode).toBe(404);
  });

  it('answers the import template: the header row only, of the fields the caller may see', async () => {
    const template = await exported('/api/entity/hose_test/template/csv', firefighter);
    expect(template.rows).toEqual([FIREFIGHTER_HEADER]);
    const res = await call('GET', '/api/entity/hose_test/template/csv', chief);
    const file = await call('GET', res.json().url, chief);
    expect(file.body).toBe(
      '\uFEFFid,display_name,place,created_at,updated_at,unit,result,tested_on,tested_at,pressure,crew,narrative,secret_note\n',
    );
  });

  it('refuses without a session, another tenant, a role without view and bad input, storing nothing', async () => {
    const before = await files();
    for (const path of ['csv', 'queue/csv', 'template/csv']) {
      const url = `/api/entity/hose_test/${path}`;
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await call('GET', url, other)).statusCode, url).toBe(404);
      expect((await call('GET', `/api/entity/no_such_type/${path}`, chief)).statusCode, url).toBe(404);
      expect((await call('GET', `${url}?time_zone=Mars%2FOlympus_Mons`, chief)).json().errors.time_zone).toEqual([
        'The time zone is not valid.',
      ]);
      expect((await call('GET', `${url}?filter[tenant_id]=not-a-tenant`, chief)).statusCode, url).toBe(422);
    }
    for (const path of ['csv', 'queue/csv']) {
      const unknown = await call('GET', `/api/entity/hose_test/${path}?filter[custom][nope]=1`, chief);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors['filter[custom][nope]']).toEqual(['Unknown field.']);
      expect((await call('GET', `/api/entity/hose_test/${path}?sort=nope`, chief)).statusCode).toBe(422);
      expect((await call('GET', `/api/entity/hose_test/${path}?filter[custom][tested_on][from]=soon`, chief)).statusCode).toBe(422);
    }
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { hose_test: { view: false } },
    });
    for (const path of ['csv', 'queue/csv', 'template/csv']) {
      expect((await call('GET', `/api/entity/hose_test/${path}`, firefighter)).statusCode, path).toBe(403);
    }
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { hose_test: { view: null } },
    });
    expect(await files()).toBe(before);
    // A global admin acting in the tenant exports it and may read the file.
    const asGlobal = await exported('/api/entity/hose_test/csv', global);
    expect(asGlobal.rows[0]).toContain('secret_note');
  });
});
