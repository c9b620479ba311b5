import { ALL_FIELD_TYPE_KEYS } from './keys.ts';
import { fieldTypeOf } from './registry.ts';
import type { FieldDefinition, TextContext } from './types.ts';
import { fieldText, validateField } from './validate.ts';

/**
 * A battery of values run through every field type: its value schema alone, `validateField` and
 * `fieldText`, under a few field definitions. value-shapes.fixture.json holds what the registry
 * gave for them when its schemas were built with classic zod; value-shapes.test.ts checks that
 * the registry still gives exactly that (scripts/record-value-shapes.ts wrote the fixture).
 */

const long = (n: number) => 'x'.repeat(n);
const fileRef = {
  id: 'f1',
  original_name: 'scan.png',
  url: '/api/files/f1',
  path: 'a/b/scan.png',
  size_bytes: 10,
  md5: 'abc',
  is_restricted: false,
};
const stamp = (value: string | null) => ({ value, display_value: value });

/** Named inputs, made afresh for each use (a type that changed one in place would not change the next). */
export function valueShapeInputs(): [string, unknown][] {
  return [
    // Empty and blank
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['blank string', '   '],
    ['empty array', []],
    ['empty object', {}],
    ['array of null', [null]],
    ['array of blank', ['', ' ']],
    ['array of empty object', [{}]],
    // Scalars
    ['zero', 0],
    ['negative zero', -0],
    ['one', 1],
    ['minus one', -1],
    ['fraction', 1.5],
    ['year', 2026],
    ['negative year', -2026],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['max safe integer', Number.MAX_SAFE_INTEGER],
    ['2^53', 2 ** 53],
    ['1e21', 1e21],
    ['true', true],
    ['false', false],
    ['bigint', 5n],
    // Text
    ['text', 'abc'],
    ['padded text', '  padded  '],
    ['text with newline', 'line one\nline two'],
    ['text 255', long(255)],
    ['text 256', long(256)],
    ['text 65537', long(65537)],
    ['string true', 'true'],
    ['string false', 'false'],
    ['string yes', 'yes'],
    ['string No padded', ' No '],
    ['string 1', '1'],
    ['string 0', '0'],
    ['string 42', '42'],
    ['padded string 42', ' 42 '],
    ['string 1.5', '1.5'],
    ['string with thousands', ' 1,250.5 '],
    ['string exponent', '1e3'],
    ['string -7', '-7'],
    ['string year', '2026'],
    ['string 12345', '12345'],
    ['string 12345-6789', '12345-6789'],
    ['phone text', '(555) 123-4567'],
    ['email', 'a.b@example.com'],
    ['padded email', '  a.b@example.com  '],
    ['email without dot', 'a@localhost'],
    ['not an email', 'not-an-email'],
    ['color', '#ff0000'],
    ['icon', 'fa-fire'],
    ['state', 'OR'],
    ['lower state', 'or'],
    ['time zone', 'America/New_York'],
    ['role key', 'firefighter'],
    ['html', '<p>Hello <b>world</b> &amp; all</p>'],
    ['empty html', '<p><br></p>'],
    ['html with image', '<p><img src="x.png"></p>'],
    // Dates and times
    ['date', '2024-01-15'],
    ['padded date', ' 2024-01-15 '],
    ['impossible date', '2024-02-30'],
    ['timestamp Z', '2024-01-15T10:30:00Z'],
    ['timestamp offset', '2024-01-15T10:30:00.5+02:00'],
    ['timestamp without zone', '2024-01-15T10:30:00'],
    ['time', '10:30'],
    ['time with seconds', '23:59:59'],
    ['bad time', '25:00'],
    ['Date', new Date('2024-01-15T10:30:00Z')],
    ['invalid Date', new Date('not a date')],
    ['date-time value', { value: '2024-01-15T10:30:00Z', display_value: 'Jan 15' }],
    ['date-time value padded, extra key', { value: ' 2024-01-15 ', display_value: '', extra: 1 }],
    ['date-time value blank', { value: '' }],
    ['date-time value number', { value: 5 }],
    ['date-time value display number', { value: '2024-01-15', display_value: 5 }],
    ['range', { from: '2024-01-01', to: '2024-01-31' }],
    ['range reversed', { from: { value: '2024-02-01' }, to: { value: '2024-01-01T00:00:00Z' } }],
    ['range open end', { from: '2024-01-01' }],
    ['range blank', { from: '', to: null }],
    ['range as pair', ['2024-01-01', '2024-02-01']],
    ['range of bad date', { from: 'soon' }],
    ['range of values, extra key', { from: { value: '2024-01-01', extra: true }, to: { value: '2024-01-02' }, note: 'x' }],
    ['range of wrong kind', { from: { value: '2024-01-01' }, to: 5 }],
    // Numbers as objects
    ['number range', { from: 1, to: '5' }],
    ['number range reversed', { from: 10, to: 2 }],
    ['number range one end', { to: '1,000' }],
    ['number range fraction', { from: 0.5 }],
    ['number range text', { from: 'a', to: 2 }],
    // Lists
    ['list of keys', ['a', 'b', 'a']],
    ['list of mixed keys', ['a', 1, ' b ']],
    ['list of numbers', [1, 2]],
    ['list of booleans', [true]],
    ['nested list', [['a']]],
    ['list of objects', [{ a: 1 }]],
    ['list with undefined', ['a', undefined]],
    ['list of too much text', [long(65535)]],
    // Record references
    ['ref', { id: 'abc' }],
    ['ref with name, extra key', { id: 5, display_name: 'Chief', extra: 1 }],
    ['ref blank id', { id: '' }],
    ['ref padded id', { id: ' p1 ', display_name: 'Pat' }],
    ['ref object id', { id: {} }],
    ['ref without id', { display_name: 'Nobody' }],
    ['ref name not text', { id: 'p1', display_name: 5 }],
    ['refs', [{ id: 'a' }, { id: 'a' }, 'b', 7]],
    ['refs with bad item', [{ id: 'a' }, { name: 'x' }]],
    // Options and choices
    ['option key', 'a'],
    ['unknown option key', 'zzz'],
    ['option value', 1],
    ['correct key', 'c'],
    [
      'radio-table choices',
      [
        { rowId: 'r1', columnId: 'c1', extra: 1 },
        { rowId: 'r2', rowDisplayName: 'Second', columnId: 1 },
      ],
    ],
    [
      'radio-table row twice',
      [
        { rowId: 'r1', columnId: 'c1' },
        { rowId: 'r1', columnId: 'c2' },
      ],
    ],
    ['radio-table bad id', [{ rowId: true, columnId: 'c1' }]],
    ['radio-table missing column', [{ rowId: 'r1' }]],
    ['radio-table 50 rows', Array.from({ length: 50 }, (_, i) => ({ rowId: i, columnId: 'c1' }))],
    ['radio-table 51 rows', Array.from({ length: 51 }, (_, i) => ({ rowId: i, columnId: 'c1' }))],
    // Files and signatures
    ['file', fileRef],
    ['files', [fileRef, { id: 'f2' }]],
    ['file with nulls, numeric id', [{ id: 7, url: null, original_name: 'n.pdf' }]],
    ['file blank id', [{ id: '' }]],
    ['file fractional size', [{ id: 'f1', size_bytes: 1.5 }]],
    ['file negative size', [{ id: 'f1', size_bytes: -1 }]],
    ['file unsafe size', [{ id: 'f1', size_bytes: 2 ** 53 }]],
    ['file size as text', [{ id: 'f1', size_bytes: '10' }]],
    ['file extra key', [{ id: 'f1', uploaded_by: 'x' }]],
    ['signature png', 'data:image/png;base64,iVBORw0KGgo='],
    ['padded signature', '  data:image/jpeg;base64,AAAA  '],
    ['signature gif', 'data:image/gif;base64,AAAA'],
    ['signature as list', ['data:image/png;base64,AAAA']],
    // Composite values
    ['position', { lat: 45.5, lng: -122.6, value: '45.5 -122.6', display_value: 'Portland' }],
    ['position numbers only', { lat: 10, lng: 20 }],
    ['position text', '45.5 -122.6'],
    ['position comma text', '45.5,-122.6'],
    ['position three parts', '1 2 3'],
    ['position out of range', { lat: 100, lng: -200 }],
    ['position text parts', { lat: '1', lng: 'x' }],
    ['position in value', { value: '10 20' }],
    ['name', { nameprefix: 'Dr', first: ' John ', last: 'Doe', extra: 'x' }],
    ['name with number part', { first: 5, display_name: 'Five' }],
    ['name with object part', { first: {} }],
    ['name too long', { first: long(256) }],
    ['name blank parts', { first: ' ', last: null }],
    ['address', { street: 'Main St', city: 'Salem', state: 'OR', zipcode: 97301, addressPrefix: 'N', milepostNumber: 3 }],
    ['address with display name', { street: 'Main', display_name: 'Somewhere', crossStreet: '1st' }],
    ['address only extra keys', { country: 'US' }],
    ['address boolean part', { street: true }],
    ['acceptance', { checked: true, checkedBy: 5, checkedByName: 'Pat', checkedAt: '2024-01-15T10:30:00Z' }],
    ['decline', { declineChecked: true, declinedBy: 'u1', declinedByName: 'Sam', checkedAt: 'yesterday', display_value: null }],
    ['accept and decline', { checked: true, declineChecked: true }],
    ['acceptance wrong kinds', { checked: 'yes', checkedBy: {} }],
    ['approval', { approved_at: '2024-01-15T10:30:00Z', value: true }],
    ['approval not approved', { approved_at: null, value: false }],
    ['approval without value', { approved_at: '2024-01-15' }],
    ['approval value text', { value: 'true' }],
    [
      'quiz state',
      {
        started_at: stamp('2024-01-15T10:00:00Z'),
        finishes_at: null,
        finished_at: stamp('2024-01-15T10:20:00Z'),
        is_active: false,
        marking_array: { marksAchieved: 8, marksPossible: 10, quizMarksPercent: 80, extra: 1 },
        quiz_attempts_remaining: 1,
        questions: ['q1', 'q2'],
        passed: true,
        attempts_used: 1,
        unknown: 'dropped',
      },
    ],
    ['quiz in progress', { started_at: { value: '2024-01-15T10:00:00Z' }, is_active: true }],
    ['quiz fractional attempts', { started_at: stamp('2024-01-15T10:00:00Z'), quiz_attempts_remaining: 1.5 }],
    ['quiz bad marks', { marking_array: { marksAchieved: 11, marksPossible: 10, quizMarksPercent: 110 } }],
    ['quiz marks missing part', { marking_array: { marksAchieved: 1, marksPossible: 2 } }],
    ['quiz stamp wrong kind', { started_at: 'now' }],
    // JSON
    ['json object', { and: [{ '==': [{ var: 'a' }, 1] }, null, true, 'x'] }],
    ['json text object', '{"a":1}'],
    ['json text array', '[1,"two",{"three":3}]'],
    ['bad json text', '{not json'],
    ['object with undefined', { a: undefined }],
    ['object with Date', { when: new Date('2024-01-15T10:30:00Z') }],
    ['object with NaN', { n: Number.NaN }],
    ['object with function', { f: () => 1 }],
    ['activation status', { status: 'Active' }],
    ['xml importer config', { importerFolder: '', recordXpath: 5 }],
    [
      'matrix rows',
      [
        { a: 1, b: 'x' },
        { a: null, b: '' },
      ],
    ],
    ['matrix blank rows', [{ a: null, b: [] }, {}]],
    ['matrix row not object', [1, { a: 1 }]],
    ['matrix row with undefined', [{ a: undefined }]],
    ['matrix nested', [{ a: { b: [1, null, { c: 'd' }] } }]],
  ];
}

const options = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { value: 1, label: 'One' },
  { key: 'c', label: 'Correct', correctAnswer: true },
];

/** Field definitions each type is tried under (besides its type key), with the text context of each. */
const VARIANTS: { name: string; field: Omit<FieldDefinition, 'type'>; context?: TextContext }[] = [
  { name: 'plain', field: { property: 'p', title: 'T' } },
  {
    name: 'required',
    field: {
      property: 'p',
      title: 'T',
      validation: { required: true, min: 1, max: 100, integer: true, min_selections: 2, max_selections: 3 },
    },
    context: { timeZone: 'UTC' },
  },
  {
    name: 'params',
    field: {
      property: 'p',
      title: 'T',
      validation: { max: 5, digits: 1 },
      params: {
        options,
        isNumberRange: true,
        multiple: true,
        allowMultipleUploads: true,
        rowHeaders: [{ key: 'r1', label: 'Row 1' }, { key: 'r2' }],
        columnHeaders: [
          { key: 'c1', label: 'Col 1' },
          { value: 1, label: 'One' },
        ],
        formatResultAs: 'duration',
        quiz_pass_mark_percent: 50,
        acceptDecline: true,
        correctAnswer: true,
        customFunctionalityType: 'activation-status',
        inputMask: 'phone',
      },
    },
    context: { timeZone: 'America/New_York', dateFormat: 'dd LLL yyyy', timeFormat: 'HH:mm' },
  },
  {
    name: 'other params',
    field: {
      property: 'p',
      title: 'T',
      validation: { required: true, integer: true },
      params: {
        options: [],
        customFunctionalityType: 'xml-field-mapper',
        inputMask: 'custom',
        inputMaskMinDigits: 2,
        inputMaskMaxDigits: '4',
        formatResultAs: 'dollar',
        acceptDecline: false,
      },
    },
    context: { timeZone: 'Not/AZone', dateFormat: 'DATE_MED', timeFormat: 'TIME_24_SIMPLE' },
  },
];

/** FNV-1a (32 bits) of a string's UTF-16 code units, so long strings are compared without being stored. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * A value as JSON that keeps what JSON would lose or blur: undefined (also as an object's value),
 * NaN, ±Infinity, -0, bigints, dates and functions. Object keys stay in their order; text past 64 characters and
 * lists past 8 items are kept as their length and hash (the fixture stays small).
 */
export function encodeValue(v: unknown): unknown {
  if (typeof v === 'string' && v.length > 64) return { $: 'long string', length: v.length, fnv1a: fnv1a(v) };
  if (v === undefined) return { $: 'undefined' };
  if (typeof v === 'number')
    return Number.isFinite(v) && !Object.is(v, -0) ? v : { $: 'number', text: Object.is(v, -0) ? '-0' : String(v) };
  if (typeof v === 'bigint') return { $: 'bigint', text: String(v) };
  if (typeof v === 'function') return { $: 'function' };
  if (v instanceof Date) return { $: 'Date', text: Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString() };
  if (Array.isArray(v) && v.length > 8) return { $: 'long array', length: v.length, fnv1a: fnv1a(JSON.stringify(v.map(encodeValue))) };
  if (Array.isArray(v)) return v.map(encodeValue);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeValue(x)]));
  return v;
}

const attempt = <T>(run: () => T): unknown => {
  try {
    return encodeValue(run());
  } catch (e) {
    return { $: 'threw', message: e instanceof Error ? e.message : String(e) };
  }
};

/** What the value schema says of a value by itself: the parsed value, or each issue's code and path (not its wording). */
function shapeOf(key: string, input: unknown): unknown {
  const result = fieldTypeOf(key).value.safeParse(input);
  if (result.success) return { data: encodeValue(result.data) };
  return { issues: result.error.issues.map((issue) => `${issue.code} at ${issue.path.map(String).join('.')}`) };
}

/** Type keys tried: every key of the registry, and one it does not know (read as text). */
export const VALUE_SHAPE_TYPES: readonly string[] = [...ALL_FIELD_TYPE_KEYS, 'not-a-type'];

/** The one result when all variants give the same, else `{ each: [result per variant] }`. */
const oneOrEach = (results: unknown[]): unknown =>
  results.every((r) => JSON.stringify(r) === JSON.stringify(results[0])) ? results[0] : { each: results };

/** A part of an encoded validateField result (a throw stands for both parts). */
const part = (result: unknown, key: 'value' | 'errors'): unknown =>
  result !== null && typeof result === 'object' && 'errors' in result ? (result as Record<string, unknown>)[key] : result;

/**
 * For one type, per input name: [schema result, validateField's value, its errors, fieldText],
 * the last three once when every field variant gives the same, else `{ each }` per variant.
 */
export function valueShapes(key: string): Record<string, unknown> {
  const shapes = valueShapeInputs().map(([name, input]) => [name, attempt(() => shapeOf(key, input))] as const);
  const checks = VARIANTS.map((v) => valueShapeInputs().map(([, input]) => attempt(() => validateField({ ...v.field, type: key }, input))));
  const texts = VARIANTS.map((v) =>
    valueShapeInputs().map(([, input]) => attempt(() => fieldText({ ...v.field, type: key }, input, v.context))),
  );
  return Object.fromEntries(
    shapes.map(([name, shape], i) => [
      name,
      [
        shape,
        oneOrEach(checks.map((results) => part(results[i], 'value'))),
        oneOrEach(checks.map((results) => part(results[i], 'errors'))),
        oneOrEach(texts.map((results) => results[i])),
      ],
    ]),
  );
}

/**
 * Every type's results, by input: each input lists the distinct results with the types that
 * give them (most types answer most inputs alike, so the fixture stays small).
 */
export function valueShapesByInput(): Record<string, [string[], unknown][]> {
  const byInput: Record<string, Map<string, [string[], unknown]>> = {};
  for (const key of VALUE_SHAPE_TYPES) {
    for (const [name, result] of Object.entries(valueShapes(key))) {
      const groups = byInput[name] ?? new Map<string, [string[], unknown]>();
      byInput[name] = groups;
      const text = JSON.stringify(result);
      const group = groups.get(text) ?? [[], result];
      group[0].push(key);
      groups.set(text, group);
    }
  }
  return Object.fromEntries(Object.entries(byInput).map(([name, groups]) => [name, [...groups.values()]]));
}
