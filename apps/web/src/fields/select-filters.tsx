import { TagsInput } from '@mantine/core';
import type { EntityType } from '@turnout/shared';
import { fieldFilters } from '../features/entity-list/filter-model.ts';
import { defineField } from './common/define.tsx';
import { FieldShell, ReadOnlyText, shellProps } from './common/FieldShell.tsx';
import { ChoiceMultiSelect } from './common/OptionEditors.tsx';
import { optionChoices, READ_ONLY_NONE } from './common/options.ts';
import { valueText } from './common/text.ts';
import { useTypeFields } from './select-field.tsx';
import type { FieldEditorProps } from './types.ts';

/** The filters every list has, after its fields' (spec 01 §5). */
const ALWAYS_PRESENT = [
  { value: 'assignee', label: 'Assignee' },
  { value: 'place', label: 'Place' },
  { value: 'tenant', label: 'Tenant' },
];

/**
 * select-filters: filter keys. Its own options when it lists some; otherwise the filters a list
 * of params.entityTypeTarget (or the record's own type) offers: the filterable fields the role
 * may see, then assignee, place and tenant. Typed keys only while no type is known.
 */
function FiltersEditor(props: FieldEditorProps<string[]>) {
  const own = optionChoices(props.field);
  const target = (props.field.params?.entityTypeTarget as string | undefined) || props.record.typeName;
  const fields = useTypeFields(target, own.length === 0 && (props.editable || (props.value?.length ?? 0) > 0));
  const viewer = { role: props.record.user?.role ?? '', isGlobalAdmin: props.record.user?.isGlobalAdmin ?? false };
  const typeFilters = fieldFilters({ fields: fields.map((field_data) => ({ field_data })) } as Pick<EntityType, 'fields'>, viewer);
  const choices =
    own.length > 0 ? own : target ? [...typeFilters.map((f) => ({ value: f.property, label: f.title })), ...ALWAYS_PRESENT] : [];
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
