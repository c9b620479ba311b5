import { type FieldDefinition, type FieldOption, fieldTypeOf, isDate, optionKey, parseTimestamp } from '@turnout/shared';

/**
 * A cell's text as the value a save takes (docs/decisions/0018-imports.md): numbers, yes/no,
 * options by label or key, dates in the tenant's date format or ISO, date-times in the tenant's
 * formats (in the importer's time zone) or ISO, JSON for values that are objects or lists.
 * What cannot be read is passed on as the text it was, so the field registry's own check
 * answers with the field's message, exactly as a save would.
 */
export interface CellContext {
  /** The tenant's date format (DATE_SHORT, DATE_MED or a pattern such as 'dd LLL yyyy'). */
  dateFormat: string;
  /** Where a date-time without a zone was written. */
  timeZone: string;
}

const PRESETS: Record<string, string> = { DATE_SHORT: 'M/d/yyyy', DATE_MED: 'LLL d, yyyy' };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TOKENS = /'[^']*'|yyyy|yy|LLL|MMM|LL|MM|L|M|dd|d/g;

const patterns = new Map<string, { regex: RegExp; order: string[] }>();

/** The date pattern as a regular expression, and which group is which part. */
function patternOf(format: string) {
  let cached = patterns.get(format);
  if (cached) return cached;
  const pattern = PRESETS[format] ?? (/^[A-Z0-9_]+$/.test(format) ? PRESETS.DATE_SHORT! : format);
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const m of pattern.matchAll(TOKENS)) {
    source += pattern
      .slice(last, m.index)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s*');
    const token = m[0];
    if (token.startsWith("'")) source += token.slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (token === 'yyyy') source += '(\\d{4})';
    else if (token === 'yy') source += '(\\d{2})';
    else if (token === 'LLL' || token === 'MMM') source += '([A-Za-z]{3,9})';
    else source += '(\\d{1,2})';
    if (!token.startsWith("'"))
      order.push(token[0] === 'y' ? (token === 'yy' ? 'yy' : 'y') : token.length === 3 ? 'mon' : token[0] === 'd' ? 'd' : 'm');
    last = m.index + token.length;
  }
  source += pattern.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  cached = { regex: new RegExp(`^${source}`, 'i'), order };
  patterns.set(format, cached);
  return cached;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date written in the tenant's format (or ISO) as yyyy-MM-dd, and the text after it; null when it is not one. */
export function parseDatePrefix(text: string, format: string): { date: string; rest: string } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso && isDate(iso[0])) return { date: iso[0], rest: text.slice(10) };
  const { regex, order } = patternOf(format);
  const m = regex.exec(text);
  if (!m) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  order.forEach((part, i) => {
    const v = m[i + 1]!;
    if (part === 'y') year = Number(v);
    else if (part === 'yy') year = 2000 + Number(v);
    else if (part === 'mon') month = MONTHS.indexOf(v.slice(0, 3).toLowerCase()) + 1;
    else if (part === 'm') month = Number(v);
    else day = Number(v);
  });
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isDate(date) ? { date, rest: text.slice(m[0].length) } : null;
}

/** A time of day: 14:05, 14:05:09, 2:05 PM, 2:05:09 pm. */
function parseTime(text: string): { hour: number; minute: number; second: number } | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*$/.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3] ?? 0);
  if (m[4]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[4].toLowerCase() === 'pm' ? 12 : 0);
  }
  return hour > 23 || minute > 59 || second > 59 ? null : { hour, minute, second };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000) / 60_000;
}

/** A wall-clock time in a zone as an ISO instant. */
export function zonedToIso(date: string, time: { hour: number; minute: number; second: number }, timeZone: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, time.hour, time.minute, time.second);
  let utc = wall - offsetAt(wall, timeZone) * 60_000;
  const again = wall - offsetAt(utc, timeZone) * 60_000;
  if (again !== utc) utc = again;
  return new Date(utc).toISOString();
}

const YES = new Set(['yes', 'y', 'true', '1', 'on']);
const NO = new Set(['no', 'n', 'false', '0', 'off']);

/** The key of the option whose label or key is `text` (any case); undefined when none is. */
function optionFor(options: FieldOption[] | undefined, text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  const found =
    options?.find((o) => optionKey(o).toLowerCase() === wanted) ?? options?.find((o) => String(o.label ?? '').toLowerCase() === wanted);
  return found ? optionKey(found) : undefined;
}

const SINGLE_CHOICE = new Set(['select-list', 'radio-list', 'select-adhoc', 'radio-adhoc', 'select-state', 'select-timezone']);
const MULTI_CHOICE = new Set(['select-list-multiple', 'checkbox-multiselect', 'checkbox-multiselect-adhoc']);

/** The value of a non-empty cell; undefined for an empty one (the column says nothing for this row). */
export function cellValue(field: FieldDefinition, raw: string, context: CellContext): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  const type = fieldTypeOf(field.type);
  const options = field.params?.options;
  if (field.type === 'boolean' || field.type === 'yes-no') {
    const lower = text.toLowerCase();
    return YES.has(lower) ? true : NO.has(lower) ? false : text;
  }
  if (type.family === 'number' && field.type !== 'year-entry') {
    const n = Number(text.replace(/,/g, ''));
    return Number.isFinite(n) ? n : text;
  }
  if (field.type === 'year-entry') return /^\d{1,4}$/.test(text) ? Number(text) : text;
  if (SINGLE_CHOICE.has(field.type)) return optionFor(options, text) ?? text;
  if (MULTI_CHOICE.has(field.type)) {
    if (text.startsWith('[')) return jsonOr(text);
    const whole = optionFor(options, text);
    if (whole !== undefined) return [whole];
    return text
      .split(/\s*[,;]\s*/)
      .filter((part) => part !== '')
      .map((part) => optionFor(options, part) ?? part);
  }
  if (field.type === 'date-picker') return parseDatePrefix(text, context.dateFormat)?.date ?? text;
  if (field.type === 'date-time-picker') {
    if (parseTimestamp(text) !== undefined) return text;
    const date = parseDatePrefix(text, context.dateFormat);
    if (!date) return text;
    const time = date.rest.trim() === '' ? { hour: 0, minute: 0, second: 0 } : parseTime(date.rest.replace(/^[T,\s]+/, ''));
    return time ? zonedToIso(date.date, time, context.timeZone) : text;
  }
  if (field.type === 'time-picker') {
    const time = parseTime(text);
    return time ? `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}` : text;
  }
  if (text.startsWith('{') || text.startsWith('[')) return jsonOr(text);
  return text;
}

function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
