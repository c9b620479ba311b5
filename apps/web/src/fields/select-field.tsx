import { useQuery } from '@tanstack/react-query';
import { fetchType, fetchTypesLite, liteKey, typeKey } from '../features/entity-types/entity-types-api.ts';
import { defineField } from './common/define.tsx';
import { ChoiceSelect } from './common/OptionEditors.tsx';
import type { FieldEditorProps } from './types.ts';

/** The fields of a type by name (GET /entity-type/lite, then GET /entity-type/{id}). */
export function useTypeFields(typeName: string | undefined, enabled: boolean) {
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), enabled: enabled && !!typeName });
  const id = types.data?.find((t) => t.name === typeName)?.id;
  const type = useQuery({ queryKey: typeKey(id ?? ''), queryFn: ({ signal }) => fetchType(id ?? '', signal), enabled: enabled && !!id });
  return (type.data?.fields ?? []).filter((f) => !f.deleted).map((f) => f.field_data);
}

/**
 * select-field: a field (by property) of params.entityTypeTarget, or of the record's own type.
 */
function FieldChoiceEditor(props: FieldEditorProps<string>) {
  const target = (props.field.params?.entityTypeTarget as string | undefined) || props.record.typeName;
  // Read-only too: a stored property shows as its field's title, never the raw key.
  const fields = useTypeFields(target, props.editable || !!props.value);
  const choices = fields.map((f) => ({ value: f.property, label: `${f.title} (${f.property})` }));
  const label = choices.find((c) => c.value === props.value)?.label ?? props.value ?? '';
  return <ChoiceSelect {...(props as FieldEditorProps<string | number>)} choices={choices} readOnlyText={label} />;
}

export const selectField = defineField<string>('select-field', FieldChoiceEditor);
