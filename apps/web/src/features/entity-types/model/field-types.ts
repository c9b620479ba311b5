import { ALL_FIELD_TYPE_KEYS, FIELD_TYPE_KEYS, type FieldFamily, type FieldTypeKey, fieldTypeOf, isFieldTypeKey } from '@turnout/shared';

/** How the families of spec 02 §3 'Field types' are headed in the type select. */
export const FAMILY_LABELS: Record<FieldFamily, string> = {
  selector: 'Selectors',
  date: 'Dates',
  text: 'Text',
  number: 'Numbers and choice',
  input: 'Other inputs',
  computed: 'Computed',
  display: 'Display',
  container: 'Containers',
  quiz: 'Quiz fields',
};

/** 'select-list-multiple' → 'Select list multiple'; a few names read better spelt out. */
const SPECIAL_LABELS: Partial<Record<FieldTypeKey, string>> = {
  'yes-no': 'Yes / No',
  'lat-lng': 'Latitude / longitude',
  'json-array': 'JSON array',
  'full-address-nfirs': 'Full address (NFIRS)',
  'select-adhoc': 'Select (ad hoc)',
  'radio-adhoc': 'Radio (ad hoc)',
  'checkbox-multiselect-adhoc': 'Checkbox multiselect (ad hoc)',
  'approval-required': 'Approval required (deprecated)',
  'zip-code': 'ZIP code',
};

export function fieldTypeLabel(key: string): string {
  if (isFieldTypeKey(key) && SPECIAL_LABELS[key]) return SPECIAL_LABELS[key];
  const words = key.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Field types only global admins may add (spec 02 §6; the server refuses them from others). */
export const GLOBAL_ONLY_FIELD_TYPES: readonly FieldTypeKey[] = ['query-logic'];

/** The grouped data of the type select: every one of the 70 types under its family. */
export function fieldTypeSelectData(globalAdmin: boolean): { group: string; items: { value: string; label: string }[] }[] {
  return (Object.keys(FIELD_TYPE_KEYS) as FieldFamily[]).map((family) => ({
    group: FAMILY_LABELS[family],
    items: FIELD_TYPE_KEYS[family]
      .filter((key) => globalAdmin || !GLOBAL_ONLY_FIELD_TYPES.includes(key))
      .map((key) => ({ value: key, label: fieldTypeLabel(key) })),
  }));
}

export const FIELD_TYPE_COUNT = ALL_FIELD_TYPE_KEYS.length;

/** A validation setting of field_data.validation (spec 02 §3). */
export type ValidationKey = 'required' | 'on_create_only' | 'min' | 'max' | 'digits' | 'integer' | 'min_selections' | 'max_selections';

const SLIDERS = new Set<string>(['number-slider', 'number-counter', 'star-rating']);
const MULTI_SELECTS = new Set<string>([
  'select-list-multiple',
  'checkbox-multiselect',
  'checkbox-multiselect-adhoc',
  'select-tenant-multiple',
  'select-filters',
  'checkbox-quiz',
]);

/**
 * The validation settings a field offers, as the type uses them (spec 02 §5, 03 §5): required and
 * on_create_only for every field that holds a value (computed ones are written by the server);
 * sliders min, max, integer and digits; number-entry digits and integer, or min and max when it is
 * a range (on save a range drops digits and a plain number drops min and max); multi-selects
 * their selection bounds.
 */
export function validationKeysFor(type: string, params: Record<string, unknown> | undefined): ValidationKey[] {
  const registry = fieldTypeOf(type);
  if (!registry.holdsValue || registry.family === 'computed') return [];
  const keys: ValidationKey[] = ['required', 'on_create_only'];
  if (SLIDERS.has(type)) keys.push('min', 'max', 'integer', 'digits');
  else if (type === 'number-entry')
    keys.push(...(params?.isNumberRange === true ? (['min', 'max', 'integer'] as const) : (['digits', 'integer'] as const)));
  if (MULTI_SELECTS.has(type)) keys.push('min_selections', 'max_selections');
  return keys;
}

export const VALIDATION_LABELS: Record<ValidationKey, string> = {
  required: 'Required',
  on_create_only: 'Editable on create only',
  min: 'Minimum',
  max: 'Maximum',
  digits: 'Digits',
  integer: 'Whole numbers only',
  min_selections: 'Minimum selections',
  max_selections: 'Maximum selections',
};

/** Types whose value is a file: report stamps of them take a height, not text settings (spec 03 §5). */
export function isFileLike(type: string | undefined): boolean {
  return type === 'single-file' || type === 'signature-pad';
}
