import {
  canSeeField,
  type EntityType,
  type FieldDefinition,
  type FieldViewer,
  type FilterKind,
  fieldTypeOf,
  optionKey,
} from '@turnout/shared';

/**
 * The filters a type offers (spec 01 §5, 02 §5): only these field types, only when
 * canUseAsFilter is not false, and only fields the acting role may see.
 */
export const FILTERABLE_FIELD_TYPES = [
  'select-list',
  'checkbox-multiselect',
  'select-list-multiple',
  'radio-list',
  'select-adhoc',
  'radio-adhoc',
  'checkbox-multiselect-adhoc',
  'yes-no',
  'date-picker',
  'date-time-picker',
  'date-range',
] as const;

export interface FilterChoice {
  value: string;
  label: string;
}

export interface FieldFilter {
  property: string;
  title: string;
  kind: Exclude<FilterKind, 'none' | 'tenant'>;
  /** The field's own options (dropdowns); empty when they come from another type (sourceName). */
  choices: FilterChoice[];
  /** Options are the records of this type (params.sourceName). */
  sourceName?: string;
}

/** Blank or missing: the extra choice of a dropdown-adhoc filter, key NULL (spec 02 §5). */
export const BLANK_CHOICE: FilterChoice = { value: 'NULL', label: 'Blank or missing' };
/** dropdown-boolean: YES/NO, keys true/false (spec 02 §5). */
export const BOOLEAN_CHOICES: FilterChoice[] = [
  { value: 'true', label: 'YES' },
  { value: 'false', label: 'NO' },
];

export function fieldFilters(type: Pick<EntityType, 'fields'>, viewer: FieldViewer): FieldFilter[] {
  const filters: FieldFilter[] = [];
  for (const { field_data } of type.fields) {
    const field = field_data as FieldDefinition;
    if (!(FILTERABLE_FIELD_TYPES as readonly string[]).includes(field.type)) continue;
    if (field.params?.canUseAsFilter === false || !canSeeField(field.permissions, viewer)) continue;
    const kind = fieldTypeOf(field.type).filterKind;
    if (kind === 'none' || kind === 'tenant') continue;
    const options = (field.params?.options ?? []).map((o) => ({ value: optionKey(o), label: String(o.label ?? optionKey(o)) }));
    const sourceName = typeof field.params?.sourceName === 'string' && field.params.sourceName ? field.params.sourceName : undefined;
    const choices =
      kind === 'dropdown-boolean'
        ? BOOLEAN_CHOICES
        : kind === 'dropdown-adhoc'
          ? [...options, BLANK_CHOICE]
          : kind === 'date'
            ? []
            : options;
    filters.push({ property: field.property, title: field.title, kind, choices, ...(sourceName ? { sourceName } : {}) });
  }
  return filters;
}
