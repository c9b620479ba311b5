import { calendarDateIn, daysBetween, type EntityType, formatTimestamp } from '@turnout/shared';

/**
 * What a time sheet shows of its punches (spec 02 §3 'Time sheet'; docs/decisions/0010): the
 * week's totals — finished shifts and the hours worked in them less their breaks — and, day by
 * day, when the shift began and ended and how long the breaks in it were. Pure: the punch
 * (time-sheets.ts) reads the stretches and writes what this answers.
 */
export interface Span {
  /** ISO instants; an open stretch has no end yet. */
  from: string;
  to: string | null;
}

export interface WeekTotals {
  shifts_worked_this_week: number;
  /** Hours in finished shifts less the finished breaks within them, to 2 decimals. */
  hours_worked_this_week: number;
}

const ms = (iso: string) => Date.parse(iso);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Milliseconds of the finished breaks that fall inside a finished shift (a break is clipped to its shift). */
function breakMs(shift: Span & { to: string }, breaks: Span[]): number {
  let total = 0;
  for (const b of breaks) {
    if (b.to === null) continue;
    const overlap = Math.min(ms(shift.to), ms(b.to)) - Math.max(ms(shift.from), ms(b.from));
    if (overlap > 0) total += overlap;
  }
  return total;
}

const finished = (shifts: Span[]) => shifts.filter((s): s is Span & { to: string } => s.to !== null);

export function weekTotals(shifts: Span[], breaks: Span[]): WeekTotals {
  const done = finished(shifts);
  const worked = done.reduce((sum, s) => sum + Math.max(0, ms(s.to) - ms(s.from) - breakMs(s, breaks)), 0);
  return { shifts_worked_this_week: done.length, hours_worked_this_week: round2(worked / 3_600_000) };
}

/** The property suffix of a day of the sheet's week: '' for the first, _1 … _6 after (the demo type's detail fields). */
export const daySuffix = (index: number) => (index === 0 ? '' : `_${index}`);

/** What each property must be for the punch to write it: a sheet type without it (or with another type) is left alone. */
const WRITES = {
  shifts_worked_this_week: 'number-entry',
  hours_worked_this_week: 'number-entry',
  time_in: 'date-time-picker',
  time_out: 'date-time-picker',
  meal_break: 'number-entry',
} as const;

const stampIn = (iso: string, timeZone: string) => ({ value: iso, display_value: formatTimestamp(iso, { timeZone }) });

/**
 * The values of the sheet that follow from its punches: the totals, and for each day of the
 * sheet's week on which a finished shift began (in the time zone), time in (the first start),
 * time out (the last end) and the meal break in whole minutes. Only properties the sheet's type
 * has, with the field type expected; days without a finished shift are not touched.
 */
export function sheetValues(
  type: EntityType,
  weekStart: string | null,
  shifts: Span[],
  breaks: Span[],
  timeZone: string,
): Record<string, unknown> {
  const fieldTypes = new Map(type.fields.map((f) => [f.field_data.property, f.field_data.type]));
  const values: Record<string, unknown> = {};
  const put = (base: keyof typeof WRITES, suffix: string, value: unknown) => {
    if (fieldTypes.get(`${base}${suffix}`) === WRITES[base]) values[`${base}${suffix}`] = value;
  };
  const totals = weekTotals(shifts, breaks);
  put('shifts_worked_this_week', '', totals.shifts_worked_this_week);
  put('hours_worked_this_week', '', totals.hours_worked_this_week);
  if (!weekStart || !/^\d{4}-\d{2}-\d{2}$/.test(weekStart)) return values;
  const days = new Map<number, { from: string; to: string; breakMs: number }>();
  for (const shift of finished(shifts)) {
    const index = daysBetween(weekStart, calendarDateIn(shift.from, timeZone));
    if (index < 0 || index > 6) continue;
    const day = days.get(index);
    days.set(index, {
      from: day && day.from < shift.from ? day.from : shift.from,
      to: day && day.to > shift.to ? day.to : shift.to,
      breakMs: (day?.breakMs ?? 0) + breakMs(shift, breaks),
    });
  }
  for (const [index, day] of days) {
    put('time_in', daySuffix(index), stampIn(day.from, timeZone));
    put('time_out', daySuffix(index), stampIn(day.to, timeZone));
    put('meal_break', daySuffix(index), Math.round(day.breakMs / 60_000));
  }
  return values;
}

/** The values of `next` that differ from what the record holds (compared as JSON). */
export function changedValues(current: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(next).filter(([property, value]) => JSON.stringify(current[property]) !== JSON.stringify(value)),
  );
}
