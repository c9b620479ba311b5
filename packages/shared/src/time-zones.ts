/**
 * Calendar days and weeks in a time zone (IANA names such as 'America/Chicago'), for the time
 * sheet's "today" and "this week" (spec 02 §4 'Time sheet punch card', 01 §9 'Week starts at the
 * start of the current week'). Only Intl: the same answers in the browser and on the server.
 */

/** The message of a time zone Intl does not know (422 keyed `time_zone`). */
export const TIME_ZONE_INVALID = 'The time zone is not valid.';

const NAME = /^[A-Za-z0-9_+-]{1,40}(\/[A-Za-z0-9_+-]{1,40}){0,2}$/;

/**
 * The canonical name of a time zone ('utc' → 'UTC', 'US/Central' → 'America/Chicago' where the
 * runtime's data says so), or null when it is not one Intl knows. Offsets like '+05:00' and
 * anything longer than a zone name are refused.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || !NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (name: unknown): name is string => canonicalTimeZone(name) !== null;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (yyyy-MM-dd) an instant falls on in a time zone (UTC when none is given). */
export function calendarDateIn(instant: Date | string, timeZone = 'UTC'): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const epochDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Whole days from one calendar date (yyyy-MM-dd) to another: 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(epochDay(to) - epochDay(from));
}

/** The calendar date `days` after a calendar date (yyyy-MM-dd). */
export function addDays(date: string, days: number): string {
  return new Date((epochDay(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The Sunday (yyyy-MM-dd) that starts the week an instant falls in, in a time zone. */
export function weekStartIn(instant: Date | string, timeZone = 'UTC'): string {
  const day = calendarDateIn(instant, timeZone);
  const weekday = new Date(epochDay(day) * 86_400_000).getUTCDay();
  return addDays(day, -weekday);
}
