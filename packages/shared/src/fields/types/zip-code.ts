import * as z from 'zod/mini';
import { fieldMessages } from '../messages.ts';
import type { FieldType } from '../types.ts';

/** A number keeps its leading zeros (2134 → '02134'); nine digits get their hyphen ('123456789' → '12345-6789'). */
function normaliseZip(raw: unknown): unknown {
  const text = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? String(raw).padStart(5, '0') : raw;
  if (typeof text !== 'string') return text;
  const s = text.trim();
  const plus4 = /^(\d{5})[\s-]?(\d{4})$/.exec(s);
  return plus4 ? `${plus4[1]}-${plus4[2]}` : s || null;
}

/** zip-code: a US ZIP code, stored as a string of 5 digits or ZIP+4 ('12345-6789'). */
export const zipCode: FieldType<string> = {
  key: 'zip-code',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseZip,
  validate: (value, field) => (/^\d{5}(-\d{4})?$/.test(value) ? [] : [fieldMessages.digits(field, 5)]),
  toText: (value) => value,
};
