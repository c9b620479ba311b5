import { type FieldDefinition, type FieldOption, optionKey } from '@turnout/shared';

/** Spec 02 §5, §9: search only above 5 options; a radio row up to 3; dropdown texts. */
export const SELECT_SEARCH_ABOVE = 5;
export const RADIO_ROW_MAX = 3;
export const NO_SELECTION_LABEL = '(No Selection)';
export const NO_SELECTION_VALUE = '__no_selection__';
export const SELECT_PLACEHOLDER = 'Select an item';
export const READ_ONLY_NONE = '(None)';
/** Read-only text of a chosen key that is a UUID no choice has: a reference to something not saved yet. */
export const READ_ONLY_UNSAVED = '(Unsaved)';
/** The placeholder of a dropdown's search while it is open (its filter). */
export const FILTER_PLACEHOLDER = 'Start Typing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A valid UUID (RFC 9562 versions 1 to 8), in either case. */
export const isUuid = (value: unknown): boolean => typeof value === 'string' && UUID.test(value);

export interface Choice {
  value: string;
  label: string;
}

/** The field's options in their sort order, as choices keyed by the stored key. */
export function optionChoices(field: FieldDefinition): Choice[] {
  const options = [...(field.params?.options ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const seen = new Set<string>();
  // A key listed twice (NERIS subtypes share 'OTHER' across parents) is offered once: Mantine refuses duplicates.
  return options
    .map((o: FieldOption) => ({ value: optionKey(o), label: String(o.label ?? o.value ?? optionKey(o)) }))
    .filter((c) => !seen.has(c.value) && Boolean(seen.add(c.value)));
}

/** The stored key of a choice: a number key stays a number when the option's key is one. */
export function storedKey(field: FieldDefinition, key: string): string | number {
  const option = field.params?.options?.find((o) => optionKey(o) === key);
  const raw = option ? (option.key ?? option.value) : undefined;
  return typeof raw === 'number' ? raw : key;
}

export const searchable = (count: number) => count > SELECT_SEARCH_ABOVE;

/** Options flagged defaultValue, for add mode. */
export const defaultKeys = (field: FieldDefinition): string[] =>
  (field.params?.options ?? []).filter((o) => o.defaultValue).map((o) => optionKey(o));

const isEmptyKey = (value: unknown) => value === null || value === undefined || value === '';

/**
 * What a read-only dropdown shows for one chosen key (spec 02 §5): the label of its choice; for a
 * valid UUID that no choice has (an option or record not saved yet) '(Unsaved)'; otherwise
 * `fallback` (the key itself by default). An empty key gives '' (the field shows '(None)').
 */
export function pickedText(value: unknown, choices: readonly Choice[], fallback?: string): string {
  if (isEmptyKey(value)) return '';
  const key = String(value);
  const found = choices.find((c) => c.value === key);
  if (found) return found.label;
  if (isUuid(key)) return READ_ONLY_UNSAVED;
  return fallback ?? key;
}

/** Several chosen keys as read-only text, each as `pickedText` shows it, joined with commas. */
export function pickedListText(values: unknown, choices: readonly Choice[]): string {
  const keys = Array.isArray(values) ? values : isEmptyKey(values) ? [] : [values];
  return keys
    .filter((k) => !isEmptyKey(k))
    .map((k) => pickedText(k, choices))
    .join(', ');
}
