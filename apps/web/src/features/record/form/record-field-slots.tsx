import { QuizQuestionGroup } from '../../../fields/common/containers.tsx';
import { customFunctionalitySlots } from '../../../fields/common/custom-slots.ts';
import { type FieldEditorProps, fieldComponentsOf } from '../../../fields/index.ts';
import { registerFieldComponents } from '../../../fields/registry.ts';
import { PunchCard, QuizRunner, XmlImporterForm } from './lazy-parts.tsx';
import { useRecordForm } from './record-form-context.tsx';

/**
 * The field kinds whose behaviour belongs to the record screen (docs/decisions/0011, 0014):
 * the time sheet punch card fills the custom-functionality slot, and a quiz question group in a
 * record form runs as a quiz (Begin Quiz, time, Complete Quiz, score). Outside a record form
 * (showcase, lists) the fields' own rendering stays.
 */
function PunchCardSlot(props: FieldEditorProps<unknown>) {
  return <PunchCard field={props.field} />;
}

const fieldsQuizGroup = fieldComponentsOf('quiz-question-group');

function QuizGroupEditor(props: FieldEditorProps<unknown>) {
  const form = useRecordForm();
  return form ? <QuizRunner field={props.field} /> : <QuizQuestionGroup {...props} />;
}

customFunctionalitySlots['timesheet-punch-card'] = PunchCardSlot;
customFunctionalitySlots['xml-field-mapper'] = XmlImporterForm;
registerFieldComponents({
  key: 'quiz-question-group',
  Editor: QuizGroupEditor,
  Display: fieldsQuizGroup?.Display,
  ownLabel: true,
} as never);
