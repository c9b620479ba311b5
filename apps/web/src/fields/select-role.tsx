import { ALL_ROLES, ROLES, roleLabel } from '@turnout/shared';
import { defineField } from './common/define.tsx';
import { ChoiceSelect } from './common/OptionEditors.tsx';
import type { FieldEditorProps } from './types.ts';

/** 'ALL' and every role, by key, labelled as people read them. */
export const ROLE_CHOICES = [{ value: ALL_ROLES, label: roleLabel(ALL_ROLES) }, ...ROLES.map((r) => ({ value: r.key, label: r.label }))];

function RoleEditor(props: FieldEditorProps<string>) {
  return <ChoiceSelect {...(props as FieldEditorProps<string | number>)} choices={ROLE_CHOICES} readOnlyText={roleLabel(props.value)} />;
}

/** select-role: one role key (or ALL). */
export const selectRole = defineField<string>('select-role', RoleEditor);
