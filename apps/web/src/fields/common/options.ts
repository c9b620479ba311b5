import { type FieldDefinition, type FieldOption, optionKey } from '@turnout/shared';

/** Spec 02 §5, §9: search only above 5 options; a radio row up to 3; dropdown texts. */
export const SELECT_SEARCH_ABOVE = 5;
export const RADIO_ROW_MAX = 3;
export const NO_SELECTION_LABEL = '(No Selection)';
export const NO_SELECTION_VALUE = '__no_selection__';
export const SELECT_PLACEHOLDER = 'Select an item';
export const READ_ONLY_NONE = '(None)';

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
