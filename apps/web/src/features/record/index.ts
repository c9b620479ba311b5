/** The record screen and its parts others render (the entity list's split view, field editors). */

export { DynamicForm, type DynamicFormProps } from './form/DynamicForm.tsx';
export { type RecordFormContextValue, useRecordForm } from './form/record-form-context.tsx';
export { type FormState, useFormState } from './form/use-form-state.ts';
export type { RecordMode } from './model/form-model.ts';
export { QuizRunner } from './quiz/QuizRunner.tsx';
export { RecordModal, type RecordModalProps } from './RecordModal.tsx';
export { RecordScreen, type RecordScreenProps } from './RecordScreen.tsx';
export { RECORD_QUERY_KEY, recordKey } from './record-api.ts';
export { recordRoutes } from './record-routes.tsx';
export { PunchCard } from './timesheet/PunchCard.tsx';
