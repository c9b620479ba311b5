import type { FieldDefinition } from '@turnout/shared';

/** The input masks of spec 02 §3 (phone, number, custom, ssn, dollar). */
export type InputMask = 'phone' | 'number' | 'custom' | 'ssn' | 'dollar';

/** The fixed-slot pattern of a mask ('9' is a digit); number and dollar are free numbers instead. */
export const MASK_PATTERNS: Partial<Record<InputMask, string>> = {
  phone: '(999) 999-9999',
  ssn: '999-99-9999',
};

const positive = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface MaskSettings {
  mask: InputMask | undefined;
  suffix: string;
  minDigits?: number;
  maxDigits?: number;
}

export function maskSettings(field: FieldDefinition): MaskSettings {
  const p = field.params ?? {};
  const suffix = typeof p.inputMaskSuffix === 'string' ? p.inputMaskSuffix.trim() : '';
  return { mask: p.inputMask, suffix, minDigits: positive(p.inputMaskMinDigits), maxDigits: positive(p.inputMaskMaxDigits) };
}

/** The typed text without the suffix. */
export function withoutSuffix(value: string, suffix: string): string {
  const v = value.trim();
  return suffix && v.endsWith(suffix) ? v.slice(0, -suffix.length).trim() : v;
}

/** What is stored: the text as shown, then the suffix ('12 ft'); blank is null. */
export function withSuffix(text: string, suffix: string): string | null {
  const t = text.trim();
  return t === '' ? null : suffix ? `${t} ${suffix}` : t;
}

/** Custom mask: digits only, at most inputMaskMaxDigits. */
export function customDigits(text: string, maxDigits?: number): string {
  const digits = text.replace(/\D/g, '');
  return maxDigits ? digits.slice(0, maxDigits) : digits;
}

/** number and dollar: a number shown with thousands separators ('1,234.5'), dollar with '$' and 2 decimals. */
export function formatMaskedNumber(n: number, mask: 'number' | 'dollar'): string {
  return mask === 'dollar'
    ? `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : n.toLocaleString('en-US', { maximumFractionDigits: 10 });
}

/** The number in a stored number/dollar text ('$1,234.50 USD' → 1234.5); undefined when none. */
export function maskedNumber(text: string): number | undefined {
  const s = text.replace(/[$,\s]/g, '');
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
