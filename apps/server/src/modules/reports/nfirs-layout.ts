/**
 * The NFIRS 5.0 transaction records the NFIRS Report writes (docs/decisions/0027-reports.md,
 * 'NFIRS Report'): the Basic module's Basic Incident (1005) and Incident Address (1010)
 * transactions of the NFIRS 5.0 incident flat-file transfer format. Every record starts with the
 * key elements (NFIRS Basic block A: FDID, state, incident date, incident number, exposure)
 * and its transaction code and type; elements are separated by '^' and each is written at its
 * fixed width, so every element of a transaction starts at the same column in every record.
 */

export type Align = 'text' | 'zero';

export interface NfirsElement {
  /** Our name of the element ('incident_number'), used in the missing list and the sources. */
  key: string;
  /** NFIRS's name ('Incident Number'). */
  name: string;
  /** Width in characters. */
  width: number;
  /** text: left-aligned, spaces after; zero: right-aligned, zeros before (exposure 0 → '000'). */
  align: Align;
  required: boolean;
}

const el = (key: string, name: string, width: number, required = false, align: Align = 'text'): NfirsElement => ({
  key,
  name,
  width,
  align,
  required,
});

/** The key of every transaction: Basic block A, then the transaction code and type. */
export const KEY_ELEMENTS: NfirsElement[] = [
  el('fdid', 'Fire Department ID (FDID)', 5, true),
  el('state', 'Fire Department State', 2, true),
  el('incident_date', 'Incident Date', 8, true),
  el('incident_number', 'Incident Number', 7, true),
  el('exposure', 'Exposure Number', 3, true, 'zero'),
];

export interface NfirsTransaction {
  code: string;
  name: string;
  elements: NfirsElement[];
}

export const BASIC_INCIDENT: NfirsTransaction = {
  code: '1005',
  name: 'Basic Incident',
  elements: [
    el('station', 'Station', 3),
    el('incident_type', 'Incident Type', 3, true),
    el('aid', 'Aid Given or Received', 1, true),
    el('alarm', 'Alarm Date Time', 14, true),
    el('arrival', 'Arrival Date Time', 14, true),
    el('cleared', 'Last Unit Cleared Date Time', 14),
  ],
};

export const INCIDENT_ADDRESS: NfirsTransaction = {
  code: '1010',
  name: 'Incident Address',
  elements: [
    el('location_type', 'Location Type', 1, true),
    el('number', 'Number/Milepost', 8),
    el('prefix', 'Street Prefix', 2),
    el('street', 'Street or Highway Name', 30, true),
    el('street_type', 'Street Type', 4),
    el('suffix', 'Street Suffix', 2),
    el('apt', 'Apt./Suite/Room', 15),
    el('city', 'City', 20, true),
    el('address_state', 'State', 2, true),
    el('zip', 'ZIP Code', 9),
    el('cross_street', 'Cross Street or Directions', 30),
  ],
};

export const TRANSACTIONS = [BASIC_INCIDENT, INCIDENT_ADDRESS];
/** Transaction type of the key: A = add (the design documentation's add/delete/change/no-activity flags). */
export const TRANSACTION_TYPE = 'A';
export const DELIMITER = '^';
export const RECORD_END = '\r\n';

/** A field's NFIRS params: pad to a length (zeros before digits, spaces after anything else), cut at a length. */
export interface NfirsParams {
  padLength?: number;
  maxLength?: number;
}

/** A value as the field's params say: cut at nfirs_max_length, then padded to nfirs_pad_length. */
export function applyParams(value: string, params: NfirsParams): string {
  let out = value;
  if (params.maxLength !== undefined && params.maxLength >= 0) out = out.slice(0, params.maxLength);
  if (params.padLength !== undefined && out.length < params.padLength)
    out = /^\d+$/.test(out) ? out.padStart(params.padLength, '0') : out.padEnd(params.padLength, ' ');
  return out;
}

/** Printable ASCII only: accents dropped ('é' → 'e'), the delimiter and line breaks become spaces, anything else '?'. */
export function asciiOf(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\^\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** A value at an element's fixed width: cut when longer (says so), aligned and padded when shorter. */
export function fitElement(value: string, element: NfirsElement): { text: string; cut: boolean } {
  const clean = asciiOf(value);
  const cut = clean.length > element.width;
  const kept = cut ? clean.slice(0, element.width) : clean;
  return { text: element.align === 'zero' ? kept.padStart(element.width, '0') : kept.padEnd(element.width, ' '), cut };
}

/** Where each element of a transaction's record starts (1-based column) and its width: the layout of the decision record. */
export function layoutOf(transaction: NfirsTransaction): { key: string; start: number; width: number }[] {
  const parts = [
    ...KEY_ELEMENTS.map((e) => ({ key: e.key, width: e.width })),
    { key: 'transaction_code', width: 4 },
    { key: 'transaction_type', width: 1 },
    ...transaction.elements.map((e) => ({ key: e.key, width: e.width })),
  ];
  let start = 1;
  return parts.map((p) => {
    const at = { ...p, start };
    start += p.width + DELIMITER.length;
    return at;
  });
}

/** Values of one incident by element key (already through the field's params); absent = blank. */
export type ElementValues = Record<string, string | undefined>;

/** One transaction record: key, code, type, then the elements, each at its width, '^' between. */
export function transactionRecord(transaction: NfirsTransaction, values: ElementValues): { line: string; cut: string[] } {
  const cut: string[] = [];
  const cell = (element: NfirsElement) => {
    const fitted = fitElement(values[element.key] ?? '', element);
    if (fitted.cut) cut.push(`${element.name} cut to ${element.width} characters`);
    return fitted.text;
  };
  const parts = [...KEY_ELEMENTS.map(cell), transaction.code, TRANSACTION_TYPE, ...transaction.elements.map(cell)];
  return { line: parts.join(DELIMITER), cut };
}

/** The required elements (key and transactions) left blank. */
export function missingElements(values: ElementValues): string[] {
  return [...KEY_ELEMENTS, ...TRANSACTIONS.flatMap((t) => t.elements)]
    .filter((e) => e.required && (values[e.key] ?? '').trim() === '')
    .map((e) => e.name);
}

/** An incident's records: Basic Incident, then Incident Address. */
export function incidentRecords(values: ElementValues): { text: string; cut: string[] } {
  const records = TRANSACTIONS.map((t) => transactionRecord(t, values));
  return { text: records.map((r) => r.line + RECORD_END).join(''), cut: [...new Set(records.flatMap((r) => r.cut))] };
}
