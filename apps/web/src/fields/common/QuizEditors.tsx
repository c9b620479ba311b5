import { Checkbox, Stack } from '@mantine/core';
import { useId } from 'react';
import type { FieldEditorProps } from '../types.ts';
import { FieldShell, ReadOnlyText } from './FieldShell.tsx';
import { RadioChoices } from './OptionEditors.tsx';
import { optionChoices } from './options.ts';
import { valueText } from './text.ts';

/*
 * Quiz questions: answer editors only. The correct answers (correctAnswer, options flagged
 * correctAnswer, quiz_correct_answer_marks) are never read here, so they never reach the page.
 */

const TRUE_FALSE = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

export function TrueFalseQuizEditor(props: FieldEditorProps<boolean>) {
  const name = useId();
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} />
      </FieldShell>
    );
  return (
    <FieldShell {...props}>
      <RadioChoices
        name={name}
        choices={TRUE_FALSE}
        value={props.value === true ? 'true' : props.value === false ? 'false' : null}
        onChange={(k) => props.onChange(k === 'true')}
      />
    </FieldShell>
  );
}

export function RadioQuizEditor(props: FieldEditorProps<string | number>) {
  const name = useId();
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} />
      </FieldShell>
    );
  return (
    <FieldShell {...props}>
      <RadioChoices
        name={name}
        choices={optionChoices(props.field)}
        value={props.value === null || props.value === undefined ? null : String(props.value)}
        onChange={props.onChange}
      />
    </FieldShell>
  );
}

export function CheckboxQuizEditor(props: FieldEditorProps<string[]>) {
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record)} />
      </FieldShell>
    );
  return (
    <FieldShell {...props}>
      <Checkbox.Group value={props.value ?? []} onChange={(keys) => props.onChange(keys.length ? keys : null)}>
        <Stack gap={6} mt={4}>
          {optionChoices(props.field).map((c) => (
            <Checkbox key={c.value} value={c.value} label={c.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FieldShell>
  );
}
