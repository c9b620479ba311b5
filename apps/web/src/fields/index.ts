import type { FieldTypeKey } from '@turnout/shared';
import { approvalRequired } from './approval-required.tsx';
import { boolean } from './boolean.tsx';
import { checkboxMultiselect } from './checkbox-multiselect.tsx';
import { checkboxMultiselectAdhoc } from './checkbox-multiselect-adhoc.tsx';
import { checkboxQuiz } from './checkbox-quiz.tsx';
import { colorPicker } from './color-picker.tsx';
import { columnBreak } from './column-break.tsx';
import { containerButton } from './container-button.tsx';
import { containerGroup } from './container-group.tsx';
import { containerRow } from './container-row.tsx';
import { containerTile } from './container-tile.tsx';
import { customFunctionality } from './custom-functionality.tsx';
import { datePicker } from './date-picker.tsx';
import { dateRange } from './date-range.tsx';
import { dateTimePicker } from './date-time-picker.tsx';
import { descriptionRichText } from './description-rich-text.tsx';
import { email } from './email.tsx';
import { fieldButton } from './field-button.tsx';
import { fieldLinkTo } from './field-link-to.tsx';
import { formulaResult } from './formula-result.tsx';
import { formulaResultRollup } from './formula-result-rollup.tsx';
import { fullAddress } from './full-address.tsx';
import { fullAddressNfirs } from './full-address-nfirs.tsx';
import { fullNameEntry } from './full-name-entry.tsx';
import { heading } from './heading.tsx';
import { hidden } from './hidden.tsx';
import { iconPicker } from './icon-picker.tsx';
import { jsonArray } from './json-array.tsx';
import { latLng } from './lat-lng.tsx';
import { matrixField } from './matrix-field.tsx';
import { numberCounter } from './number-counter.tsx';
import { numberEntry } from './number-entry.tsx';
import { numberSlider } from './number-slider.tsx';
import { phone } from './phone.tsx';
import { queryLogic } from './query-logic.tsx';
import { quizQuestionGroup } from './quiz-question-group.tsx';
import { radioAdhoc } from './radio-adhoc.tsx';
import { radioList } from './radio-list.tsx';
import { radioQuiz } from './radio-quiz.tsx';
import { radioTable } from './radio-table.tsx';
import { registerFieldComponents } from './registry.ts';
import { richTextArea } from './rich-text-area.tsx';
import { selectAdhoc } from './select-adhoc.tsx';
import { selectEntityType } from './select-entity-type.tsx';
import { selectField } from './select-field.tsx';
import { selectFilters } from './select-filters.tsx';
import { selectList } from './select-list.tsx';
import { selectListMultiple } from './select-list-multiple.tsx';
import { selectPersonnel } from './select-personnel.tsx';
import { selectRole } from './select-role.tsx';
import { selectRoles } from './select-roles.tsx';
import { selectState } from './select-state.tsx';
import { selectTenant } from './select-tenant.tsx';
import { selectTenantMultiple } from './select-tenant-multiple.tsx';
import { selectTimezone } from './select-timezone.tsx';
import { signaturePad } from './signature-pad.tsx';
import { singleFile } from './single-file.tsx';
import { singleText } from './single-text.tsx';
import { singleTextMask } from './single-text-mask.tsx';
import { starRating } from './star-rating.tsx';
import { termsAndConditions } from './terms-and-conditions.tsx';
import { textLabel } from './text-label.tsx';
import { textarea } from './textarea.tsx';
import { timePicker } from './time-picker.tsx';
import { trueFalseQuiz } from './true-false-quiz.tsx';
import type { FieldComponents } from './types.ts';
import { viewList } from './view-list.tsx';
import { viewListInline } from './view-list-inline.tsx';
import { widgetEntity } from './widget-entity.tsx';
import { yearEntry } from './year-entry.tsx';
import { yesNo } from './yes-no.tsx';
import { zipCode } from './zip-code.tsx';

/** Every field type's editor and display, one line per type; a type missing here fails the type-check. */
export const FIELD_TYPE_COMPONENTS = {
  'select-list': selectList,
  'select-list-multiple': selectListMultiple,
  'select-field': selectField,
  'select-entity-type': selectEntityType,
  'select-timezone': selectTimezone,
  'select-state': selectState,
  'select-personnel': selectPersonnel,
  'select-role': selectRole,
  'select-roles': selectRoles,
  'select-tenant': selectTenant,
  'select-tenant-multiple': selectTenantMultiple,
  'select-filters': selectFilters,
  'radio-list': radioList,
  'radio-table': radioTable,
  'checkbox-multiselect': checkboxMultiselect,
  'select-adhoc': selectAdhoc,
  'radio-adhoc': radioAdhoc,
  'checkbox-multiselect-adhoc': checkboxMultiselectAdhoc,
  'date-picker': datePicker,
  'date-time-picker': dateTimePicker,
  'date-range': dateRange,
  'time-picker': timePicker,
  'single-text': singleText,
  'single-text-mask': singleTextMask,
  textarea: textarea,
  'json-array': jsonArray,
  'rich-text-area': richTextArea,
  'description-rich-text': descriptionRichText,
  email: email,
  phone: phone,
  'zip-code': zipCode,
  boolean: boolean,
  'yes-no': yesNo,
  'number-entry': numberEntry,
  'number-slider': numberSlider,
  'number-counter': numberCounter,
  'star-rating': starRating,
  'year-entry': yearEntry,
  'single-file': singleFile,
  'signature-pad': signaturePad,
  'color-picker': colorPicker,
  'icon-picker': iconPicker,
  'full-name-entry': fullNameEntry,
  'full-address': fullAddress,
  'full-address-nfirs': fullAddressNfirs,
  'lat-lng': latLng,
  'terms-and-conditions': termsAndConditions,
  'query-logic': queryLogic,
  'matrix-field': matrixField,
  'field-link-to': fieldLinkTo,
  'field-button': fieldButton,
  'widget-entity': widgetEntity,
  'custom-functionality': customFunctionality,
  'approval-required': approvalRequired,
  'view-list': viewList,
  'view-list-inline': viewListInline,
  hidden: hidden,
  'formula-result': formulaResult,
  'formula-result-rollup': formulaResultRollup,
  heading: heading,
  'text-label': textLabel,
  'column-break': columnBreak,
  'container-row': containerRow,
  'container-group': containerGroup,
  'container-tile': containerTile,
  'container-button': containerButton,
  'quiz-question-group': quizQuestionGroup,
  'true-false-quiz': trueFalseQuiz,
  'radio-quiz': radioQuiz,
  'checkbox-quiz': checkboxQuiz,
} satisfies Record<FieldTypeKey, Pick<FieldComponents, 'key' | 'ownLabel'>>;

/** Registers every field type's editor and display; imported once by the form. */
registerFieldComponents(...(Object.values(FIELD_TYPE_COMPONENTS) as unknown as FieldComponents<never>[]));

export { fieldComponentsOf, registeredFieldTypes } from './registry.ts';
export type { FieldComponents, FieldDisplayProps, FieldEditorProps, FieldMode, FieldRecordContext, FieldUser } from './types.ts';
