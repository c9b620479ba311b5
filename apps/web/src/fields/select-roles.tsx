import { defineField } from './common/define.tsx';
import { ChoiceMultiSelect } from './common/OptionEditors.tsx';
import { ROLE_CHOICES } from './select-role.tsx';
import type { FieldEditorProps } from './types.ts';

function RolesEditor(props: FieldEditorProps<string[]>) {
  return <ChoiceMultiSelect {...(props as FieldEditorProps<(string | number)[]>)} choices={ROLE_CHOICES} />;
}

/** select-roles: several role keys (or ALL). */
export const selectRoles = defineField<string[]>('select-roles', RolesEditor);
