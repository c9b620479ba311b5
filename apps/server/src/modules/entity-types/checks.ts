import {
  checkQuizSettings,
  ENTITY_TYPE_MESSAGES,
  type EntityTypeField,
  type FieldParams,
  fieldTypeOf,
  isFieldTypeKey,
  isSystemProperty,
  isValidRule,
} from '@turnout/shared';
import type { FieldErrors } from '../../platform/http/errors.ts';
import { addFieldError } from '../../platform/http/errors.ts';

/** Params of a field that name another entity type (checked on save and import). */
export const TYPE_REFERENCE_PARAMS = ['sourceName', 'widgetSource', 'entityTypeTarget', 'linkToType'] as const;

/** Field types only global admins may add (spec 02 §6). */
export const GLOBAL_ONLY_FIELD_TYPES = ['query-logic'];

const SLIDERS = new Set(['number-slider', 'number-counter', 'star-rating']);

/**
 * On-save normalisation of a field (spec 03 §5): range number fields drop digits validation;
 * number fields that are neither sliders nor ranges drop min and max.
 */
export function normaliseField(field: EntityTypeField): EntityTypeField {
  const data = { ...field.field_data };
  if (fieldTypeOf(data.type).family === 'number' && data.validation) {
    const validation = { ...data.validation };
    const isRange = data.params?.isNumberRange === true;
    if (isRange) delete validation.digits;
    if (!isRange && !SLIDERS.has(data.type)) {
      delete validation.min;
      delete validation.max;
    }
    data.validation = validation;
  }
  return { ...field, field_data: data };
}

export interface TypeCheckInput {
  pages: number;
  /** All fields the type will have in this scope, each with its index in the request (or -1 when unchanged). */
  fields: { index: number; field: EntityTypeField }[];
  knownTypeNames: Set<string>;
  skipTypeChecks: boolean;
  isGlobalAdmin: boolean;
}

/** Problems with a type's fields, keyed like the request (`fields.3.field_data.property`). */
export function checkFields(input: TypeCheckInput): { errors: FieldErrors; missingType: string | null } {
  const errors: FieldErrors = {};
  let missingType: string | null = null;
  const seen = new Map<string, number>();
  for (const { index, field } of input.fields) {
    const at = `fields.${index}.field_data`;
    const property = field.field_data.property.toLowerCase();
    if (seen.has(property)) addFieldError(errors, `${at}.property`, 'The property has already been taken.');
    seen.set(property, index);
    if (index < 0) continue;
    const page = field.field_data.page ?? 1;
    if (page > input.pages) addFieldError(errors, `${at}.page`, `The page must be between 1 and ${input.pages}.`);
    if (isSystemProperty(field.field_data.property))
      addFieldError(errors, `${at}.property`, `'${field.field_data.property}' is reserved for the record itself.`);
    const params = field.field_data.params ?? {};
    if (params.options !== undefined && !Array.isArray(params.options))
      addFieldError(errors, `${at}.params.options`, 'The options must be a list.');
    if (field.field_data.type === 'quiz-question-group') {
      for (const message of checkQuizSettings(params as FieldParams)) addFieldError(errors, `${at}.params`, message);
    }
    if (!input.isGlobalAdmin && GLOBAL_ONLY_FIELD_TYPES.includes(field.field_data.type)) {
      addFieldError(errors, `${at}.type`, `Only global admins may add ${field.field_data.type} fields.`);
    }
    if (input.skipTypeChecks) continue;
    // An unknown type would behave as text; in a saved definition it is a mistake.
    if (!isFieldTypeKey(field.field_data.type)) addFieldError(errors, `${at}.type`, `Unknown field type '${field.field_data.type}'.`);
    for (const param of TYPE_REFERENCE_PARAMS) {
      const value = field.field_data.params?.[param];
      if (typeof value === 'string' && value !== '' && !input.knownTypeNames.has(value.toLowerCase())) {
        addFieldError(errors, `${at}.params.${param}`, ENTITY_TYPE_MESSAGES.missingType(value));
        missingType ??= value;
      }
    }
  }
  return { errors, missingType };
}

/**
 * A field's visibility: unset, true/false, 'hidden', or a JSON-logic rule the engine can read
 * (field_data.visibility, params.visibility, instance_data.visibility alike).
 */
const isValidVisibility = (value: unknown): boolean =>
  value === undefined || value === null || typeof value === 'boolean' || value === 'hidden' || isValidRule(value as never);

type FieldVisibilities = {
  field_data?: { visibility?: unknown; params?: Record<string, unknown>; instance_data?: Record<string, unknown> };
};

/** Actions', alarms' and fields' visibility rules must be JSON logic the engine can read (422 otherwise). */
export function checkRules(input: {
  actions?: { ruleset_json?: unknown }[];
  alarms?: { alarmCondition?: unknown }[];
  fields?: FieldVisibilities[];
}): FieldErrors {
  const errors: FieldErrors = {};
  input.fields?.forEach((field, i) => {
    const data = field.field_data;
    const places = {
      visibility: data?.visibility,
      'params.visibility': data?.params?.visibility,
      'instance_data.visibility': data?.instance_data?.visibility,
    };
    for (const [at, value] of Object.entries(places))
      if (!isValidVisibility(value)) addFieldError(errors, `fields.${i}.field_data.${at}`, 'The rule is not valid JSON logic.');
  });
  input.actions?.forEach((action, i) => {
    if (action.ruleset_json !== undefined && action.ruleset_json !== null && !isValidRule(action.ruleset_json)) {
      addFieldError(errors, `actions.${i}.ruleset_json`, 'The rule is not valid JSON logic.');
    }
  });
  input.alarms?.forEach((alarm, i) => {
    if (alarm.alarmCondition !== undefined && !isValidRule(alarm.alarmCondition))
      addFieldError(errors, `alarms.${i}.alarmCondition`, 'The rule is not valid JSON logic.');
  });
  return errors;
}
