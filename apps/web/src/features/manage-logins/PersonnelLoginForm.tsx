import { Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { type PersonnelLogin, ROLES, roleLabel } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { FormActions } from './FormActions.tsx';
import { type PersonnelLoginChange, updatePersonnelLogin } from './logins-api.ts';
import { useLoginSave } from './use-login-save.ts';

const FIELDS = ['display_name', 'email_address', 'date_of_birth', 'member_status1', 'role'] as const;

/** Department roles (not the vendor's internal ones), plus the person's current role if it is another. */
function roleOptions(current: string) {
  const options = ROLES.filter((role) => !role.vendor).map((role) => ({ value: role.key, label: role.label }));
  if (!options.some((option) => option.value === current)) options.unshift({ value: current, label: roleLabel(current) });
  return options;
}

export function PersonnelLoginForm({ person, onClose }: { person: PersonnelLogin; onClose: () => void }) {
  const [displayName, setDisplayName] = useState(person.display_name);
  const [email, setEmail] = useState(person.email_address ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(person.date_of_birth.value ?? '');
  const [status, setStatus] = useState(person.member_status1);
  const [role, setRole] = useState(person.role);
  const { mutation, fieldErrors } = useLoginSave('personnel', (change: PersonnelLoginChange) => updatePersonnelLogin(person.id, change), {
    wrapper: 'person',
    fields: FIELDS,
    onSaved: onClose,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const change: PersonnelLoginChange = {};
    if (displayName.trim() !== person.display_name) change.display_name = displayName.trim();
    if ((email.trim() || null) !== person.email_address) change.email_address = email.trim() || null;
    if ((dateOfBirth || null) !== person.date_of_birth.value) change.date_of_birth = dateOfBirth || null;
    if (status !== person.member_status1) change.member_status1 = status;
    if (role !== person.role) change.role = role;
    mutation.mutate(change);
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {person.tenant_name}
        </Text>
        <TextInput
          label="Display Name"
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          error={fieldErrors.display_name}
          required
        />
        <TextInput
          label="Email Address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email_address}
        />
        <TextInput
          label="Date of Birth"
          type="date"
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.currentTarget.value)}
          error={fieldErrors.date_of_birth}
        />
        <Radio.Group
          label="Member Status"
          value={status}
          onChange={(value) => setStatus(value === 'past' ? 'past' : 'current')}
          error={fieldErrors.member_status1}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="current" label="Current" />
            <Radio value="past" label="Past" />
          </Stack>
        </Radio.Group>
        <Select
          label="Role"
          data={roleOptions(person.role)}
          value={role}
          onChange={(value) => value && setRole(value)}
          allowDeselect={false}
          searchable
          error={fieldErrors.role}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
      <FormActions saving={mutation.isPending} onCancel={onClose} />
    </form>
  );
}
