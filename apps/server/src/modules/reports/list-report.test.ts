import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, signedInAs } from '../../test/identity.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertRecords } from '../../test/records.ts';
import { PDF_REPORT_MAX_RECORDS, PDF_REPORT_TOO_LARGE } from './list-report.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), type, page: 1, ...extra },
});
const opts = (...labels: string[]) => ({ params: { options: labels.map((label) => ({ key: label.toLowerCase(), label })) } });

const HOSE_TEST = {
  label: 'Hose Test',
  object_data: { formtitle: '{unit}' },
  fields: [
    f('unit', 'single-text', { sort_order: 1 }),
    f('result', 'select-list', { sort_order: 2, ...opts('Passed', 'Failed') }),
    f('tested_on', 'date-picker', { sort_order: 3 }),
    f('tested_at', 'date-time-picker', { sort_order: 4 }),
    f('pressure', 'number-entry', { sort_order: 5 }),
    f('narrative', 'textarea', { sort_order: 6 }),
    f('secret_note', 'textarea', { sort_order: 7, permissions: { visible_to: ['Tenant Admin'] } }),
  ],
};

/** The columns an Excel report starts with, before the fields. */
const RECORD_HEADINGS = ['ID', 'Name', 'Workflow Status', 'Created', 'Updated'];

/** A field of every kind a cell is typed by (numbers, a date, a date-time, text), and two a Tenant User may not see. */
const adminOnly = { permissions: { visible_to: ['Tenant Admin'] } };
const PUMP_CHECK = {
  label: 'Pump Check',
  object_data: { formtitle: '{pump}' },
  fields: (
    [
      ['pump', 'single-text'],
      ['outcome', 'select-list', opts('Passed', 'Failed')],
      ['flow', 'number-entry'],
      ['throttle', 'number-slider'],
      ['hoses', 'number-counter'],
      ['rating', 'star-rating'],
      ['built', 'year-entry'],
      ['checked_on', 'date-picker'],
      ['checked_at', 'date-time-picker'],
      ['remarks', 'textarea'],
      ['cost', 'number-entry', adminOnly],
      ['inspector_note', 'textarea', adminOnly],
    ] as [string, string, Record<string, unknown>?][]
  ).map(([property, type, extra], i) => f(property, type, { sort_order: i + 1, ...extra })),
};

describe(`[REPORTS] PDF and Excel reports of a list on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let tenantA: { id: string };
  let tenantB: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let colleague: Record<string, string>;
  let other: Record<string, string>;

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  /** Queues a report, runs the queue, and answers the finished job and the file's bytes, as the same person. */
  const report = async (url: string, headers: Record<string, string>) => {
    const res = await call('POST', url, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const { jobId } = res.json() as { jobId: string };
    await test.app.jobs.drain();
    const job = (await call('GET', `/api/long-running-job-notes/${jobId}`, headers)).json().data;
    expect(job).toMatchObject({ status: 'complete', error: null });
    const file = await call('GET', job.result_url, headers);
    expect(file.statusCode).toBe(200);
    return { jobId, job, file };
  };
  const workbook = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { sheet, rows };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-reports-'));
    test = await createTestApp({ dataDir });
    ({ alpha: tenantA, bravo: tenantB, chief, firefighter, colleague, other } = await makeCrew(test));
    for (const [headers, records] of [
      [
        chief,
        [
          {
            unit: 'Engine 1',
            result: 'passed',
            tested_on: { value: '2026-11-20' },
            tested_at: { value: '2026-11-22T05:30:00.000Z' },
            pressure: 250,
            narrative: 'All good',
            secret_note: 'zanzibar',
          },
          { unit: 'Engine 2', result: 'failed', narrative: '=HYPERLINK("http://evil.example","click")', secret_note: 'zanzibar' },
          { unit: 'Ladder 3', result: 'passed', pressure: 180, secret_note: 'zanzibar' },
        ],
      ],
      [other, [{ unit: 'Bravo Engine', result: 'passed', pressure: 99 }]],
    ] as const) {
      const type = await call('POST', '/api/entity-type', headers, HOSE_TEST);
      if (type.statusCode !== 201) throw new Error(type.body);
      for (const record of records) {
        const res = await call('POST', '/api/entity/hose_test', headers, record);
        if (res.statusCode !== 201) throw new Error(res.body);
      }
    }
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes an Excel report of the list’s filters and sort with typed cells, without fields the reader may not see', async () => {
    const { file, job } = await report(
      '/api/entity/hose_test/report/xlsx?filter[custom][result]=passed&sort=z_to_a&time_zone=America%2FChicago',
      firefighter,
    );
    expect(file.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(job.notes).toMatchObject({ records: 2, format: 'xlsx' });
    const { rows, sheet } = await workbook(file.rawPayload);
    // Dates and date-times carry their number format: a spreadsheet shows them as dates.
    expect(sheet.getRow(3).getCell(8).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(3).getCell(9).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getRow(3).getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm');
    const [header, ...records] = rows;
    expect(header).toEqual([...RECORD_HEADINGS, 'Unit', 'Result', 'Tested on', 'Tested at', 'Pressure', 'Narrative']);
    expect(records.map((r) => r[1])).toEqual(['Ladder 3', 'Engine 1']);
    const engine = records[1]!;
    expect(engine[6]).toBe('Passed');
    // A date as a date, a time as the reader's wall clock (Saturday 23:30 in Chicago), a number as a number.
    expect(engine[7]).toEqual(new Date('2026-11-20T00:00:00Z'));
    expect(engine[8]).toEqual(new Date('2026-11-21T23:30:00Z'));
    expect(engine[9]).toBe(250);
    expect(engine[3]).toBeInstanceOf(Date);
    expect(JSON.stringify(rows)).not.toContain('zanzibar');
    // The Tenant Admin sees the restricted field and gets it; a formula is text, never run.
    const asChief = await workbook((await report('/api/entity/hose_test/report/xlsx?sort=a_to_z', chief)).file.rawPayload);
    expect(asChief.rows[0]).toContain('Secret note');
    expect(asChief.rows.slice(1).map((r) => r[1])).toEqual(['Engine 1', 'Engine 2', 'Ladder 3']);
    const formula = asChief.sheet.getRow(3).getCell(11);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe('=HYPERLINK("http://evil.example","click")');
  });

  it('types the cells of every field kind, read straight from the columns as the CSV export reads them, and leaves out hidden fields', async () => {
    expect((await call('POST', '/api/entity-type', chief, PUMP_CHECK)).statusCode).toBe(201);
    const full = {
      pump: 'Pump 1',
      outcome: 'passed',
      flow: 1250.5,
      throttle: 40,
      hoses: 3,
      rating: 4,
      built: 1998,
      checked_on: { value: '2026-03-08' },
      // 02:30 in Chicago's winter time: its clocks have gone forward an hour by then (03:30 CDT).
      checked_at: { value: '2026-03-08T08:30:00.000Z' },
      remarks: 'Fine',
      cost: 777,
      inspector_note: 'zanzibar',
    };
    for (const record of [full, { pump: 'Pump 2', cost: 777, inspector_note: 'zanzibar' }]) {
      const res = await call('POST', '/api/entity/pump_check', chief, record);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    // Values stored before their field's type was checked as today: a number as a string, not a date.
    await insertRecords(test, tenantA.id, 'pump_check', [
      { display_name: 'Pump 3', data: { pump: 'Pump 3', flow: '12', checked_on: 'soon', cost: 777 } },
    ]);
    const list = '?sort=a_to_z&time_zone=America%2FChicago';
    const { file } = await report(`/api/entity/pump_check/report/xlsx${list}`, firefighter);
    const { rows, sheet } = await workbook(file.rawPayload);
    const [header, ...records] = rows;
    expect(header).toEqual([
      ...RECORD_HEADINGS,
      'Pump',
      'Outcome',
      'Flow',
      'Throttle',
      'Hoses',
      'Rating',
      'Built',
      'Checked on',
      'Checked at',
      'Remarks',
    ]);
    expect(records.map((r) => r[1])).toEqual(['Pump 1', 'Pump 2', 'Pump 3']);
    const { Date: D, Number: N, String: S, Null: E } = ExcelJS.ValueType;
    const types = (row: number) => Array.from({ length: header!.length }, (_, i) => sheet.getRow(row).getCell(i + 1).type);
    expect(types(2)).toEqual([S, S, S, D, D, S, S, N, N, N, N, N, D, D, S]);
    expect(records[0]!.slice(5)).toEqual([
      'Pump 1',
      'Passed',
      1250.5,
      40,
      3,
      4,
      1998,
      new Date('2026-03-08T00:00:00Z'),
      new Date('2026-03-08T03:30:00Z'),
      'Fine',
    ]);
    // Empty values are empty cells; a number stored as text is a number, a value that is not a date is what the CSV shows (nothing).
    expect(types(3)).toEqual([S, S, S, D, D, S, E, E, E, E, E, E, E, E, E]);
    expect(types(4).slice(5)).toEqual([S, E, N, E, E, E, E, E, E, E]);
    expect(records[2]![7]).toBe(12);
    expect(JSON.stringify(rows)).not.toContain('zanzibar');
    expect(JSON.stringify(rows)).not.toContain('777');

    // The same list's CSV export: the same records and, cell for cell, the same contents.
    const csv = await call('GET', `/api/entity/pump_check/csv${list}`, firefighter);
    const lines = parse((await call('GET', csv.json().url, firefighter)).body, { bom: true }) as string[][];
    expect(lines.slice(1).map((line) => line[0])).toEqual(records.map((r) => r[0]));
    const asText = (cell: unknown) => (cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell));
    for (const [i, line] of lines.slice(1).entries())
      for (const [c, text] of line.entries()) {
        const cell = records[i]![c];
        // Dates are compared above; every other cell holds what the CSV shows.
        if (!(cell instanceof Date)) expect([c, asText(cell)]).toEqual([c, text]);
      }

    // A Tenant Admin sees the restricted fields: a number there is a number too.
    const asChief = await workbook((await report(`/api/entity/pump_check/report/xlsx${list}`, chief)).file.rawPayload);
    expect(asChief.rows[0]!.slice(15)).toEqual(['Cost', 'Inspector note']);
    expect(asChief.rows[1]!.slice(15)).toEqual([777, 'zanzibar']);
  });

  it('writes a PDF report: the tenant, the title, the filters stated, the rows and page numbers', async () => {
    const { file } = await report('/api/entity/hose_test/report/pdf?filter[display_name]=engine&sort=a_to_z', firefighter);
    expect(file.headers['content-type']).toContain('application/pdf');
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Alpha');
    expect(text).toContain('Hose Test Report');
    expect(text).toContain('Filters: Search: "engine"');
    expect(text).toContain('2 records');
    expect(text).toContain('Engine 1');
    expect(text).toContain('Engine 2');
    expect(text).not.toContain('Ladder 3');
    expect(text).not.toContain('Secret note');
    expect(text).not.toContain('zanzibar');
    expect(text).toContain('Page 1 of 1');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);
  });

  it('runs a long report over several pages and batches, every record once, and mails the link', async () => {
    const db = test.database.db.kysely;
    const count = 300;
    await insertRecords(
      test,
      tenantA.id,
      'hose_test',
      Array.from({ length: count }, (_, i) => ({
        display_name: `Bulk ${String(i + 1).padStart(3, '0')}`,
        data: { unit: `Bulk ${i + 1}`, pressure: i },
      })),
    );
    const { rows } = await workbook(
      (await report('/api/entity/hose_test/report/xlsx?filter[display_name]=bulk&sort=a_to_z', colleague)).file.rawPayload,
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(Array.from({ length: count }, (_, i) => `Bulk ${String(i + 1).padStart(3, '0')}`));
    const pdf = await report('/api/entity/hose_test/report/pdf?filter[display_name]=bulk', colleague);
    const pages = (await PDFDocument.load(pdf.file.rawPayload)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(pdfText(pdf.file.rawPayload)).toContain(`Page ${pages} of ${pages}`);
    const mail = await db.selectFrom('mail_outbox').selectAll().where('text_body', 'like', `%${pdf.job.result_url}%`).execute();
    expect(mail.map((m) => m.subject)).toEqual(['Your Hose Test PDF report is ready']);
  });

  it('keeps each tenant to its own records, and the file and job to the requester', async () => {
    const bravo = await report('/api/entity/hose_test/report/xlsx', other);
    const { rows } = await workbook(bravo.file.rawPayload);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Bravo Engine']);
    // Another tenant's list by its tenant filter: refused to anyone but a global admin.
    expect((await call('POST', `/api/entity/hose_test/report/xlsx?filter[tenant_id]=${tenantA.id}`, other)).statusCode).toBe(403);
    const mine = await report('/api/entity/hose_test/report/pdf', firefighter);
    for (const who of [colleague, chief, other]) {
      expect((await call('GET', mine.job.result_url, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/long-running-job-notes/${mine.jobId}`, who)).statusCode).toBe(404);
    }
    expect(tenantB.id).not.toBe(tenantA.id);
  });

  it('refuses without a session, a type the reader may not view, an unknown type or format, and bad filters', async () => {
    const jobs = async () =>
      Number(
        (
          await test.database.db.kysely
            .selectFrom('long_running_job')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await jobs();
    expect((await test.app.inject({ method: 'POST', url: '/api/entity/hose_test/report/pdf' })).statusCode).toBe(401);
    expect((await call('POST', '/api/entity/no_such_type/report/pdf', chief)).statusCode).toBe(404);
    const format = await call('POST', '/api/entity/hose_test/report/docx', chief);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.format).toEqual(['The format must be pdf, xlsx or nfirs.']);
    const unknown = await call('POST', '/api/entity/hose_test/report/xlsx?filter[custom][nope]=1', chief);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['filter[custom][nope]']).toEqual(['Unknown field.']);
    expect((await call('POST', '/api/entity/hose_test/report/xlsx?sort=nope', chief)).statusCode).toBe(422);
    const lieutenant = await signedInAs(test, 'Lieutenant', tenantA.id);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Lieutenant',
      permissions: { hose_test: { view: false } },
    });
    expect((await call('POST', '/api/entity/hose_test/report/pdf', lieutenant)).statusCode).toBe(403);
    expect(await jobs()).toBe(before);
  });

  it('refuses a PDF of more than 5,000 records (built in memory) and points to the Excel report, which takes them', async () => {
    const many = Array.from({ length: PDF_REPORT_MAX_RECORDS + 1 }, (_, i) => ({
      display_name: `Many ${i + 1}`,
      data: { unit: `Many ${i + 1}` },
    }));
    // A thousand a statement: one INSERT may bind at most 65,535 values.
    for (let i = 0; i < many.length; i += 1000) await insertRecords(test, tenantA.id, 'hose_test', many.slice(i, i + 1000));
    const tooMany = await call('POST', '/api/entity/hose_test/report/pdf?filter[display_name]=many', chief);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ message: PDF_REPORT_TOO_LARGE, errors: { format: [PDF_REPORT_TOO_LARGE] } });
    expect(PDF_REPORT_TOO_LARGE).toBe('A PDF report holds at most 5,000 records: narrow the list with filters, or use the Excel report.');
    // A narrower list of the same records is made.
    const { file } = await report('/api/entity/hose_test/report/pdf?filter[display_name]=many%205001', chief);
    expect(file.statusCode).toBe(200);
  });
});
