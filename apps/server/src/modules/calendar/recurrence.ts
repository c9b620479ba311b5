import {
  CALENDAR_MESSAGES,
  CUSTOM_KEYS,
  type CustomKey,
  PLATOON_PRESETS,
  RECURRENCE_PRESETS,
  type RecurrencePreset,
  type RecurringEventBody,
} from '@turnout/shared';
import { DateTime } from 'luxon';
import * as rrulePackage from 'rrule';
import type { FieldErrors } from '../../platform/http/errors.ts';

// rrule's CommonJS build gives Node's ESM loader only a default export; bundlers read its ESM build.
const withDefault = rrulePackage as unknown as { default?: typeof rrulePackage };
const rrule = withDefault.default?.RRule ? withDefault.default : rrulePackage;
const { RRule, RRuleSet } = rrule;
type Weekday = InstanceType<typeof import('rrule').Weekday>;

/**
 * Recurrence of a recurring event (spec 02 §9 presets), expressed as RFC 5545 rules with rrule.
 *
 * rrule works on "floating" times: each rule runs over wall-clock times written as UTC dates
 * (07:00 means 07:00 on the wall), and every occurrence is then placed in the definition's
 * time zone with Luxon. So a 24-hour shift that starts at 07:00 starts at 07:00 local on both
 * sides of a DST change, and lasts 23 or 25 real hours across it (its end is 07:00 the next
 * local day).
 */
export interface Recurrence {
  event_key: RecurrencePreset;
  platoon: 'A' | 'B' | 'C' | null;
  origin_day: string;
  ends_on: string | null;
  start_time: string;
  duration_minutes: number;
  all_day: boolean;
  time_zone: string;
  custom_key: CustomKey | null;
  custom_key_n: number | null;
  on_day_of_period: number[] | null;
  on_week_of_period: number | null;
}

/**
 * Platoon rotations: the days of a cycle the A platoon works, and where B and C start in it.
 * docs/calendar.md writes the patterns out with their sources.
 */
export const SHIFT_CYCLES: Record<string, { length: number; on: number[]; offsets: { A: number; B: number; C: number } }> = {
  // 24 on, 48 off.
  shift_24_48: { length: 3, on: [0], offsets: { A: 0, B: 1, C: 2 } },
  // 48 on, 96 off.
  shift_48_96: { length: 6, on: [0, 1], offsets: { A: 0, B: 2, C: 4 } },
  // California (Berkeley) swing: on, off, on, off, on, then four off.
  berkeley: { length: 9, on: [0, 2, 4], offsets: { A: 0, B: 3, C: 6 } },
  // Modified LA: seven shifts every other day, then eight off.
  modified_la: { length: 21, on: [0, 2, 4, 6, 8, 10, 12], offsets: { A: 0, B: 7, C: 14 } },
};

/** Sunday = 0 (the calendar's week start) to rrule's weekday objects (Monday = 0). */
const WEEKDAYS: Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

const isPreset = (key: string): key is RecurrencePreset => (RECURRENCE_PRESETS as readonly string[]).includes(key);
const isCustomKey = (key: string): key is CustomKey => (CUSTOM_KEYS as readonly string[]).includes(key);

/** Checks a definition beyond its shape: 422 messages per field, or a recurrence to expand. */
export function checkRecurrence(body: RecurringEventBody): { errors: FieldErrors; recurrence?: Recurrence } {
  const errors: FieldErrors = {};
  const days = body.on_day_of_period ?? null;
  const outside = (min: number, max: number) => days?.some((d) => d < min || d > max) ?? false;
  if (!isPreset(body.event_key)) errors.event_key = [CALENDAR_MESSAGES.presetUnknown];
  if (!DateTime.fromISO(body.origin_day).isValid) errors.origin_day = ['The date must be a real date.'];
  if (body.ends_on && !DateTime.fromISO(body.ends_on).isValid) errors.ends_on = ['The date must be a real date.'];
  else if (body.ends_on && body.ends_on < body.origin_day) errors.ends_on = [CALENDAR_MESSAGES.endBeforeStart];
  if (body.event_key === 'weekly' && outside(0, 6)) errors.on_day_of_period = [CALENDAR_MESSAGES.dayOutsidePeriod];
  if ((body.event_key === 'monthly' || body.event_key === 'annually') && outside(1, 31))
    errors.on_day_of_period = [CALENDAR_MESSAGES.dayOutsidePeriod];
  let customKey: CustomKey | null = null;
  if (body.event_key === 'custom') {
    if (!body.custom_key || !isCustomKey(body.custom_key)) errors.custom_key = [CALENDAR_MESSAGES.customNeedsKey];
    else customKey = body.custom_key;
    if (body.custom_key_n === null || body.custom_key_n === undefined || body.custom_key_n < 1)
      errors.custom_key_n = [CALENDAR_MESSAGES.intervalTooSmall];
    else if (body.custom_key_n > 366) errors.custom_key_n = ['The interval may not be greater than 366.'];
    const week = body.on_week_of_period ?? null;
    if (customKey === 'repeat_every_n_weeks' || customKey === 'repeat_every_n_months') {
      if (!days || days.length === 0) errors.on_day_of_period = [CALENDAR_MESSAGES.customNeedsDays];
      else if (customKey === 'repeat_every_n_weeks' || week !== null ? outside(0, 6) : outside(1, 31))
        errors.on_day_of_period = [CALENDAR_MESSAGES.dayOutsidePeriod];
    }
    if (week !== null && (customKey !== 'repeat_every_n_months' || week === 0 || week < -1 || week > 5))
      errors.on_week_of_period = [CALENDAR_MESSAGES.dayOutsidePeriod];
  }
  if (Object.keys(errors).length > 0 || !isPreset(body.event_key)) return { errors };
  const platoon = PLATOON_PRESETS.includes(body.event_key) ? (body.platoon ?? 'A') : null;
  return {
    errors,
    recurrence: {
      event_key: body.event_key,
      platoon,
      origin_day: body.origin_day,
      ends_on: body.ends_on ?? null,
      start_time: body.all_day ? '00:00' : body.start_time,
      duration_minutes: body.all_day ? 24 * 60 : body.duration_minutes,
      all_day: body.all_day,
      time_zone: body.time_zone,
      custom_key: customKey,
      custom_key_n: body.event_key === 'custom' ? (body.custom_key_n ?? 1) : null,
      on_day_of_period: days,
      on_week_of_period: body.event_key === 'custom' ? (body.on_week_of_period ?? null) : null,
    },
  };
}

/** A wall-clock day and time as the floating Date rrule works with. */
function floating(day: string, time = '00:00', plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d + plusDays, h, min));
}

/**
 * A rule's start moved forward by whole periods to a period before `after`: rrule walks every
 * occurrence from its start, so a rule started years ago would be walked all the way for each
 * month asked for. Whole periods keep the pattern (weekdays, platoon days, week parity).
 */
function ahead(start: Date, periodDays: number, after: Date | undefined): Date {
  if (!after) return start;
  const period = periodDays * 86_400_000;
  const periods = Math.floor((after.getTime() - start.getTime()) / period) - 1;
  return periods > 0 ? new Date(start.getTime() + periods * period) : start;
}

/** The rule set of a recurrence: one rule, or one per working day of a platoon's cycle; `after` lets daily and weekly rules start late. */
export function ruleSetOf(r: Recurrence, after?: Date) {
  const dtstart = floating(r.origin_day, r.start_time);
  const until = r.ends_on ? floating(r.ends_on, '23:59') : null;
  const base = { dtstart, until, wkst: RRule.SU };
  const origin = DateTime.fromISO(r.origin_day, { zone: 'UTC' });
  const set = new RRuleSet();
  const cycle = SHIFT_CYCLES[r.event_key];
  if (cycle) {
    const offset = cycle.offsets[r.platoon ?? 'A'];
    for (const day of cycle.on) {
      const first = (day + offset) % cycle.length;
      const start = ahead(floating(r.origin_day, r.start_time, first), cycle.length, after);
      set.rrule(new RRule({ ...base, freq: RRule.DAILY, interval: cycle.length, dtstart: start }));
    }
    return set;
  }
  const days = r.on_day_of_period && r.on_day_of_period.length > 0 ? r.on_day_of_period : null;
  const weekdays = (list: number[]) => list.map((d) => WEEKDAYS[d]!);
  const weekly = { ...base, freq: RRule.WEEKLY, dtstart: ahead(dtstart, 7, after) };
  switch (r.event_key) {
    case 'daily':
      set.rrule(new RRule({ ...base, freq: RRule.DAILY, dtstart: ahead(dtstart, 1, after) }));
      break;
    case 'weekly':
      set.rrule(new RRule({ ...weekly, byweekday: weekdays(days ?? [origin.weekday % 7]) }));
      break;
    case 'monthly':
      set.rrule(new RRule({ ...base, freq: RRule.MONTHLY, bymonthday: days ?? [origin.day] }));
      break;
    case 'annually':
      set.rrule(new RRule({ ...base, freq: RRule.YEARLY, bymonth: [origin.month], bymonthday: days ?? [origin.day] }));
      break;
    case 'weekdays':
      set.rrule(new RRule({ ...weekly, byweekday: weekdays([1, 2, 3, 4, 5]) }));
      break;
    case 'weekends':
      set.rrule(new RRule({ ...weekly, byweekday: weekdays([0, 6]) }));
      break;
    case 'custom': {
      const interval = r.custom_key_n ?? 1;
      if (r.custom_key === 'repeat_every_n_days')
        set.rrule(new RRule({ ...base, freq: RRule.DAILY, interval, dtstart: ahead(dtstart, interval, after) }));
      else if (r.custom_key === 'repeat_every_n_weeks')
        set.rrule(
          new RRule({
            ...base,
            freq: RRule.WEEKLY,
            interval,
            dtstart: ahead(dtstart, 7 * interval, after),
            byweekday: weekdays(days ?? [origin.weekday % 7]),
          }),
        );
      else if (r.on_week_of_period !== null)
        set.rrule(
          new RRule({
            ...base,
            freq: RRule.MONTHLY,
            interval,
            byweekday: (days ?? [origin.weekday % 7]).map((d) => WEEKDAYS[d]!.nth(r.on_week_of_period!)),
          }),
        );
      else set.rrule(new RRule({ ...base, freq: RRule.MONTHLY, interval, bymonthday: days ?? [origin.day] }));
      break;
    }
  }
  return set;
}

export interface Occurrence {
  start: DateTime;
  end: DateTime;
}

/**
 * The occurrences of a recurrence that overlap [from, to): start in the definition's zone at
 * its wall-clock time; end at the wall-clock time `duration_minutes` later.
 */
export function occurrencesBetween(r: Recurrence, from: Date, to: Date): Occurrence[] {
  // A day either side in floating time covers every zone's offset; the real overlap is checked below.
  const spanDays = Math.ceil(r.duration_minutes / 1440) + 1;
  const after = new Date(from.getTime() - spanDays * 86_400_000);
  const before = new Date(to.getTime() + 86_400_000);
  const out: Occurrence[] = [];
  for (const wall of ruleSetOf(r, after).between(after, before, true)) {
    const start = DateTime.fromObject(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      },
      { zone: r.time_zone },
    );
    // Whole days as calendar days: a 24-hour shift ends at the same wall-clock time next day.
    const end = start.plus({ days: Math.floor(r.duration_minutes / 1440), minutes: r.duration_minutes % 1440 });
    if (start.toMillis() < to.getTime() && end.toMillis() > from.getTime()) out.push({ start, end });
  }
  return out;
}
