import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityRecord } from '@turnout/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew } from '../../test/identity.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { checkPeriod, timesheetLines, weekOf, workedDays } from './timesheet-report.ts';

const sheet = (name: string, data: Record<string, unknown>) => ({ display_name: name, ...data }) as unknown as EntityRecord;
const at = (iso: string) => ({ value: iso });

describe('[REPORTS] timesheet lines', () => {
  it('counts a day’s hours from time in to time out less the meal break, dated in the zone', () => {
    const days = workedDays(
      [
        sheet('Week 1', {
          personnel: { id: 'p1', display_name: 'Avery' },
          time_in: at('2026-11-22T14:00:00.000Z'),
          time_out: at('2026-11-22T22:30:00.000Z'),
          meal_break: 30,
          // Sunday 23:00 to Monday 07:00 in Chicago: dated Sunday there.
          time_in_1: at('2026-11-24T05:00:00.000Z'),
          time_out_1: at('2026-11-24T13:00:00.000Z'),
          // No time out: not a worked day.
          time_in_2: at('2026-11-25T14:00:00.000Z'),
        }),
      ],
      'America/Chicago',
    );
    expect(days.map((d) => [d.member, d.date, d.mealMinutes, d.hours])).toEqual([
      ['Avery', '2026-11-22', 30, 8],
      ['Avery', '2026-11-23', 0, 8],
    ]);
  });

  it('totals each member’s week and the member, then everyone, within the period only', () => {
    const day = (member: string, date: string, hours: number) => ({
      member,
      date,
      timeIn: Date.parse(`${date}T08:00:00Z`),
      timeOut: Date.parse(`${date}T08:00:00Z`) + hours * 3_600_000,
      mealMinutes: 0,
      hours,
    });
    const lines = timesheetLines(
      [day('Blake', '2026-11-23', 10), day('Avery', '2026-11-28', 8), day('Avery', '2026-11-29', 6), day('Avery', '2026-12-10', 5)],
      '2026-11-22',
      '2026-12-05',
    );
    expect(lines.map((l) => [l.member, l.date, l.hours])).toEqual([
      ['Avery', '2026-11-28', 8],
      ['Avery', 'Week of 2026-11-22 total', 8],
      ['Avery', '2026-11-29', 6],
      ['Avery', 'Week of 2026-11-29 total', 6],
      ['Avery', 'Total', 14],
      ['Blake', '2026-11-23', 10],
      ['Blake', 'Week of 2026-11-22 total', 10],
      ['Blake', 'Total', 10],
      ['All members', 'Total', 24],
    ]);
    expect(weekOf('2026-11-22')).toBe('2026-11-22');
    expect(weekOf('2026-11-28')).toBe('2026-11-22');
  });

  it('checks the period', () => {
    expect(checkPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    for (const [from, to, key] of [
      ['soon', '2026-11-30', 'from'],
      ['2026-11-01', undefined, 'to'],
      ['2026-11-30', '2026-11-01', 'to'],
      ['2025-01-01', '2026-11-01', 'to'],
    ] as const) {
      expect(() => checkPeriod(from, to), `${from} ${to}`).toThrow(
        expect.objectContaining({ statusCode: 422, errors: expect.objectContaining({ [key]: expect.any(Array) }) }),
      );
    }
  });
});

describe(`[REPORTS] Timesheet Report on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
    field_data: { property, title: property, type, page: 1, ...extra },
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-timesheet-report-'));
    test = await createTestApp({ dataDir });
    ({ chief, firefighter, other } = await makeCrew(test));
    const type = await call('POST', '/api/entity-type', chief, {
      label: 'Time Sheet',
      object_data: { formtitle: '{member}' },
      fields: [
        f('member', 'single-text'),
        f('time_in', 'date-time-picker'),
        f('time_out', 'date-time-picker'),
        // Only Tenant Admins see the meal break: nobody else's report may deduct (or show) it.
        f('meal_break', 'number-entry', { permissions: { visible_to: ['Tenant Admin'] } }),
      ],
    });
    if (type.statusCode !== 201) throw new Error(type.body);
    const saved = await call('POST', '/api/entity/time_sheet', chief, {
      member: 'Avery',
      time_in: at('2026-11-23T08:00:00.000Z'),
      time_out: at('2026-11-23T17:00:00.000Z'),
      meal_break: 60,
    });
    if (saved.statusCode !== 201) throw new Error(saved.body);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (url: string, headers: Record<string, string>) => {
    const res = await call('POST', url, headers);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    await test.app.jobs.drain();
    const job = (await call('GET', `/api/long-running-job-notes/${res.json().jobId}`, headers)).json().data;
    expect(job).toMatchObject({ status: 'complete', error: null });
    return (await call('GET', job.result_url, headers)).rawPayload;
  };

  it('writes hours per member and day as xlsx and PDF, deducting only the meal breaks the reader may see', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await run('/api/entity/time_sheet/timesheet-report/xlsx?from=2026-11-22&to=2026-11-28', chief)) as unknown as ArrayBuffer,
    );
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Member', 'Date', 'Time in', 'Time out', 'Meal break (minutes)', 'Hours']);
    expect(rows[1]).toEqual([
      'Avery',
      new Date('2026-11-23T00:00:00Z'),
      new Date('2026-11-23T08:00:00Z'),
      new Date('2026-11-23T17:00:00Z'),
      60,
      8,
    ]);
    expect(rows.slice(2).map((r) => [r[0], r[1], r[5]])).toEqual([
      ['Avery', 'Week of 2026-11-22 total', 8],
      ['Avery', 'Total', 8],
      ['All members', 'Total', 8],
    ]);
    const text = pdfText(await run('/api/entity/time_sheet/timesheet-report/pdf?from=2026-11-22&to=2026-11-28', firefighter));
    expect(text).toContain('Timesheet Report');
    expect(text).toContain('Period: 2026-11-22 to 2026-11-28');
    expect(text).toContain('9.00');
    expect(text).not.toContain('8.00');
  });

  it('refuses another type, a bad period, another tenant and no session', async () => {
    const period = await call('POST', '/api/entity/time_sheet/timesheet-report/pdf?from=2026-11-28&to=2026-11-22', chief);
    expect(period.statusCode).toBe(422);
    expect(period.json().errors.to).toEqual(['The to date must be on or after the from date.']);
    const notSheet = await call('POST', '/api/entity/hydrant/timesheet-report/pdf?from=2026-11-22&to=2026-11-28', chief);
    expect(notSheet.statusCode).toBe(422);
    expect(notSheet.json().errors.typeName).toEqual(['The Timesheet Report is for time sheets only.']);
    expect((await call('POST', '/api/entity/time_sheet/timesheet-report/pdf?from=2026-11-22&to=2026-11-28', other)).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/entity/time_sheet/timesheet-report/pdf?from=2026-11-22&to=2026-11-28' }))
        .statusCode,
    ).toBe(401);
  });

  it('writes the Time Clock Report of attendance records (attendance_single): one punch each, the same hours and totals', async () => {
    const type = await call('POST', '/api/entity-type', chief, {
      name: 'attendance_single',
      label: 'Attendance',
      object_data: { formtitle: '{member}' },
      fields: [
        f('member', 'single-text'),
        f('time_in', 'date-time-picker'),
        f('time_out', 'date-time-picker'),
        f('meal_break', 'number-entry'),
      ],
    });
    if (type.statusCode !== 201) throw new Error(type.body);
    for (const [member, day, meal] of [
      ['Blake', '23', 30],
      ['Blake', '24', 0],
    ] as const) {
      const saved = await call('POST', '/api/entity/attendance_single', chief, {
        member,
        time_in: at(`2026-11-${day}T08:00:00.000Z`),
        time_out: at(`2026-11-${day}T12:00:00.000Z`),
        meal_break: meal,
      });
      if (saved.statusCode !== 201) throw new Error(saved.body);
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await run(
        '/api/entity/attendance_single/timeclock-report/xlsx?from=2026-11-22&to=2026-11-28',
        firefighter,
      )) as unknown as ArrayBuffer,
    );
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(
      rows.slice(1).map((r) => [r[0], r[1] instanceof Date ? (r[1] as Date).toISOString().slice(0, 10) : r[1], r[4] ?? null, r[5]]),
    ).toEqual([
      ['Blake', '2026-11-23', 30, 3.5],
      ['Blake', '2026-11-24', 0, 4],
      ['Blake', 'Week of 2026-11-22 total', null, 7.5],
      ['Blake', 'Total', null, 7.5],
      ['All members', 'Total', null, 7.5],
    ]);
    const text = pdfText(await run('/api/entity/attendance_single/timeclock-report/pdf?from=2026-11-22&to=2026-11-28', chief));
    expect(text).toContain('Time Clock Report');
    expect(text).toContain('7.50');
    const wrong = await call('POST', '/api/entity/time_sheet/timeclock-report/pdf?from=2026-11-22&to=2026-11-28', chief);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.typeName).toEqual(['The Time Clock Report is for attendance records (attendance_single) only.']);
    expect((await call('POST', '/api/entity/attendance_single/timeclock-report/pdf?from=2026-11-22&to=2026-11-28', other)).statusCode).toBe(
      404,
    );
  });
});
