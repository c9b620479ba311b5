import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GLOBAL_ADMIN_ROLE } from '@turnout/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, signedInAs } from '../../test/identity.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), type, page: 1, ...extra },
});
const opts = (...labels: string[]) => ({ params: { options: labels.map((label) => ({ key: label.toLowerCase(), label })) } });

const HYDRANT = {
  label: 'Hydrant Check',
  object_data: { formtitle: '{hydrant}' },
  fields: [
    f('hydrant', 'single-text', { sort_order: 1 }),
    f('district', 'select-list', { sort_order: 2, ...opts('North', 'South') }),
    f('result', 'select-list', { sort_order: 3, ...opts('Passed', 'Failed') }),
    f('flow', 'number-entry', { sort_order: 4 }),
    f('secret_note', 'textarea', { sort_order: 5, permissions: { visible_to: ['Tenant Admin'] } }),
  ],
};

describe(`[REPORTS] system reports on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let tenantA: { id: string };
  let tenantB: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  let alphaType: { id: string; fields: { field_data: { property: string } }[] };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const save = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call('POST', '/api/system-reports', headers, {
      display_name: 'Passed hydrants',
      report_entity_type: 'hydrant_check',
      report_fields: ['district', 'flow'],
      filter_body: { 'filter[custom][result]': 'passed', sort: 'a_to_z' },
      ...body,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-system-reports-'));
    test = await createTestApp({ dataDir });
    ({ alpha: tenantA, bravo: tenantB, chief, firefighter, other } = await makeCrew(test));
    admin = await signedInAs(test, GLOBAL_ADMIN_ROLE, null);
    for (const [headers, records] of [
      [
        chief,
        [
          { hydrant: 'H-1', district: 'north', result: 'passed', flow: 1200, secret_note: 'zanzibar' },
          { hydrant: 'H-2', district: 'south', result: 'passed', flow: 900 },
          { hydrant: 'H-3', district: 'north', result: 'failed', flow: 300 },
          { hydrant: 'H-4', district: 'south', result: 'passed', flow: 1000 },
        ],
      ],
      [other, [{ hydrant: 'Bravo H', district: 'north', result: 'passed', flow: 5 }]],
    ] as const) {
      const type = await call('POST', '/api/entity-type', headers, HYDRANT);
      if (type.statusCode !== 201) throw new Error(type.body);
      if (headers === chief) alphaType = type.json().data;
      for (const record of records) {
        const res = await call('POST', '/api/entity/hydrant_check', headers, record);
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves a report and shows it: its filters in words, its matching records grouped, and exports it', async () => {
    const saved = await save(firefighter, { group_by_params: ['district'] });
    expect(saved.statusCode).toBe(201);
    const report = saved.json();
    expect(report).toMatchObject({ tenant_id: tenantA.id, display_name: 'Passed hydrants', report_entity_type_label: 'Hydrant Check' });

    const list = (await call('GET', '/api/system-reports', firefighter)).json().data;
    expect(list.map((r: { id: string }) => r.id)).toEqual([report.id]);

    const view = (await call('GET', `/api/system-reports/${report.id}`, firefighter)).json();
    expect(view).toMatchObject({ runnable: true, problem: null, missing_fields: [] });
    expect(view.filter_parameters).toEqual(['Filters: Result: Passed', 'Sort: A to Z', 'Grouped by: District']);

    const page = await call('GET', `/api/system-reports/${report.id}/records?per_page=2`, firefighter);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.columns.map((c: { title: string }) => c.title)).toEqual(['Name', 'District', 'Flow']);
    expect(body.meta).toMatchObject({ total: 3, from: 1, to: 2, last_page: 2 });
    expect(body.data.map((r: { group: string }) => r.group)).toEqual(['North', 'South']);
    expect(body.data[0].cells).toEqual(['H-1', 'North', '1200']);

    const exported = await call('POST', `/api/system-reports/${report.id}/export`, firefighter);
    expect(exported.statusCode).toBe(200);
    await test.app.jobs.drain();
    const job = (await call('GET', `/api/long-running-job-notes/${exported.json().jobId}`, firefighter)).json().data;
    expect(job).toMatchObject({ status: 'complete' });
    const file = await call('GET', job.result_url, firefighter);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['ID', 'Name', 'Workflow Status', 'Created', 'Updated', 'District', 'Flow']);
    // Grouped: North first, then South's two (in any order within the group).
    expect(rows.slice(1).map((r) => [r[1], r[6]])[0]).toEqual(['H-1', 1200]);
    expect(
      rows
        .slice(2)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['H-2', 'H-4']);
    expect(rows.slice(1).map((r) => r[5])).toEqual(['North', 'South', 'South']);
  });

  it('refuses malformed filters, fields that do not exist and fields hidden from the person saving (422)', async () => {
    const malformed = await save(chief, { filter_body: ['not', 'an', 'object'] });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.filter_body).toBeDefined();
    const notText = await save(chief, { filter_body: { 'filter[place]': 5 } });
    expect(notText.statusCode).toBe(422);
    const unknownKey = await save(chief, { filter_body: { 'drop table': 'x' } });
    expect(unknownKey.json().errors['filter_body.drop table']).toEqual(["'drop table' is not a list filter."]);
    const unknownFilterField = await save(chief, { filter_body: { 'filter[custom][nope]': '1' } });
    expect(unknownFilterField.statusCode).toBe(422);
    expect(unknownFilterField.json().errors['filter_body.filter[custom][nope]']).toEqual(['Unknown field.']);
    const badDate = await save(chief, { filter_body: { 'filter[custom][flow][from]': 'yesterday' } });
    expect(badDate.statusCode).toBe(422);
    const noField = await save(chief, { report_fields: ['district', 'nope'] });
    expect(noField.statusCode).toBe(422);
    expect(noField.json().errors['report_fields.1']).toEqual(["The field 'nope' does not exist in Hydrant Check."]);
    const hidden = await save(firefighter, { report_fields: ['secret_note'] });
    expect(hidden.json().errors['report_fields.0']).toBeDefined();
    expect((await save(chief, { group_by_params: ['nope'] })).json().errors['group_by_params.0']).toBeDefined();
    const noType = await save(chief, { report_entity_type: 'no_such_type' });
    expect(noType.json().errors.report_entity_type).toEqual(['The entity type does not exist.']);
    const noName = await save(chief, { display_name: ' ' });
    expect(noName.json().errors.display_name).toEqual(['The name field is required.']);
  });

  it('keeps reports to their tenant; For Client is for global admins only', async () => {
    const mine = (await save(chief, { display_name: 'Alpha only' })).json();
    expect((await call('GET', `/api/system-reports/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/system-reports/${mine.id}/records`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/system-reports/${mine.id}/export`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/system-reports/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/system-reports', other)).json().data.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expect((await save(other, { tenant_id: tenantA.id })).statusCode).toBe(403);

    // A global admin saves for a client and reads it as that tenant's records only.
    const forBravo = await save(admin, { display_name: 'Bravo hydrants', tenant_id: tenantB.id });
    expect(forBravo.statusCode).toBe(201);
    const records = (await call('GET', `/api/system-reports/${forBravo.json().id}/records`, admin)).json();
    expect(records.data.map((r: { cells: string[] }) => r.cells[0])).toEqual(['Bravo H']);
    expect((await call('GET', `/api/system-reports/${forBravo.json().id}`, other)).json().tenant_name).toBe('Bravo');
    expect((await call('GET', `/api/system-reports/${forBravo.json().id}`, firefighter)).statusCode).toBe(404);
    expect((await save(admin, {})).json().errors.tenant_id).toEqual(['Choose the client (tenant) the report is for.']);
  });

  it('honours field visibility and the type’s view permission (403), and says when fields were deleted', async () => {
    const withSecret = (await save(chief, { display_name: 'With secret', report_fields: ['hydrant', 'secret_note'] })).json();
    const asChief = (await call('GET', `/api/system-reports/${withSecret.id}/records`, chief)).json();
    expect(asChief.columns.map((c: { title: string }) => c.title)).toEqual(['Name', 'Hydrant', 'Secret note']);
    const asFirefighter = (await call('GET', `/api/system-reports/${withSecret.id}/records`, firefighter)).json();
    expect(asFirefighter.columns.map((c: { title: string }) => c.title)).toEqual(['Name', 'Hydrant']);
    expect(JSON.stringify(asFirefighter)).not.toContain('zanzibar');

    const lieutenant = await signedInAs(test, 'Lieutenant', tenantA.id);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Lieutenant',
      permissions: { hydrant_check: { view: false } },
    });
    expect((await call('GET', `/api/system-reports/${withSecret.id}`, lieutenant)).statusCode).toBe(403);
    expect((await call('GET', `/api/system-reports/${withSecret.id}/records`, lieutenant)).statusCode).toBe(403);
    expect((await call('POST', `/api/system-reports/${withSecret.id}/export`, lieutenant)).statusCode).toBe(403);
    expect((await call('GET', '/api/system-reports', lieutenant)).json().data).toEqual([]);
    expect((await save(lieutenant, {})).statusCode).toBe(403);

    // The fields shown and the filter's field are deleted from the type later.
    const later = (
      await save(chief, { display_name: 'Later', report_fields: ['hydrant', 'flow'], filter_body: { 'filter[custom][district]': 'north' } })
    ).json();
    const put = await call('PUT', `/api/entity-type/${alphaType.id}`, chief, {
      label: HYDRANT.label,
      fields: alphaType.fields.map((x) =>
        ['flow', 'district'].includes(x.field_data.property) ? { ...x, modified_at: new Date().toISOString(), deleted: true } : x,
      ),
    });
    expect(put.statusCode, put.body).toBe(200);
    const view = (await call('GET', `/api/system-reports/${later.id}`, chief)).json();
    expect(view.missing_fields).toEqual(['flow']);
    expect(view.runnable).toBe(false);
    expect(view.problem).toContain('These fields of this report no longer exist: flow.');
    expect(view.problem).toContain('district');
    const records = await call('GET', `/api/system-reports/${later.id}/records`, chief);
    expect(records.statusCode).toBe(422);
  });

  it('deletes a report for its author or a tenant admin only', async () => {
    // The test before deleted flow and district from the type: this report uses fields that remain.
    const saved = await save(firefighter, { display_name: 'Mine', report_fields: ['hydrant', 'result'] });
    expect(saved.statusCode, saved.body).toBe(201);
    const mine = saved.json();
    const colleague = await signedInAs(test, 'Tenant User', tenantA.id);
    expect((await call('DELETE', `/api/system-reports/${mine.id}`, colleague)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/system-reports/${mine.id}`, firefighter)).statusCode).toBe(204);
    expect((await call('GET', `/api/system-reports/${mine.id}`, firefighter)).statusCode).toBe(404);
  });
});
