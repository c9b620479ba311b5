import { formatTokens, pad, type WallClock } from './date-tokens.ts';

/**
 * Dates and times in the tenant's formats (spec 01 §9, 02 §9). The formats are luxon's: preset
 * names (DATE_SHORT, TIME_WITH_SECONDS, TIME_24_WITH_SECONDS), which are Intl.DateTimeFormat
 * options, or a token pattern ('dd LLL yyyy', date-tokens.ts). They are formatted with Intl, as
 * luxon did, without luxon's 19 KB on the record's path (decision 0046); the answers are luxon's,
 * which dates.test.ts checks. Text is en-US, as the spec's examples.
 */
const LOCALE = 'en-US';

const n = 'numeric';
const s = 'short';
const l = 'long';
const h23 = 'h23';

/** luxon's presets (DateTime.DATE_SHORT, …): the options luxon gives Intl.DateTimeFormat. */
const PRESETS: Record<string, Intl.DateTimeFormatOptions> = {
  DATE_SHORT: { year: n, month: n, day: n },
  DATE_MED: { year: n, month: s, day: n },
  DATE_MED_WITH_WEEKDAY: { year: n, month: s, day: n, weekday: s },
  DATE_FULL: { year: n, month: l, day: n },
  DATE_HUGE: { year: n, month: l, day: n, weekday: l },
  TIME_SIMPLE: { hour: n, minute: n },
  TIME_WITH_SECONDS: { hour: n, minute: n, second: n },
  TIME_WITH_SHORT_OFFSET: { hour: n, minute: n, second: n, timeZoneName: s },
  TIME_WITH_LONG_OFFSET: { hour: n, minute: n, second: n, timeZoneName: l },
  TIME_24_SIMPLE: { hour: n, minute: n, hourCycle: h23 },
  TIME_24_WITH_SECONDS: { hour: n, minute: n, second: n, hourCycle: h23 },
  TIME_24_WITH_SHORT_OFFSET: { hour: n, minute: n, second: n, hourCycle: h23, timeZoneName: s },
  TIME_24_WITH_LONG_OFFSET: { hour: n, minute: n, second: n, hourCycle: h23, timeZoneName: l },
  DATETIME_SHORT: { year: n, month: n, day: n, hour: n, minute: n },
  DATETIME_SHORT_WITH_SECONDS: { year: n, month: n, day: n, hour: n, minute: n, second: n },
  DATETIME_MED: { year: n, month: s, day: n, hour: n, minute: n },
  DATETIME_MED_WITH_SECONDS: { year: n, month: s, day: n, hour: n, minute: n, second: n },
  DATETIME_MED_WITH_WEEKDAY: { year: n, month: s, day: n, weekday: s, hour: n, minute: n },
  DATETIME_FULL: { year: n, month: l, day: n, hour: n, minute: n, timeZoneName: s },
  DATETIME_FULL_WITH_SECONDS: { year: n, month: l, day: n, hour: n, minute: n, second: n, timeZoneName: s },
  DATETIME_HUGE: { year: n, month: l, day: n, weekday: l, hour: n, minute: n, timeZoneName: l },
  DATETIME_HUGE_WITH_SECONDS: { year: n, month: l, day: n, weekday: l, hour: n, minute: n, second: n, timeZoneName: l },
};

/**
 * A time zone as luxon has them: an IANA name, a fixed offset in minutes ('UTC', 'UTC+5', or the offset
 * written in an ISO string), or LOCAL, the device's own zone.
 */
type Zone = string | number;
const LOCAL = 'local';

/** The largest instant a Date holds, in ms either side of 1970. */
const MAX_TIME = 8.64e15;

const ianaZones = new Map<string, boolean>();

/** Whether Intl knows an IANA name (luxon's IANAZone.isValidZone; Intl throws a RangeError). */
function isIanaZone(name: string): boolean {
  let known = ianaZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat(LOCALE, { timeZone: name }).format();
      known = true;
    } catch {
      known = false;
    }
    ianaZones.set(name, known);
  }
  return known;
}

/** luxon's signedOffset: '+05', '30' → 330 minutes; '-00', '30' → -30. */
function signedOffset(hours: string | undefined, minutes: string | undefined): number {
  const m = Number.parseInt(minutes ?? '', 10) || 0;
  return (Number.parseInt(hours ?? '', 10) || 0) * 60 + (hours?.startsWith('-') ? -m : m);
}

/** A zone name as luxon's setZone reads it; null when it names no zone (luxon: an invalid DateTime). */
function zoneNamed(name: string): Zone | null {
  const lowered = name.toLowerCase();
  if (lowered === 'default' || lowered === 'local' || lowered === 'system') return LOCAL;
  if (lowered === 'utc' || lowered === 'gmt') return 0;
  const fixed = /^utc(?:([+-]\d{1,2})(?::(\d{2}))?)?$/.exec(lowered);
  if (fixed) return signedOffset(fixed[1], fixed[2]);
  return isIanaZone(name) ? name : null;
}

/** Epoch ms of a wall-clock time read as UTC (luxon's objToLocalTS, years 0–99 included). */
function asUtc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (year < 0 || year >= 100) return time;
  const date = new Date(time);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset from UTC at an instant, in minutes (luxon's Zone.offset); NaN for no instant. */
function offsetAt(time: number, zone: Zone): number {
  if (typeof zone === 'number') return zone;
  if (Number.isNaN(time) || Math.abs(time) > MAX_TIME) return Number.NaN;
  if (zone === LOCAL) return -new Date(time).getTimezoneOffset();
  let format = offsetFormats.get(zone);
  if (!format) {
    const digits = '2-digit';
    format = new Intl.DateTimeFormat(LOCALE, {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: n,
      month: digits,
      day: digits,
      hour: digits,
      minute: digits,
      second: digits,
    });
    offsetFormats.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(time)) part[p.type] = p.value;
  const year = part.era === 'BC' ? 1 - Number(part.year) : Number(part.year);
  const wall = asUtc(year, Number(part.month), Number(part.day), Number(part.hour) % 24, Number(part.minute), Number(part.second), 0);
  const wholeSeconds = time - (((time % 1000) + 1000) % 1000);
  return (wall - wholeSeconds) / 60_000;
}

/** Whether an instant and its wall clock in a zone are in Date's range; luxon's DateTime is invalid when not. */
const inRange = (time: number, zone: Zone) => Math.abs(time) <= MAX_TIME && Math.abs(time + offsetAt(time, zone) * 60_000) <= MAX_TIME;

/** The wall clock of an instant in a zone (luxon's DateTime fields). */
function wallClock(time: number, zone: Zone): WallClock {
  const date = new Date(time + offsetAt(time, zone) * 60_000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    weekday: date.getUTCDay() || 7,
  };
}

/**
 * The instant of a wall-clock time (epoch ms read as UTC) in a zone: luxon's fixOffset. The
 * first guess is the zone's offset now, as luxon's; so a repeated hour (the clocks go back) is
 * read in the offset the zone has now, and a skipped one (they go forward) in the offset before
 * the change, so as much later on the clock as the change (02:30 → 03:30 in New York).
 */
function instantOf(wall: number, zone: Zone): number {
  const guess = offsetAt(Date.now(), zone);
  let time = wall - guess * 60_000;
  const second = offsetAt(time, zone);
  if (second === guess) return time;
  time -= (second - guess) * 60_000;
  const third = offsetAt(time, zone);
  if (second === third) return time;
  return wall - Math.min(second, third) * 60_000;
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) => (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);
const between = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;

/** Epoch ms of a date and time in a zone; NaN when a value is out of range (luxon's fromObject). */
function instantFrom(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, zone: Zone) {
  const validDate = Number.isInteger(year) && between(month, 1, 12) && between(day, 1, daysInMonth(year, month));
  const validTime =
    (between(hour, 0, 23) || (hour === 24 && minute === 0 && second === 0 && ms === 0)) &&
    between(minute, 0, 59) &&
    between(second, 0, 59) &&
    between(ms, 0, 999);
  if (!validDate || !validTime) return Number.NaN;
  const time = instantOf(asUtc(year, month, day, hour, minute, second, ms), zone);
  return Math.abs(time) <= MAX_TIME ? time : Number.NaN;
}

// luxon's ISO 8601 grammar (regexParser.js): calendar, week and ordinal dates, an optional time
// with an optional offset and [IANA zone], or a time alone.
const IANA = '[A-Za-z_+-]{1,256}(?::?\\/[A-Za-z0-9_+-]{1,256}(?:\\/[A-Za-z0-9_+-]{1,256})?)?';
const TIME = `(\\d\\d)(?::?(\\d\\d)(?::?(\\d\\d)(?:[.,](\\d{1,30}))?)?)?(?:(?:([Zz])|([+-]\\d\\d)(?::?(\\d\\d))?)?(?:\\[(${IANA})\\])?)?`;
const ISO_DATES: [RegExp, string][] = [
  [new RegExp(`^([+-]\\d{6}|\\d{4})(?:-?(\\d\\d)(?:-?(\\d\\d))?)?(?:[Tt]${TIME})?$`), 'calendar'],
  [new RegExp(`^(\\d{4})-?W(\\d\\d)(?:-?(\\d))?(?:[Tt]${TIME})?$`), 'week'],
  [new RegExp(`^(\\d{4})-?(\\d{3})()(?:[Tt]${TIME})?$`), 'ordinal'],
  [new RegExp(`^()()()${TIME}$`), 'time'],
];

const int = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number.parseInt(value, 10));

const DAY = 86_400_000;
const dateOf = (time: number): [number, number, number] => {
  const date = new Date(time);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
};

/** The [year, month, day] of ISO week `week`, day `weekday` (1 = Monday) of `weekYear`; null when out of range. */
function fromWeek(weekYear: number, week: number, weekday: number): [number, number, number] | null {
  const january4 = asUtc(weekYear, 1, 4, 0, 0, 0, 0);
  const monday = january4 - ((new Date(january4).getUTCDay() + 6) % 7) * DAY;
  // 28 December is in the year's last week.
  const weeks = Math.floor((asUtc(weekYear, 12, 28, 0, 0, 0, 0) - monday) / (7 * DAY)) + 1;
  if (!between(week, 1, weeks) || !between(weekday, 1, 7)) return null;
  return dateOf(monday + ((week - 1) * 7 + weekday - 1) * DAY);
}

/** The [year, month, day] of day `ordinal` (1 = 1 January) of `year`; null when out of range. */
function fromOrdinal(year: number, ordinal: number): [number, number, number] | null {
  return between(ordinal, 1, isLeapYear(year) ? 366 : 365) ? dateOf(asUtc(year, 1, ordinal, 0, 0, 0, 0)) : null;
}

/**
 * Epoch ms of an ISO 8601 string as luxon's DateTime.fromISO reads it; NaN when luxon would give
 * an invalid DateTime ('garbage', '2026-02-30'). Without an offset the time is the device's, and
 * the DateTime is in the device's zone.
 */
function fromIso(text: string): number {
  const time = parseIso(text);
  return inRange(time, LOCAL) ? time : Number.NaN;
}

/** fromIso before luxon puts the DateTime in the device's zone. */
function parseIso(text: string): number {
  for (const [pattern, kind] of ISO_DATES) {
    const m = pattern.exec(text);
    if (!m) continue;
    const [hour, minute, second, fraction, z, offsetHours, offsetMinutes, iana] = m.slice(4);
    const zone: Zone | null =
      iana !== undefined ? (isIanaZone(iana) ? iana : null) : z || offsetHours ? signedOffset(offsetHours, offsetMinutes) : LOCAL;
    if (zone === null) return Number.NaN;
    let date: [number, number, number] | null;
    if (kind === 'calendar') date = [int(m[1], 0), int(m[2], 1), int(m[3], 1)];
    else if (kind === 'week') date = fromWeek(int(m[1], 0), int(m[2], 0), int(m[3], 1));
    else if (kind === 'ordinal') date = fromOrdinal(int(m[1], 0), int(m[2], 0));
    else {
      const today = wallClock(Date.now(), zone);
      date = [today.year, today.month, today.day];
    }
    if (!date) return Number.NaN;
    const ms = fraction === undefined ? 0 : Math.floor(Number.parseFloat(`0.${fraction}`) * 1000);
    return instantFrom(date[0], date[1], date[2], int(hour, 0), int(minute, 0), int(second, 0), ms, zone);
  }
  return Number.NaN;
}

const presetFormats = new Map<string, Intl.DateTimeFormat>();

function presetFormat(preset: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${preset} ${timeZone}`;
  let format = presetFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...PRESETS[preset], timeZone });
    presetFormats.set(key, format);
  }
  return format;
}

/**
 * An instant in a zone in one of luxon's presets, as luxon's toLocaleString: Intl's format, or
 * for a fixed offset that is not a whole number of hours ('UTC' included), Intl's formatToParts
 * on the time moved by the offset, the zone named as luxon names it ('UTC-3:30'). The two can
 * differ in their spaces (V8's format writes ' ' before AM/PM, formatToParts U+202F), so the
 * same call as luxon's.
 */
function formatPreset(time: number, zone: Zone, preset: string): string {
  if (typeof zone !== 'number') return presetFormat(preset, zone === LOCAL ? undefined : zone).format(time);
  const etc = `Etc/GMT${zone <= 0 ? '+' : ''}${-zone / 60}`;
  if (zone !== 0 && isIanaZone(etc)) return presetFormat(preset, etc).format(time);
  const hours = Math.trunc(Math.abs(zone / 60));
  const minutes = Math.trunc(Math.abs(zone % 60));
  const name = zone === 0 ? 'UTC' : `UTC${zone >= 0 ? '+' : '-'}${hours}${minutes > 0 ? `:${minutes}` : ''}`;
  return presetFormat(preset, 'UTC')
    .formatToParts(time + zone * 60_000)
    .map((part) => (part.type === 'timeZoneName' ? name : part.value))
    .join('');
}

function format(time: number, zone: Zone, name: string | undefined, fallback: string): string {
  const chosen = name || fallback;
  if (Object.hasOwn(PRESETS, chosen)) return formatPreset(time, zone, chosen);
  return /^[A-Z0-9_]+$/.test(chosen) ? formatPreset(time, zone, fallback) : formatTokens(chosen, wallClock(time, zone));
}

/** luxon's toISODate: yyyy-MM-dd, or ±yyyyyy-MM-dd outside years 0–9999. */
const isoDate = (t: WallClock) => {
  const long = t.year > 9999 || t.year < 0;
  return `${long && t.year >= 0 ? '+' : ''}${pad(t.year, long ? 6 : 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}`;
};

/** An instant read from an ISO string and the zone it is shown in; null when either is invalid. */
function instantIn(iso: string, timeZone: string | undefined): { time: number; zone: Zone } | null {
  const time = fromIso(iso);
  const zone = zoneNamed(timeZone || 'UTC');
  return Number.isNaN(time) || zone === null || !inRange(time, zone) ? null : { time, zone };
}

/** 24-hour clocks have no AM/PM (TIME_24_WITH_SECONDS). */
export const is24Hour = (timeFormat: string | undefined) => !!timeFormat && /24/.test(timeFormat);

/** A calendar date 'yyyy-MM-dd' in the tenant's date format; '' when invalid. */
export function formatCalendarDate(date: string, dateFormat?: string): string {
  const time = fromIso(date);
  return Number.isNaN(time) ? '' : format(time, LOCAL, dateFormat, 'DATE_SHORT');
}

/** A time of day 'HH:mm[:ss]' in the tenant's time format; '' when invalid. */
export function formatTimeOfDay(time: string, timeFormat?: string): string {
  const instant = fromIso(`${TIME_PICKER_DATE}T${time}`);
  return Number.isNaN(instant) ? '' : format(instant, LOCAL, timeFormat, 'TIME_WITH_SECONDS');
}

/** An instant in the tenant's zone, date then time; '' when invalid. */
export function formatInstant(iso: string, ctx: { dateFormat?: string; timeFormat?: string; timeZone?: string }): string {
  const at = instantIn(iso, ctx.timeZone);
  if (!at) return '';
  return `${format(at.time, at.zone, ctx.dateFormat, 'DATE_SHORT')} ${format(at.time, at.zone, ctx.timeFormat, 'TIME_WITH_SECONDS')}`;
}

/** The day of an instant in the tenant's zone and date format; '' when invalid. */
export function formatInstantDate(iso: string, ctx: { dateFormat?: string; timeZone?: string }): string {
  const at = instantIn(iso, ctx.timeZone);
  return at ? format(at.time, at.zone, ctx.dateFormat, 'DATE_SHORT') : '';
}

/** Acceptance and approval stamps: yyyy-MM-dd h:mm a (spec 02 §9). */
export function formatStampTime(iso: string, timeZone?: string): string {
  const at = instantIn(iso, timeZone);
  return at ? formatTokens('yyyy-MM-dd h:mm a', wallClock(at.time, at.zone)) : iso;
}

/** The calendar day of an instant in a zone, 'yyyy-MM-dd'; '' when the zone is invalid. */
export function calendarDateOf(instant: Date, timeZone?: string): string {
  const zone = zoneNamed(timeZone || 'UTC');
  return zone === null || !inRange(instant.getTime(), zone) ? '' : isoDate(wallClock(instant.getTime(), zone));
}

/** Today in the tenant's zone, 'yyyy-MM-dd'. */
export const todayIn = (timeZone?: string) => calendarDateOf(new Date(), timeZone);

/** The date a time picker's time is taken on when a full timestamp is needed (spec 02 §5). */
export const TIME_PICKER_DATE = '1970-01-01';

/** A stored UTC instant as the picker's local 'yyyy-MM-dd HH:mm:ss' in the tenant's zone. */
export function instantToPicker(iso: string | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const at = instantIn(iso, timeZone);
  return at ? formatTokens('yyyy-MM-dd HH:mm:ss', wallClock(at.time, at.zone)) : null;
}

/** The picker's 'yyyy-MM-dd HH:mm:ss' in the tenant's zone as a UTC instant. */
export function pickerToInstant(local: string | null, timeZone?: string): string | null {
  if (!local) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(local.length === 16 ? `${local}:00` : local);
  const zone = zoneNamed(timeZone || 'UTC');
  if (!m || zone === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const time = instantFrom(year, month, day, hour, minute, second, 0, zone);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * A stored calendar date for the picker. An invalid string falls back to today, logged only
 * (spec 02 §5 'Date pickers').
 */
export function calendarDateForPicker(value: string | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = value.slice(0, 10);
  if (!Number.isNaN(fromIso(date))) return date;
  console.error(`Invalid date '${value}': showing today.`);
  return todayIn(timeZone);
}
