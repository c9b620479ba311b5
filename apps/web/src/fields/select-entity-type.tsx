import { useQuery } from '@tanstack/react-query';
import { fetchTypesLite, liteKey } from '../features/entity-types/entity-types-api.ts';
import { defineField } from './common/define.tsx';
import { ChoiceSelect } from './common/OptionEditors.tsx';
import type { FieldEditorProps } from './types.ts';

/** select-entity-type: an entity type by name, among the types the user may view (GET /entity-type/lite). */
function EntityTypeEditor(props: FieldEditorProps<string>) {
  // Read-only too: a stored name shows as the type's label, never the raw key.
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), enabled: props.editable || !!props.value });
  const choices = (types.data ?? []).map((t) => ({ value: t.name, label: t.label }));
  const label = choices.find((c) => c.value === props.value)?.label ?? props.value ?? '';
  return <ChoiceSelect {...(props as FieldEditorProps<string | number>)} choices={choices} readOnlyText={label} creatable={false} />;
}

export const selectEntityType = defineField<string>('select-entity-type', EntityTypeEditor);
