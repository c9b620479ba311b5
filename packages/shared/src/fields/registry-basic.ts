import type { FIELD_TYPE_KEYS } from './keys.ts';
import { boolean } from './types/boolean.ts';
import { checkboxMultiselect } from './types/checkbox-multiselect.ts';
import { checkboxMultiselectAdhoc } from './types/checkbox-multiselect-adhoc.ts';
import { datePicker } from './types/date-picker.ts';
import { dateRange } from './types/date-range.ts';
import { dateTimePicker } from './types/date-time-picker.ts';
import { descriptionRichText } from './types/description-rich-text.ts';
import { email } from './types/email.ts';
import { jsonArray } from './types/json-array.ts';
import { numberCounter } from './types/number-counter.ts';
import { numberEntry } from './types/number-entry.ts';
import { numberSlider } from './types/number-slider.ts';
import { phone } from './types/phone.ts';
import { radioAdhoc } from './types/radio-adhoc.ts';
import { radioList } from './types/radio-list.ts';
import { radioTable } from './types/radio-table.ts';
import { richTextArea } from './types/rich-text-area.ts';
import { selectAdhoc } from './types/select-adhoc.ts';
import { selectEntityType } from './types/select-entity-type.ts';
import { selectField } from './types/select-field.ts';
import { selectFilters } from './types/select-filters.ts';
import { selectList } from './types/select-list.ts';
import { selectListMultiple } from './types/select-list-multiple.ts';
import { selectPersonnel } from './types/select-personnel.ts';
import { selectRole } from './types/select-role.ts';
import { selectRoles } from './types/select-roles.ts';
import { selectState } from './types/select-state.ts';
import { selectTenant } from './types/select-tenant.ts';
import { selectTenantMultiple } from './types/select-tenant-multiple.ts';
import { selectTimezone } from './types/select-timezone.ts';
import { singleText } from './types/single-text.ts';
import { singleTextMask } from './types/single-text-mask.ts';
import { starRating } from './types/star-rating.ts';
import { textarea } from './types/textarea.ts';
import { timePicker } from './types/time-picker.ts';
import { yearEntry } from './types/year-entry.ts';
import { yesNo } from './types/yes-no.ts';
import { zipCode } from './types/zip-code.ts';
import type { FieldType } from './types.ts';

type BasicFieldTypeKey = (typeof FIELD_TYPE_KEYS)['selector' | 'date' | 'text' | 'number'][number];

/** Selectors, dates, text, numbers and choices (families selector, date, text, number): every one, checked by the type. */
export const BASIC_FIELD_TYPES: Record<BasicFieldTypeKey, FieldType<never>> = {
  'select-list': selectList as FieldType<never>,
  'select-list-multiple': selectListMultiple as FieldType<never>,
  'select-field': selectField as FieldType<never>,
  'select-entity-type': selectEntityType as FieldType<never>,
  'select-timezone': selectTimezone as FieldType<never>,
  'select-state': selectState as FieldType<never>,
  'select-personnel': selectPersonnel as FieldType<never>,
  'select-role': selectRole as FieldType<never>,
  'select-roles': selectRoles as FieldType<never>,
  'select-tenant': selectTenant as FieldType<never>,
  'select-tenant-multiple': selectTenantMultiple as FieldType<never>,
  'select-filters': selectFilters as FieldType<never>,
  'radio-list': radioList as FieldType<never>,
  'radio-table': radioTable as FieldType<never>,
  'checkbox-multiselect': checkboxMultiselect as FieldType<never>,
  'select-adhoc': selectAdhoc as FieldType<never>,
  'radio-adhoc': radioAdhoc as FieldType<never>,
  'checkbox-multiselect-adhoc': checkboxMultiselectAdhoc as FieldType<never>,
  'date-picker': datePicker as FieldType<never>,
  'date-time-picker': dateTimePicker as FieldType<never>,
  'date-range': dateRange as FieldType<never>,
  'time-picker': timePicker as FieldType<never>,
  'single-text': singleText as FieldType<never>,
  'single-text-mask': singleTextMask as FieldType<never>,
  textarea: textarea as FieldType<never>,
  'json-array': jsonArray as FieldType<never>,
  'rich-text-area': richTextArea as FieldType<never>,
  'description-rich-text': descriptionRichText as FieldType<never>,
  email: email as FieldType<never>,
  phone: phone as FieldType<never>,
  'zip-code': zipCode as FieldType<never>,
  boolean: boolean as FieldType<never>,
  'yes-no': yesNo as FieldType<never>,
  'number-entry': numberEntry as FieldType<never>,
  'number-slider': numberSlider as FieldType<never>,
  'number-counter': numberCounter as FieldType<never>,
  'star-rating': starRating as FieldType<never>,
  'year-entry': yearEntry as FieldType<never>,
};
