import * as z from 'zod/mini';
import { checkNumber } from '../checks.ts';
import { normaliseNumber } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldDefinition, FieldType } from '../types.ts';

export interface NumberRange {
  from?: number;
  to?: number;
}

/** A number or a number string; with a range, each end, blank ends dropped. */
function normaliseEntry(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('from' in raw || 'to' in raw)) return normaliseNumber(raw);
  const ends = Object.entries({ from: (raw as NumberRange).from, to: (raw as NumberRange).to }).map(([k, v]) => [k, normaliseNumber(v)]);
  const kept = ends.filter(([, v]) => v !== null && v !== undefined);
  return kept.length ? Object.fromEntries(kept) : null;
}

function checkEntry(value: number | NumberRange, field: FieldDefinition): string[] {
  const isRange = !!field.params?.isNumberRange;
  if ((typeof value === 'number') === isRange) return [fieldMessages.invalid(field)];
  if (typeof value === 'number') return checkNumber(field, value);
  const { from, to } = value;
  const messages = [from, to].flatMap((n) => (n === undefined ? [] : checkNumber(field, n)));
  if (from !== undefined && to !== undefined && to < from) messages.push(fieldMessages.range(field));
  return [...new Set(messages)];
}

/**
 * number-entry: a number (validation min, max, integer, digits). With params.isNumberRange the
 * value is { from?, to? } instead, each end checked the same way and to not below from. Number
 * strings ('1,250.5') are stored as numbers. Prints the number, or 'from - to'.
 */
export const numberEntry: FieldType<number | NumberRange> = {
  key: 'number-entry',
  family: 'number',
  holdsValue: true,
  value: z.union([z.number(), z.object({ from: z.optional(z.number()), to: z.optional(z.number()) })]),
  defaultParams: {},
  filterKind: 'none',
  normalise: normaliseEntry,
  isEmpty: (value) => typeof value === 'object' && value.from === undefined && value.to === undefined,
  validate: checkEntry,
  toText: (value) => (typeof value === 'number' ? String(value) : `${value.from ?? ''} - ${value.to ?? ''}`.trim()),
};
