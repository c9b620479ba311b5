import { MultiSelect } from '@mantine/core';
import { ALL_ROLES, ROLES } from '@turnout/shared';

const ROLE_DATA = [
  { value: ALL_ROLES, label: 'All roles (ALL)' },
  ...ROLES.map((role) => ({ value: role.key, label: role.label === role.key ? role.label : `${role.label} (${role.key})` })),
];

interface RoleMultiSelectProps {
  label: string;
  description?: string;
  value: readonly string[] | undefined;
  onChange: (roles: string[]) => void;
  disabled?: boolean;
}

/** Role keys with ALL (spec 02 §6 'Field permissions'). Choosing ALL clears the others; choosing a role drops ALL. */
export function RoleMultiSelect({ label, description, value, onChange, disabled }: RoleMultiSelectProps) {
  const current = value ?? [];
  const change = (next: string[]) => {
    const added = next.find((role) => !current.includes(role));
    if (added === ALL_ROLES) onChange([ALL_ROLES]);
    else onChange(next.length > 1 ? next.filter((role) => role !== ALL_ROLES) : next);
  };
  return (
    <MultiSelect
      label={label}
      description={description}
      data={ROLE_DATA}
      value={[...current]}
      onChange={change}
      searchable
      clearable
      disabled={disabled}
      comboboxProps={{ withinPortal: true, zIndex: 500 }}
    />
  );
}
