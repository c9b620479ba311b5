import * as z from 'zod/mini';
import { checkLength } from '../checks.ts';
import { paramNumber } from '../checks-basic.ts';
import { fieldMessages } from '../messages.ts';
import type { FieldDefinition, FieldType } from '../types.ts';
import { SINGLE_TEXT_MAX, singleText } from './single-text.ts';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The rules of params.inputMask (spec 02 §3), on the text without its inputMaskSuffix. */
function checkMask(field: FieldDefinition, value: string): string[] {
  const { inputMask, inputMaskSuffix, inputMaskMinDigits, inputMaskMaxDigits } = field.params ?? {};
  let text = value.trim();
  if (typeof inputMaskSuffix === 'string' && inputMaskSuffix && text.endsWith(inputMaskSuffix))
    text = text.slice(0, -inputMaskSuffix.length).trim();
  const digits = text.replace(/\D/g, '').length;
  const exactly = (n: number) => (digits === n ? [] : [fieldMessages.digits(field, n)]);
  switch (inputMask) {
    case 'phone':
      return exactly(10);
    case 'ssn':
      return exactly(9);
    case 'dollar':
      return NUMERIC.test(text.replace(/[$,\s]/g, '')) ? [] : [fieldMessages.invalid(field)];
    case 'number':
      return NUMERIC.test(text.replace(/[,\s]/g, '')) ? [] : [fieldMessages.invalid(field)];
    case 'custom': {
      const min = paramNumber(inputMaskMinDigits);
      const max = paramNumber(inputMaskMaxDigits);
      if (min !== undefined && min === max) return exactly(min);
      return (min !== undefined && digits < min) || (max !== undefined && digits > max) ? [fieldMessages.invalid(field)] : [];
    }
    default:
      return [];
  }
}

/**
 * single-text-mask: one line of text typed through an input mask, stored as the text as
 * shown ('(555) 123-4567'), at most 255 characters. Masks: phone 10 digits, ssn 9 digits,
 * dollar and number numeric, custom inputMaskMinDigits..inputMaskMaxDigits digits.
 * Normalised like single-text (an object becomes its display_value, a number its text).
 */
export const singleTextMask: FieldType<string> = {
  key: 'single-text-mask',
  family: 'text',
  holdsValue: true,
  value: z.string(),
  defaultParams: {},
  filterKind: 'none',
  normalise: singleText.normalise,
  isEmpty: (value) => value.trim() === '',
  validate: (value, field) => [...checkLength(field, value, SINGLE_TEXT_MAX), ...checkMask(field, value)],
  toText: (value) => value,
};
