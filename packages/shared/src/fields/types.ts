import type { ZodMiniType } from 'zod/mini';

/**
 * The field-type registry core (spec 02 §3, §5). A field type is declared once, here, in a file
 * of its own: the shape of its value, its validation, its default params, the filter it
 * offers, how it prints as plain text, and whether it holds a value at all. The server
 * validates with it; the web app adds editor and display components beside it.
 */

/** Filter kinds of spec 02 §5. */
export type FilterKind = 'dropdown' | 'dropdown-boolean' | 'dropdown-adhoc' | 'date' | 'tenant' | 'none';

export type FieldFamily = 'selector' | 'date' | 'text' | 'number' | 'input' | 'computed' | 'display' | 'container' | 'quiz';

export interface FieldOption {
  key?: string;
  label?: string;
  value?: string | number | boolean | null;
  defaultValue?: boolean;
  correctAnswer?: boolean;
  sort?: number;
  image?: string;
  path?: string;
  offline_id?: string;
}

/** field_data.validation (spec 02 §3), plus the selection bounds of multi-selects (§5). */
export interface FieldValidation {
  required?: boolean;
  on_create_only?: boolean;
  min?: number | string | null;
  max?: number | string | null;
  digits?: number | string | null;
  integer?: boolean;
  min_selections?: number | null;
  max_selections?: number | null;
}

/** field_data.params (spec 02 §3 'Field params'); every key optional, unknown keys kept. */
export type FieldParams = Record<string, unknown> & {
  options?: FieldOption[];
  readonly?: boolean;
  isNumberRange?: boolean;
  allowMultipleUploads?: boolean;
  fileType?: 'image' | 'document' | 'audiovideo';
  canUseAsFilter?: boolean;
  maxHeight?: number;
  inputMask?: 'phone' | 'number' | 'custom' | 'ssn' | 'dollar';
  usesLabelsAndValues?: boolean;
  columnHeaders?: FieldOption[];
  rowHeaders?: FieldOption[];
};

/** field_data (spec 02 §3 'Field definition'): what the registry needs of it. */
export interface FieldDefinition {
  property: string;
  title: string;
  type: string;
  childtype?: string;
  helpText?: string;
  page?: number;
  sort_order?: number;
  table_sort_order?: number;
  validation?: FieldValidation;
  permissions?: { visible_to?: string[]; modifiable_by?: string[] };
  flags?: Record<string, boolean | undefined>;
  params?: FieldParams;
}

/** What rendering a value as text may need beyond the value (time zone and formats of the tenant). */
export interface TextContext {
  timeZone?: string;
  dateFormat?: 'DATE_SHORT' | string;
  timeFormat?: 'TIME_WITH_SECONDS' | 'TIME_24_WITH_SECONDS' | string;
}

export interface FieldType<V = unknown> {
  /** The type key stored in field_data.type, e.g. 'single-text'. */
  key: string;
  family: FieldFamily;
  /** Headings, text labels, column breaks and containers hold no value of their own. */
  holdsValue: boolean;
  /**
   * The shape of a stored value (null and undefined mean empty and are handled by `validateField`).
   * A zod/mini schema: the registry is on the record screen's first paint, and mini is a fraction
   * of classic zod's size there (issue 20). It parses as any zod schema (`value.safeParse(v)`).
   */
  value: ZodMiniType<V>;
  /** Params a new field of this type starts with. */
  defaultParams: FieldParams;
  filterKind: FilterKind;
  /**
   * Messages for a non-empty value that has the right shape (spec 02 §5 wording), beyond
   * required-ness, which `validateField` handles for every type alike.
   */
  validate(value: V, field: FieldDefinition): string[];
  /** On-save normalisation (spec 02 §5 'Save time'); returns the value to store. */
  normalise?(value: unknown, field: FieldDefinition): unknown;
  /** Is this (shape-valid) value empty for `required`? Default: null, undefined, '' or []. */
  isEmpty?(value: V): boolean;
  /** Plain text for tables, search and exports; '' when empty. */
  toText(value: V, field: FieldDefinition, context?: TextContext): string;
}
