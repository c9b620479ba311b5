import { DateTime, type DateTimeFormatOptions } from 'luxon';

/**
 * Dates and times in the tenant's formats (spec 01 §9, 02 §9) with Luxon: the formats are
 * Luxon preset names (DATE_SHORT, TIME_WITH_SECONDS, TIME_24_WITH_SECONDS); a token pattern
 * ('dd LLL yyyy') works too. Text is en-US, as the spec's examples.
 */
const LOCALE = 'en-US';

const preset = (name: string): DateTimeFormatOptions | undefined => {
  const value = (DateTime as unknown as Record<string, unknown>)[name];
  return value && typeof value === 'object' ? (value as DateTimeFormatOptions) : undefined;
};

function format(dt: DateTime, name: string | undefined, fallback: string): string {
  if (!dt.isValid) return '';
  const chosen = name || fallback;
  const options = preset(chosen);
  if (options) return dt.setLocale(LOCALE).toLocaleString(options);
  return /^[A-Z0-9_]+$/.test(chosen) ? dt.setLocale(LOCALE).toLocaleString(preset(fallback)) : dt.setLocale(LOCALE).toFormat(chosen);
}

/** 24-hour clocks have no AM/PM (TIME_24_WITH_SECONDS). */
export const is24Hour = (timeFormat: string | undefined) => !!timeFormat && /24/.test(timeFormat);

/** A calendar date 'yyyy-MM-dd' in the tenant's date format; '' when invalid. */
export const formatCalendarDate = (date: string, dateFormat?: string) => format(DateTime.fromISO(date), dateFormat, 'DATE_SHORT');

/** A time of day 'HH:mm[:ss]' in the tenant's time format; '' when invalid. */
export const formatTimeOfDay = (time: string, timeFormat?: string) =>
  format(DateTime.fromISO(`${TIME_PICKER_DATE}T${time}`), timeFormat, 'TIME_WITH_SECONDS');

/** An instant in the tenant's zone, date then time; '' when invalid. */
export function formatInstant(iso: string, ctx: { dateFormat?: string; timeFormat?: string; timeZone?: string }): string {
  const dt = DateTime.fromISO(iso, { setZone: false }).setZone(ctx.timeZone || 'UTC');
  if (!dt.isValid) return '';
  return `${format(dt, ctx.dateFormat, 'DATE_SHORT')} ${format(dt, ctx.timeFormat, 'TIME_WITH_SECONDS')}`;
}

/** The day of an instant in the tenant's zone and date format; '' when invalid. */
export function formatInstantDate(iso: string, ctx: { dateFormat?: string; timeZone?: string }): string {
  const dt = DateTime.fromISO(iso, { setZone: false }).setZone(ctx.timeZone || 'UTC');
  return dt.isValid ? format(dt, ctx.dateFormat, 'DATE_SHORT') : '';
}

/** Acceptance and approval stamps: yyyy-MM-dd h:mm a (spec 02 §9). */
export function formatStampTime(iso: string, timeZone?: string): string {
  const dt = DateTime.fromISO(iso).setZone(timeZone || 'UTC');
  return dt.isValid ? dt.setLocale(LOCALE).toFormat('yyyy-MM-dd h:mm a') : iso;
}

/** Today in the tenant's zone, 'yyyy-MM-dd'. */
export const todayIn = (timeZone?: string) =>
  DateTime.now()
    .setZone(timeZone || 'UTC')
    .toISODate() ?? '';

/** The date a time picker's time is taken on when a full timestamp is needed (spec 02 §5). */
export const TIME_PICKER_DATE = '1970-01-01';

/** A stored UTC instant as the picker's local 'yyyy-MM-dd HH:mm:ss' in the tenant's zone. */
export function instantToPicker(iso: string | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const dt = DateTime.fromISO(iso).setZone(timeZone || 'UTC');
  return dt.isValid ? dt.toFormat('yyyy-MM-dd HH:mm:ss') : null;
}

/** The picker's 'yyyy-MM-dd HH:mm:ss' in the tenant's zone as a UTC instant. */
export function pickerToInstant(local: string | null, timeZone?: string): string | null {
  if (!local) return null;
  const dt = DateTime.fromFormat(local.length === 16 ? `${local}:00` : local, 'yyyy-MM-dd HH:mm:ss', { zone: timeZone || 'UTC' });
  return dt.isValid ? dt.toUTC().toISO() : null;
}

/**
 * A stored calendar date for the picker. An invalid string falls back to today, logged only
 * (spec 02 §5 'Date pickers').
 */
export function calendarDateForPicker(value: string | undefined, timeZone?: string): string | null {
  if (!value) return null;
  const date = value.slice(0, 10);
  if (DateTime.fromISO(date).isValid) return date;
  console.error(`Invalid date '${value}': showing today.`);
  return todayIn(timeZone);
}
