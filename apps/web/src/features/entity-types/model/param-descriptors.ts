import { type FieldTypeKey, fieldTypeOf, isFieldTypeKey } from '@turnout/shared';

/**
 * A field type's settings described as data (the directus idea in STYLE.md): each type lists the
 * params it uses, and one form (ParamsForm) renders any list. A type missing here fails the
 * type-check (`satisfies Record<FieldTypeKey, …>`).
 */
export type ParamKind =
  /** One line of text; `multiline` for a paragraph. */
  | 'text'
  | 'number'
  | 'boolean'
  /** One of `choices`. */
  | 'select'
  /** Rows of {key, label, value, defaultValue, correctAnswer}, drag-sortable. */
  | 'options'
  /** Any JSON value, typed as JSON text. */
  | 'json'
  /** Another entity type, by name. */
  | 'entity-type'
  /** A JSON-logic rule made with the rule builder over this type's fields. */
  | 'rule'
  /** Role keys, with ALL. */
  | 'roles'
  /** Other fields of this type (by offline_id). */
  | 'fields';

export interface ParamDescriptor {
  key: string;
  label: string;
  kind: ParamKind;
  description?: string;
  choices?: readonly { value: string; label: string }[];
  multiline?: boolean;
  /** Which option columns an options editor shows beyond key, label and value. */
  optionColumns?: readonly ('defaultValue' | 'correctAnswer')[];
}

const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));

const readonly: ParamDescriptor = { key: 'readonly', label: 'Read only', kind: 'boolean' };
const hidePublic: ParamDescriptor = { key: 'hide_when_public_form', label: 'Hide on public forms', kind: 'boolean' };
const onlyWhenNull: ParamDescriptor = { key: 'updatable_only_when_null', label: 'Updatable only while empty', kind: 'boolean' };
const fillWhenEmpty: ParamDescriptor = { key: 'fill_with_value_when_empty', label: 'Fill with this value when empty', kind: 'text' };
/** What every field holding a value can do. */
const VALUE: readonly ParamDescriptor[] = [readonly, hidePublic, onlyWhenNull];

const asFilter: ParamDescriptor = { key: 'canUseAsFilter', label: 'Can be used as a list filter', kind: 'boolean' };
const asGroup: ParamDescriptor = { key: 'canUseAsGroup', label: 'Can be used to group', kind: 'boolean' };
const inHeader: ParamDescriptor = { key: 'displayFilterInHeader', label: 'Show its filter in the list header', kind: 'boolean' };
const sourceName: ParamDescriptor = {
  key: 'sourceName',
  label: 'Options from records of',
  kind: 'entity-type',
  description: 'Leave empty to use the options below.',
};
const optionsFilter: ParamDescriptor = { key: 'optionsFilter', label: 'Offer an option only when', kind: 'rule' };
const serverFilter: ParamDescriptor = { key: 'serverFilter', label: 'Server filter (JSON)', kind: 'json' };
const options = (columns: ParamDescriptor['optionColumns'] = ['defaultValue']): ParamDescriptor => ({
  key: 'options',
  label: 'Options',
  kind: 'options',
  optionColumns: columns,
});
const labelsAndValues: ParamDescriptor = { key: 'usesLabelsAndValues', label: 'Options have values besides labels', kind: 'boolean' };
/** Choice lists made of options (spec 02 §3 'Field params' options). */
const OPTION_LIST: readonly ParamDescriptor[] = [
  options(),
  labelsAndValues,
  sourceName,
  optionsFilter,
  serverFilter,
  asFilter,
  asGroup,
  inHeader,
  ...VALUE,
  fillWhenEmpty,
];

const hierarchical: ParamDescriptor = {
  key: 'hierarchical',
  label: 'Options are levels (keys joined with ||)',
  kind: 'boolean',
  description: 'Shown as a searchable picker grouped by the first level, like the NERIS incident types.',
};

/**
 * The national-standard mappings of a field (spec 02 §3 'Field params' neris_property and
 * nemsis_property): which NERIS or NEMSIS element it fills. Internal (vendor) roles set them
 * (spec 02 §6); the NERIS export reads neris_property (docs/neris.md).
 */
export const STANDARD_PROPERTY_PARAMS: readonly ParamDescriptor[] = [
  {
    key: 'neris_property',
    label: 'NERIS property',
    kind: 'text',
    description: 'A NERIS element, e.g. incident_people_present (GET /api/neris/properties lists them).',
  },
  { key: 'nemsis_property', label: 'NEMSIS property', kind: 'text', description: 'A NEMSIS element, e.g. eTimes.03.' },
];

/** The params a form shows: the type's own, and the standard mappings for internal roles of value-holding types. */
export function paramDescriptorsForEditor(type: string, internalRole: boolean): readonly ParamDescriptor[] {
  const own = paramDescriptorsFor(type);
  const holdsValue = isFieldTypeKey(type) ? fieldTypeOf(type).holdsValue : true;
  return internalRole && holdsValue ? [...own, ...STANDARD_PROPERTY_PARAMS] : own;
}

const maxHeight: ParamDescriptor = { key: 'maxHeight', label: 'Editor height (px)', kind: 'number', description: 'At most 400.' };
const quizMarks: ParamDescriptor = { key: 'quiz_correct_answer_marks', label: 'Marks for a correct answer', kind: 'number' };
const buttonLabel: ParamDescriptor = { key: 'show_button_label', label: 'Show the button label', kind: 'boolean' };
const buttonStyle: ParamDescriptor = { key: 'button_style', label: 'Button style', kind: 'select', choices: choices('primary', 'outline') };
const navigateTo: ParamDescriptor = {
  key: 'navigate_to',
  label: 'Opens',
  kind: 'select',
  choices: [
    { value: 'url', label: 'A URL' },
    { value: 'create-entity', label: 'A new record' },
    { value: 'entity-list', label: 'A record list' },
    { value: 'current-timesheet', label: 'The current time sheet' },
    { value: 'current-handbook', label: 'The current handbook' },
    { value: 'tenant-file', label: 'A department file' },
    { value: 'report', label: 'A report' },
    { value: 'field-value', label: "A field's value" },
  ],
};
const linkToType: ParamDescriptor = { key: 'linkToType', label: 'Entity type', kind: 'entity-type' };
const url: ParamDescriptor = { key: 'url', label: 'URL', kind: 'text' };
const fieldList: ParamDescriptor = { key: 'fieldList', label: 'Fields inside', kind: 'fields' };
const formatResultAs: ParamDescriptor = {
  key: 'formatResultAs',
  label: 'Format the result as',
  kind: 'select',
  choices: choices('duration', 'date', 'dollar'),
};
const lockedToCreationDate: ParamDescriptor = { key: 'lockedToCreationDate', label: 'Locked to the creation date', kind: 'boolean' };
const entityTypeTarget: ParamDescriptor = { key: 'entityTypeTarget', label: 'Records of', kind: 'entity-type' };
const VIEW_LIST: readonly ParamDescriptor[] = [
  entityTypeTarget,
  { key: 'targetEntityField', label: 'Linked by their field', kind: 'text', description: 'The property that points back at this record.' },
  { key: 'navigateOnClick', label: 'Open a record on click', kind: 'boolean' },
  { key: 'cascadeOnDelete', label: 'Delete them with this record', kind: 'boolean' },
];
const CONTAINER: readonly ParamDescriptor[] = [fieldList];
const QUIZ_GROUP: readonly ParamDescriptor[] = [
  fieldList,
  { key: 'quizIntroduction', label: 'Introduction', kind: 'text', multiline: true },
  {
    key: 'quizAttemptsOption',
    label: 'Attempts',
    kind: 'select',
    choices: [
      { value: 'one-attempt', label: 'One attempt' },
      { value: 'multiple-attempts', label: 'Multiple attempts' },
      { value: 'unlimited-attempts', label: 'Unlimited attempts' },
    ],
  },
  { key: 'quizMaximumAttempts', label: 'Maximum attempts', kind: 'number', description: 'Two or more with multiple attempts.' },
  { key: 'quizTimeLimit', label: 'Time limit (minutes)', kind: 'number' },
  { key: 'quiz_pass_mark_percent', label: 'Pass mark (%)', kind: 'number' },
  { key: 'quiz_weight_in_course', label: 'Weight in course', kind: 'number' },
  { key: 'randomize_questions', label: 'Randomize questions', kind: 'boolean' },
  { key: 'quiz_number_of_questions', label: 'Questions from the pool', kind: 'number', description: '0 means all.' },
];

/** The params of each of the 70 field types. */
export const PARAM_DESCRIPTORS = {
  'select-list': [...OPTION_LIST, hierarchical],
  'select-list-multiple': [...OPTION_LIST, hierarchical],
  'select-field': [sourceName, ...VALUE],
  'select-entity-type': VALUE,
  'select-timezone': VALUE,
  'select-state': VALUE,
  'select-personnel': [
    { key: 'lockedToCreator', label: 'Filled with the creator', kind: 'boolean' },
    { key: 'multiple', label: 'Several people', kind: 'boolean' },
    serverFilter,
    asFilter,
    ...VALUE,
  ],
  'select-role': VALUE,
  'select-roles': VALUE,
  'select-tenant': [{ key: 'tenantFilter', label: 'Tenant filter (JSON)', kind: 'json' }, ...VALUE],
  'select-tenant-multiple': [{ key: 'tenantFilter', label: 'Tenant filter (JSON)', kind: 'json' }, ...VALUE],
  'select-filters': [
    options([]),
    { ...entityTypeTarget, label: 'Filters of', description: 'Offered when there are no options above; empty: this type.' },
    ...VALUE,
  ],
  'radio-list': OPTION_LIST,
  'radio-table': [
    { key: 'rowHeaders', label: 'Rows (at most 50)', kind: 'options', optionColumns: [] },
    { key: 'columnHeaders', label: 'Columns (at most 5)', kind: 'options', optionColumns: [] },
    { key: 'useRowHeader', label: 'Show the row headers', kind: 'boolean' },
    ...VALUE,
  ],
  'checkbox-multiselect': OPTION_LIST,
  'select-adhoc': OPTION_LIST,
  'radio-adhoc': OPTION_LIST,
  'checkbox-multiselect-adhoc': OPTION_LIST,
  'date-picker': [lockedToCreationDate, { key: 'loadFutureEntities', label: 'Load future records', kind: 'boolean' }, asFilter, ...VALUE],
  'date-time-picker': [lockedToCreationDate, asFilter, ...VALUE],
  'date-range': [asFilter, ...VALUE],
  'time-picker': VALUE,
  'single-text': [...VALUE, fillWhenEmpty],
  'single-text-mask': [
    { key: 'inputMask', label: 'Input mask', kind: 'select', choices: choices('phone', 'number', 'custom', 'ssn', 'dollar') },
    { key: 'inputMaskSuffix', label: 'Suffix', kind: 'text' },
    { key: 'inputMaskMinDigits', label: 'Custom mask: fewest digits', kind: 'number' },
    { key: 'inputMaskMaxDigits', label: 'Custom mask: most digits', kind: 'number' },
    { key: 'inputMaskJS', label: 'Custom mask pattern', kind: 'text' },
    ...VALUE,
  ],
  textarea: [...VALUE, fillWhenEmpty],
  'json-array': VALUE,
  'rich-text-area': [maxHeight, ...VALUE],
  'description-rich-text': [{ key: 'descriptionText', label: 'Description', kind: 'text', multiline: true }, maxHeight, ...VALUE],
  email: VALUE,
  phone: VALUE,
  'zip-code': VALUE,
  boolean: VALUE,
  'yes-no': [asFilter, ...VALUE],
  'number-entry': [{ key: 'isNumberRange', label: 'A range (from – to)', kind: 'boolean' }, ...VALUE],
  'number-slider': VALUE,
  'number-counter': VALUE,
  'star-rating': VALUE,
  'year-entry': VALUE,
  'single-file': [
    { key: 'fileType', label: 'File type', kind: 'select', choices: choices('image', 'document', 'audiovideo') },
    { key: 'allowMultipleUploads', label: 'Several files', kind: 'boolean' },
    { key: 'canSelectFromLibrary', label: 'Can pick from the media library', kind: 'boolean' },
    ...VALUE,
  ],
  'signature-pad': VALUE,
  'color-picker': VALUE,
  'icon-picker': VALUE,
  'full-name-entry': VALUE,
  'full-address': VALUE,
  'full-address-nfirs': [
    { key: 'nfirs_max_length', label: 'NFIRS length limits (JSON)', kind: 'json', description: 'A number, or { "street": 30, … }.' },
    { key: 'nfirs_pad_length', label: 'NFIRS pad length', kind: 'number' },
    ...VALUE,
  ],
  'lat-lng': VALUE,
  'terms-and-conditions': [
    { key: 'termsText', label: 'Terms', kind: 'text', multiline: true },
    { key: 'acceptDecline', label: 'Decline Passes Validation', kind: 'boolean' },
    ...VALUE,
  ],
  'query-logic': VALUE,
  'matrix-field': [{ key: 'useRowHeader', label: 'Show the row headers', kind: 'boolean' }, ...VALUE],
  'field-link-to': [navigateTo, linkToType, url],
  'field-button': [buttonLabel, buttonStyle, navigateTo, linkToType, url],
  'widget-entity': [
    { key: 'widgetSource', label: 'Widget records of', kind: 'entity-type' },
    entityTypeTarget,
    { key: 'mustSaveFirst', label: 'The record must be saved first', kind: 'boolean' },
  ],
  'custom-functionality': [
    {
      key: 'customFunctionalityType',
      label: 'Functionality',
      kind: 'select',
      choices: choices('activation-status', 'random-entity-pull', 'xml-field-mapper', 'bib-view-report', 'timesheet-punch-card'),
    },
    { key: 'mustSaveFirst', label: 'The record must be saved first', kind: 'boolean' },
  ],
  'approval-required': VALUE,
  'view-list': VIEW_LIST,
  'view-list-inline': VIEW_LIST,
  hidden: [],
  'formula-result': [{ key: 'contentsFormula', label: 'Formula', kind: 'text', multiline: true }, formatResultAs],
  'formula-result-rollup': [
    { key: 'rollupRelationshipField', label: 'Related records field', kind: 'text' },
    { key: 'rollupFormula', label: 'Formula per record', kind: 'text' },
    {
      key: 'rollupType',
      label: 'Combine by',
      kind: 'select',
      choices: choices('sum', 'count', 'average', 'comma_delimited', 'any', 'all'),
    },
    formatResultAs,
  ],
  heading: [{ key: 'headingText', label: 'Heading', kind: 'text' }],
  'text-label': [{ key: 'labelText', label: 'Text', kind: 'text', multiline: true }],
  'column-break': [],
  'container-row': CONTAINER,
  'container-group': CONTAINER,
  'container-tile': CONTAINER,
  'container-button': [fieldList, buttonLabel, buttonStyle],
  'quiz-question-group': QUIZ_GROUP,
  'true-false-quiz': [
    { key: 'correctAnswer', label: 'Correct answer', kind: 'select', choices: choices('true', 'false') },
    quizMarks,
    ...VALUE,
  ],
  'radio-quiz': [options(['correctAnswer']), quizMarks, ...VALUE],
  'checkbox-quiz': [options(['correctAnswer']), quizMarks, ...VALUE],
} satisfies Record<FieldTypeKey, readonly ParamDescriptor[]>;

/** The params of a type; an unknown type is text (spec 02 §3) and gets single-text's. */
export function paramDescriptorsFor(type: string): readonly ParamDescriptor[] {
  return isFieldTypeKey(type) ? PARAM_DESCRIPTORS[type] : PARAM_DESCRIPTORS['single-text'];
}

/**
 * The params of a field whose type changes: the new type's defaults, then what the old params
 * held for keys the new type also uses. Keys neither type knows are kept (loose documents).
 */
export function paramsForType(type: string, previous: Record<string, unknown> = {}, previousType?: string): Record<string, unknown> {
  const known = new Set(paramDescriptorsFor(type).map((d) => d.key));
  const oldKnown = new Set(previousType ? paramDescriptorsFor(previousType).map((d) => d.key) : []);
  const kept = Object.fromEntries(Object.entries(previous).filter(([key]) => known.has(key) || !oldKnown.has(key)));
  return { ...structuredClone(fieldTypeOf(type).defaultParams), ...kept };
}
