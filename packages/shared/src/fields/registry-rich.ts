import type { FieldTypeKey } from './keys.ts';
import { approvalRequired } from './types/approval-required.ts';
import { checkboxQuiz } from './types/checkbox-quiz.ts';
import { colorPicker } from './types/color-picker.ts';
import { columnBreak } from './types/column-break.ts';
import { containerButton } from './types/container-button.ts';
import { containerGroup } from './types/container-group.ts';
import { containerRow } from './types/container-row.ts';
import { containerTile } from './types/container-tile.ts';
import { customFunctionality } from './types/custom-functionality.ts';
import { fieldButton } from './types/field-button.ts';
import { fieldLinkTo } from './types/field-link-to.ts';
import { formulaResult } from './types/formula-result.ts';
import { formulaResultRollup } from './types/formula-result-rollup.ts';
import { fullAddress } from './types/full-address.ts';
import { fullAddressNfirs } from './types/full-address-nfirs.ts';
import { fullNameEntry } from './types/full-name-entry.ts';
import { heading } from './types/heading.ts';
import { hidden } from './types/hidden.ts';
import { iconPicker } from './types/icon-picker.ts';
import { latLng } from './types/lat-lng.ts';
import { matrixField } from './types/matrix-field.ts';
import { queryLogic } from './types/query-logic.ts';
import { quizQuestionGroup } from './types/quiz-question-group.ts';
import { radioQuiz } from './types/radio-quiz.ts';
import { signaturePad } from './types/signature-pad.ts';
import { singleFile } from './types/single-file.ts';
import { termsAndConditions } from './types/terms-and-conditions.ts';
import { textLabel } from './types/text-label.ts';
import { trueFalseQuiz } from './types/true-false-quiz.ts';
import { viewList } from './types/view-list.ts';
import { viewListInline } from './types/view-list-inline.ts';
import { widgetEntity } from './types/widget-entity.ts';
import type { FieldType } from './types.ts';

/** Other inputs, computed, display, container and quiz types. */
export const RICH_FIELD_TYPES: Partial<Record<FieldTypeKey, FieldType<never>>> = {
  // Other inputs
  'single-file': singleFile as FieldType<never>,
  'signature-pad': signaturePad as FieldType<never>,
  'color-picker': colorPicker as FieldType<never>,
  'icon-picker': iconPicker as FieldType<never>,
  'full-name-entry': fullNameEntry as FieldType<never>,
  'full-address': fullAddress as FieldType<never>,
  'full-address-nfirs': fullAddressNfirs as FieldType<never>,
  'lat-lng': latLng as FieldType<never>,
  'terms-and-conditions': termsAndConditions as FieldType<never>,
  'query-logic': queryLogic as FieldType<never>,
  'matrix-field': matrixField as FieldType<never>,
  'field-link-to': fieldLinkTo as FieldType<never>,
  'field-button': fieldButton as FieldType<never>,
  'widget-entity': widgetEntity as FieldType<never>,
  'custom-functionality': customFunctionality as FieldType<never>,
  'approval-required': approvalRequired as FieldType<never>,
  'view-list': viewList as FieldType<never>,
  'view-list-inline': viewListInline as FieldType<never>,
  hidden: hidden as FieldType<never>,
  // Computed
  'formula-result': formulaResult as FieldType<never>,
  'formula-result-rollup': formulaResultRollup as FieldType<never>,
  // Display
  heading: heading as FieldType<never>,
  'text-label': textLabel as FieldType<never>,
  'column-break': columnBreak as FieldType<never>,
  // Containers
  'container-row': containerRow as FieldType<never>,
  'container-group': containerGroup as FieldType<never>,
  'container-tile': containerTile as FieldType<never>,
  'container-button': containerButton as FieldType<never>,
  'quiz-question-group': quizQuestionGroup as FieldType<never>,
  // Quiz questions
  'true-false-quiz': trueFalseQuiz as FieldType<never>,
  'radio-quiz': radioQuiz as FieldType<never>,
  'checkbox-quiz': checkboxQuiz as FieldType<never>,
};
