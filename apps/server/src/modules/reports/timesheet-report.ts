import { addDays, calendarDateIn, daysBetween, type EntityRecord, isDate, PAGE_SIZE, parseTimestamp } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { type JobHandler, JobInterrupted, type JobQueue } from '../../platform/job-queue/queue.ts';
import { type ListOrder, listedIds, listedRecords, listScope } from '../entities/service.ts';
import { daySuffix } from '../entities/time-sheet-totals.ts';
import { deliverReport, type ReportDeps, type ReportFormat, tenantNameOf } from './deliver.ts';
import { wallClock } from './list-report.ts';
import type { Cell } from './table-xlsx.ts';

/**
 * Timesheet Report (spec 01 §2.6, the list's options menu of type time_sheet; issue 27): hours
 * per member per day of a chosen period, read from the time sheets the list shows (its filters,
 * the reader's permissions and field visibility), with each day's meal break deducted, a total
 * for each member's week (Sunday to Saturday, as a sheet's week) and for the member, and a
 * grand total. A sheet holds each day of its week as time_in, time_out and meal_break suffixed
 * '' and _1 … _6 (the punch card writes them). PDF or xlsx, as a long-running job.
 */
export const TIMESHEET_TYPE = 'time_sheet';
export const TIMESHEET_REPORT_JOB = 'timesheet-report';

/**
 * The Time Clock Report (spec 01 §2.6, type attendance_single) is the same report over
 * attendance records: each is one punch — personnel, time_in, time_out, meal_break (the
 * sheet's first day's names) — so the same days, weeks and totals come out of it.
 */
export const TIME_REPORTS = {
  timesheet: {
    type: TIMESHEET_TYPE,
    title: 'Timesheet Report',
    name: 'timesheet report',
    wrongType: 'The Timesheet Report is for time sheets only.',
  },
  timeclock: {
    type: 'attendance_single',
    title: 'Time Clock Report',
    name: 'time clock report',
    wrongType: 'The Time Clock Report is for attendance records (attendance_single) only.',
  },
} as const;
export type TimeReportKind = keyof typeof TIME_REPORTS;
/** The longest period one report covers. */
export const MAX_PERIOD_DAYS = 366;

export interface TimesheetReportParams {
  format: ReportFormat;
  from: string;
  to: string;
  order: ListOrder;
  timeZone: string;
  showDeleted: boolean;
  /** Which report (absent: the Timesheet Report, as jobs queued before the Time Clock Report). */
  kind?: TimeReportKind;
}

/** One day a member worked: when they came in and left, the meal break, the hours less the break. */
export interface WorkedDay {
  member: string;
  date: string;
  timeIn: number;
  timeOut: number;
  mealMinutes: number;
  hours: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const instant = (v: unknown): number | undefined => {
  const s = v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
  return typeof s === 'string' ? parseTimestamp(s) : undefined;
};

/** The days of the sheets with both a time in and a later time out, dated in the zone. */
export function workedDays(records: EntityRecord[], timeZone: string): WorkedDay[] {
  const days: WorkedDay[] = [];
  for (const record of records) {
    const data = record as Record<string, unknown>;
    const person = data.personnel as { display_name?: unknown } | null | undefined;
    const member = typeof person?.display_name === 'string' && person.display_name ? person.display_name : record.display_name;
    for (let index = 0; index < 7; index++) {
      const suffix = daySuffix(index);
      const timeIn = instant(data[`time_in${suffix}`]);
      const timeOut = instant(data[`time_out${suffix}`]);
      if (timeIn === undefined || timeOut === undefined || timeOut <= timeIn) continue;
      const meal = Number(data[`meal_break${suffix}`]);
      const mealMinutes = Number.isFinite(meal) && meal > 0 ? meal : 0;
      const hours = round2(Math.max(0, (timeOut - timeIn) / 3_600_000 - mealMinutes / 60));
      days.push({ member, date: calendarDateIn(new Date(timeIn), timeZone), timeIn, timeOut, mealMinutes, hours });
    }
  }
  return days;
}

/** The Sunday that starts the week of a date (yyyy-MM-dd). */
export const weekOf = (date: string) => addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());

/** A line of the report: a day, or a total (no times; its label where the date goes). */
export interface TimesheetLine {
  member: string;
  date: string;
  timeIn: number | null;
  timeOut: number | null;
  mealMinutes: number | null;
  hours: number;
}

/**
 * The days within the period, by member (A to Z) and date, each member's weeks closed by
 * 'Week of {Sunday} total' and the member by 'Total', and 'All members' at the end.
 */
export function timesheetLines(days: WorkedDay[], from: string, to: string): TimesheetLine[] {
  const within = days.filter((d) => d.date >= from && d.date <= to).sort((a, b) => a.member.localeCompare(b.member) || a.timeIn - b.timeIn);
  const lines: TimesheetLine[] = [];
  const total = (member: string, date: string, hours: number) =>
    lines.push({ member, date, timeIn: null, timeOut: null, mealMinutes: null, hours: round2(hours) });
  let all = 0;
  for (let i = 0; i < within.length; ) {
    const member = within[i]!.member;
    let memberHours = 0;
    while (i < within.length && within[i]!.member === member) {
      const week = weekOf(within[i]!.date);
      let weekHours = 0;
      while (i < within.length && within[i]!.member === member && weekOf(within[i]!.date) === week) {
        const day = within[i]!;
        lines.push({ member, date: day.date, timeIn: day.timeIn, timeOut: day.timeOut, mealMinutes: day.mealMinutes, hours: day.hours });
        weekHours += day.hours;
        i += 1;
      }
      total(member, `Week of ${week} total`, weekHours);
      memberHours += weekHours;
    }
    total(member, 'Total', memberHours);
    all += memberHours;
  }
  total('All members', 'Total', all);
  return lines;
}

/** The period's checks: both ends dates, in order, at most MAX_PERIOD_DAYS long. */
export function checkPeriod(from: string | undefined, to: string | undefined): { from: string; to: string } {
  const errors: Record<string, string[]> = {};
  if (!from || !isDate(from)) errors.from = ['The from date must be a valid date (yyyy-MM-dd).'];
  if (!to || !isDate(to)) errors.to = ['The to date must be a valid date (yyyy-MM-dd).'];
  if (Object.keys(errors).length === 0) {
    const days = daysBetween(from!, to!);
    if (days < 0) errors.to = ['The to date must be on or after the from date.'];
    else if (days >= MAX_PERIOD_DAYS) errors.to = [`The period may not be longer than ${MAX_PERIOD_DAYS} days.`];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { from: from!, to: to! };
}

/** Checks the type, the period and the list as the requester, and queues the report. */
export async function startTimesheetReport(
  db: Kysely<DB>,
  jobs: JobQueue,
  auth: AuthContext,
  typeName: string,
  params: TimesheetReportParams,
) {
  const report = TIME_REPORTS[params.kind ?? 'timesheet'];
  if (typeName !== report.type) throw invalid({ typeName: [report.wrongType] });
  checkPeriod(params.from, params.to);
  await listScope(db, auth, report.type, params.order, params.showDeleted);
  const job = await jobs.enqueue(auth, TIMESHEET_REPORT_JOB, params as unknown as Record<string, unknown>);
  return { id: job.id };
}

const HEADINGS = ['Member', 'Date', 'Time in', 'Time out', 'Meal break (minutes)', 'Hours'];
const clock = (ms: number, timeZone: string) => wallClock(ms, timeZone).toISOString().slice(11, 16);

export function timesheetReportJob(deps: ReportDeps): JobHandler<TimesheetReportParams> {
  return async (job) => {
    const { format, from, to, order, timeZone, showDeleted } = job.params;
    const report = TIME_REPORTS[job.params.kind ?? 'timesheet'];
    const { scope } = await listScope(deps.db, job.auth, report.type, order, showDeleted);
    const ids = await listedIds(deps.db, job.auth, report.type, order, showDeleted);
    const days: WorkedDay[] = [];
    for (let i = 0; i < ids.length; i += PAGE_SIZE.max) {
      if (job.signal.aborted) throw new JobInterrupted();
      const records = await listedRecords(deps.db, job.auth, report.type, order, ids.slice(i, i + PAGE_SIZE.max), showDeleted);
      days.push(...workedDays(records, timeZone));
    }
    const lines = timesheetLines(days, from, to);
    const cells = (line: TimesheetLine): Cell[] => [
      line.member,
      isDate(line.date) ? new Date(`${line.date}T00:00:00Z`) : line.date,
      line.timeIn === null ? null : wallClock(line.timeIn, timeZone),
      line.timeOut === null ? null : wallClock(line.timeOut, timeZone),
      line.mealMinutes,
      line.hours,
    ];
    const texts = (line: TimesheetLine): string[] => [
      line.member,
      line.date,
      line.timeIn === null ? '' : clock(line.timeIn, timeZone),
      line.timeOut === null ? '' : clock(line.timeOut, timeZone),
      line.mealMinutes === null ? '' : String(line.mealMinutes),
      line.hours.toFixed(2),
    ];
    const tenantName = await tenantNameOf(deps.db, scope.tenantId);
    const stored = await deliverReport(deps, job.auth, {
      format,
      tenantId: scope.tenantId,
      typeId: scope.type.id,
      typeLabel: scope.type.label,
      name: report.name,
      timeZone,
      count: ids.length,
      xlsx: () => ({
        columns: [
          { heading: HEADINGS[0]!, kind: 'text' },
          { heading: HEADINGS[1]!, kind: 'date' },
          { heading: HEADINGS[2]!, kind: 'datetime' },
          { heading: HEADINGS[3]!, kind: 'datetime' },
          { heading: HEADINGS[4]!, kind: 'number' },
          { heading: HEADINGS[5]!, kind: 'number' },
        ],
        rows: (async function* () {
          yield lines.map(cells);
        })(),
      }),
      pdf: () => ({
        tenantName,
        title: report.title,
        details: [`Period: ${from} to ${to}`, 'Hours are time out less time in less the meal break.'],
        headings: HEADINGS,
        rows: (async function* () {
          yield lines.map(texts);
        })(),
      }),
    });
    return { resultUrl: stored.url, notes: { days: lines.length, format } };
  };
}
