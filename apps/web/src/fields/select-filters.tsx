import { TagsInput } from '@mantine/core';
import { defineField } from './common/define.tsx';
import { FieldShell, ReadOnlyText, shellProps } from './common/FieldShell.tsx';
import { ChoiceMultiSelect } from './common/OptionEditors.tsx';
import { optionChoices, READ_ONLY_NONE } from './common/options.ts';
import { valueText } from './common/text.ts';
import type { FieldEditorProps } from './types.ts';

/** select-filters: filter keys, chosen among the field's options, or typed when it has none. */
function FiltersEditor(props: FieldEditorProps<string[]>) {
  const choices = optionChoices(props.field);
  const text = valueText(props.field, props.value, props.record);
  if (choices.length > 0) return <ChoiceMultiSelect {...(props as FieldEditorProps<(string | number)[]>)} choices={choices} />;
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={text} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  return <TagsInput {...shellProps(props)} value={props.value ?? []} onChange={(v) => props.onChange(v.length ? v : null)} />;
}

export const selectFilters = defineField<string[]>('select-filters', FiltersEditor);
