import * as z from 'zod/mini';
import { optionLabel } from './checks.ts';
import type { FieldDefinition, FieldValidation, TextContext } from './types.ts';

/**
 * Helpers the selector, date, text and number types share: list and record-reference
 * normalisation, number strings, ISO dates and their text in the tenant's formats, HTML to text.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field with some validation rules forced (e.g. integer for a star rating). */
export const withValidation = (field: FieldDefinition, patch: FieldValidation): FieldDefinition => ({
  ...field,
  validation: { ...field.validation, ...patch },
});

/** Numbers and booleans become text; blank text becomes null. */
export function normaliseText(raw: unknown): unknown {
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw === 'string' && raw.trim() === '') return null;
  return raw;
}

/** A number given as a number or a number string; undefined otherwise (for numeric params). */
export function paramNumber(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** true/false, 'yes'/'no', 'true'/'false' and 1/0 become booleans; blank becomes null. */
export function normaliseBoolean(raw: unknown): unknown {
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return raw;
  const s = raw.trim().toLowerCase();
  if (s === '') return null;
  if (s === 'yes' || s === 'true' || s === '1') return true;
  if (s === 'no' || s === 'false' || s === '0') return false;
  return raw;
}

/** Number strings ('42', ' 1,250.5 ') become numbers; blank becomes null; anything else is left for the shape check. */
export function normaliseNumber(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  let s = raw.trim();
  if (s === '') return null;
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s) ? Number(s) : raw;
}

// ---- Lists ----------------------------------------------------------------------------------

/** A single value becomes a one-item list; blanks are dropped and repeats removed (by `keyOf`). */
export function normaliseList(raw: unknown, each: (v: unknown) => unknown = (v) => v, keyOf: (v: unknown) => string = String): unknown {
  if (raw === null || raw === undefined) return raw;
  const items = (Array.isArray(raw) ? raw : [raw]).map(each).filter((v) => v !== null && v !== undefined && v !== '');
  const seen = new Set<string>();
  return items.filter((v) => {
    const k = keyOf(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const optionKeySchema = z.union([z.string(), z.number()]);

/** Trims a chosen key; blank means nothing chosen. */
export const normaliseKey = (raw: unknown): unknown => (typeof raw === 'string' ? raw.trim() || null : raw);

export const keysText = (field: FieldDefinition, keys: readonly (string | number)[]): string =>
  keys.map((k) => optionLabel(field.params?.options, String(k))).join(', ');

// ---- Record references (personnel, tenants) ----------------------------------------------

export interface RecordRef {
  id: string;
  display_name?: string;
}

export const recordRefSchema = z.object({ id: z.string().check(z.minLength(1)), display_name: z.optional(z.string()) });

/** A plain id or an object with an id becomes `{ id, display_name }`; other keys are dropped. */
export function normaliseRef(raw: unknown): unknown {
  if (typeof raw === 'number') return { id: String(raw) };
  if (typeof raw === 'string') return raw.trim() ? { id: raw.trim() } : null;
  if (!isObject(raw) || !('id' in raw)) return raw;
  const { id, display_name } = raw;
  if (id === null || id === undefined || id === '') return null;
  if (typeof id !== 'string' && typeof id !== 'number') return raw;
  const ref: RecordRef = { id: String(id).trim() };
  if (typeof display_name === 'string' && display_name !== '') ref.display_name = display_name;
  return ref;
}

export const refKey = (v: unknown): string => (isObject(v) ? String(v.id) : String(v));
export const refText = (ref: RecordRef): string => ref.display_name ?? ref.id;

// ---- Dates ----------------------------------------------------------------------------------

/** Spec 02 §3 'Date-time value'. */
export interface DateTimeValue {
  value: string;
  display_value?: string;
}

export const dateTimeValueSchema = z.object({ value: z.string(), display_value: z.optional(z.string()) });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

const isCalendarDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

export const isDate = (s: string): boolean => {
  const m = DATE.exec(s);
  return !!m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

export const isTime = (s: string): boolean => TIME.test(s);

/** Milliseconds of an ISO timestamp with a time zone (Z or ±HH:mm); undefined when invalid. */
export function parseTimestamp(s: string): number | undefined {
  const m = STAMP.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  if (!isCalendarDate(y, mo, d) || h > 23 || mi > 59 || sec > 59) return undefined;
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const zone = m[8]!.toUpperCase();
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms) - offset * 60_000;
}

/** A date (yyyy-MM-dd, as UTC midnight) or a timestamp, in milliseconds; undefined when invalid. */
export const parseDateOrTimestamp = (s: string): number | undefined => (isDate(s) ? Date.parse(`${s}T00:00:00Z`) : parseTimestamp(s));

/** A bare ISO string, a Date, or `{ value, display_value }` becomes a date-time value; blank becomes null. */
export function normaliseDateTime(raw: unknown, convert: (iso: string) => string = (s) => s): unknown {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? raw : { value: convert(raw.toISOString()) };
  if (typeof raw === 'string') return raw.trim() ? { value: convert(raw.trim()) } : null;
  if (!isObject(raw) || !('value' in raw)) return raw;
  if (raw.value === null || raw.value === undefined || raw.value === '') return null;
  if (typeof raw.value !== 'string') return raw;
  const out: DateTimeValue = { value: convert(raw.value.trim()) };
  if (typeof raw.display_value === 'string' && raw.display_value !== '') out.display_value = raw.display_value;
  return out;
}

/** A valid timestamp in UTC (toISOString form), so stored values sort and compare as text. */
export const canonicalTimestamp = (s: string): string => {
  const ms = parseTimestamp(s);
  return ms === undefined ? s : new Date(ms).toISOString();
};

export interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const PRESETS: Record<string, string> = {
  DATE_SHORT: 'M/d/yyyy',
  DATE_MED: 'LLL d, yyyy',
  TIME_SIMPLE: 'h:mm a',
  TIME_24_SIMPLE: 'HH:mm',
  TIME_WITH_SECONDS: 'h:mm:ss a',
  TIME_24_WITH_SECONDS: 'HH:mm:ss',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TOKENS = /'[^']*'|yyyy|yy|LLL|MMM|LL|MM|L|M|dd|d|HH|H|hh|h|mm|m|ss|s|a/g;

const pad2 = (n: number) => String(n).padStart(2, '0');
const h12 = (p: Parts) => p.hour % 12 || 12;
const TOKEN_TEXT: Record<string, (p: Parts) => string> = {
  yyyy: (p) => String(p.year).padStart(4, '0'),
  yy: (p) => pad2(p.year % 100),
  LLL: (p) => MONTHS[p.month - 1]!,
  MMM: (p) => MONTHS[p.month - 1]!,
  LL: (p) => pad2(p.month),
  MM: (p) => pad2(p.month),
  L: (p) => String(p.month),
  M: (p) => String(p.month),
  dd: (p) => pad2(p.day),
  d: (p) => String(p.day),
  HH: (p) => pad2(p.hour),
  H: (p) => String(p.hour),
  hh: (p) => pad2(h12(p)),
  h: (p) => String(h12(p)),
  mm: (p) => pad2(p.minute),
  m: (p) => String(p.minute),
  ss: (p) => pad2(p.second),
  s: (p) => String(p.second),
  a: (p) => (p.hour < 12 ? 'AM' : 'PM'),
};

/**
 * A pattern read once into its pieces (literal text, or a token's text of the parts): a long
 * export formats two timestamps a record, so the pattern is not scanned again for each.
 */
const compiledPatterns = new Map<string, (p: Parts) => string>();
function compiledPattern(pattern: string): (p: Parts) => string {
  const known = compiledPatterns.get(pattern);
  if (known) return known;
  const pieces: (string | ((p: Parts) => string))[] = [];
  let at = 0;
  for (const m of pattern.matchAll(TOKENS)) {
    if (m.index > at) pieces.push(pattern.slice(at, m.index));
    pieces.push(m[0].startsWith("'") ? m[0].slice(1, -1) : TOKEN_TEXT[m[0]]!);
    at = m.index + m[0].length;
  }
  if (at < pattern.length) pieces.push(pattern.slice(at));
  const format = (p: Parts) => {
    let out = '';
    for (const piece of pieces) out += typeof piece === 'string' ? piece : piece(p);
    return out;
  };
  if (compiledPatterns.size < 1000) compiledPatterns.set(pattern, format);
  return format;
}

/** Luxon-style presets (DATE_SHORT, TIME_WITH_SECONDS, …) or token patterns such as 'dd LLL yyyy'. */
function formatParts(p: Parts, format: string | undefined, fallback: string): string {
  const pattern = !format ? PRESETS[fallback]! : (PRESETS[format] ?? (/^[A-Z0-9_]+$/.test(format) ? PRESETS[fallback]! : format));
  return compiledPattern(pattern)(p);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    const n = 'numeric';
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: n, month: n, day: n, hour: n, minute: n, second: n });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23', year: n, month: n, day: n, hour: n, minute: n, second: n });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Clock parts of an instant in a time zone as Intl gives them; an unknown zone counts as UTC. */
function intlParts(ms: number, timeZone: string): Parts {
  const parts = Object.fromEntries(
    zoneFormatter(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, Number(x.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const DAY_MS = 86_400_000;
/** Instants in this range (years 1900–2199) may take the per-day offset; others ask Intl each time. */
const FAST_FROM = Date.UTC(1900, 0, 1);
const FAST_TO = Date.UTC(2200, 0, 1);
/** Per zone: each UTC day's offset from UTC in ms, or null when the offset changes during that day. */
const dayOffsets = new Map<string, Map<number, number | null>>();

/** The zone's offset at a whole second: its wall clock read as UTC, less the instant. */
function offsetAt(second: number, timeZone: string): number {
  const p = intlParts(second, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - second;
}

/**
 * Clock parts of an instant in a time zone; an unknown zone counts as UTC. A zone's offset is
 * read from Intl once per UTC day (at its first and last second: equal means no change in
 * between), so the many timestamps of a long export cost date arithmetic, not an Intl call each.
 */
export function zonedParts(ms: number, timeZone = 'UTC'): Parts {
  if (!(ms >= FAST_FROM && ms < FAST_TO)) return intlParts(ms, timeZone);
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS, timeZone);
    offset = first === offsetAt(day * DAY_MS + DAY_MS - 1000, timeZone) ? first : null;
    if (days.size > 100_000) days.clear();
    days.set(day, offset);
  }
  if (offset === null) return intlParts(ms, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const midnight = { hour: 0, minute: 0, second: 0 };

/** A calendar date (yyyy-MM-dd) in the tenant's date format; '' when invalid. */
export function formatDate(date: string, context: TextContext = {}): string {
  if (!isDate(date)) return '';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return formatParts({ year, month, day, ...midnight }, context.dateFormat, 'DATE_SHORT');
}

/** A time of day (HH:mm or HH:mm:ss) in the tenant's time format; '' when invalid. */
export function formatTime(time: string, context: TextContext = {}): string {
  const m = TIME.exec(time);
  if (!m) return '';
  const p = { year: 1970, month: 1, day: 1, hour: Number(m[1]), minute: Number(m[2]), second: Number(m[3] ?? 0) };
  return formatParts(p, context.timeFormat, 'TIME_WITH_SECONDS');
}

/** A timestamp as date and time in the tenant's time zone (default UTC) and formats; '' when invalid. */
export function formatTimestamp(iso: string, context: TextContext = {}): string {
  const ms = parseTimestamp(iso);
  return ms === undefined ? '' : formatInstant(ms, context);
}

/** An instant (milliseconds) as date and time in the tenant's time zone and formats, as formatTimestamp. */
export function formatInstant(ms: number, context: TextContext = {}): string {
  const p = zonedParts(ms, context.timeZone);
  return `${formatParts(p, context.dateFormat, 'DATE_SHORT')} ${formatParts(p, context.timeFormat, 'TIME_WITH_SECONDS')}`;
}

/** A date or a timestamp, whichever it is. */
export const formatDateOrTimestamp = (s: string, context?: TextContext): string =>
  isDate(s) ? formatDate(s, context) : formatTimestamp(s, context);

// ---- HTML -----------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntity = (whole: string, name: string): string => {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
};

/** Plain text of an HTML fragment: tags stripped, line breaks kept, basic entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** HTML with no text and no embedded media is empty (an editor's '<p><br></p>'). */
export const isHtmlEmpty = (html: string): boolean => htmlToText(html) === '' && !/<(img|video|audio|iframe)\b/i.test(html);
