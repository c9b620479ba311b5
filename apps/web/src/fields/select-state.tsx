import { US_STATES } from '@turnout/shared/fields/types/select-state';
import { defineField } from './common/define.tsx';
import { ChoiceSelect } from './common/OptionEditors.tsx';
import { valueText } from './common/text.ts';
import type { FieldEditorProps } from './types.ts';

export const STATE_CHOICES = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

function StateEditor(props: FieldEditorProps<string>) {
  return (
    <ChoiceSelect
      {...(props as FieldEditorProps<string | number>)}
      choices={STATE_CHOICES}
      readOnlyText={valueText(props.field, props.value, props.record)}
    />
  );
}

/** select-state: a US state by its code. */
export const selectState = defineField<string>('select-state', StateEditor);
