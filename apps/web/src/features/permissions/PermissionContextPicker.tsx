import { Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { roleLabel } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { fetchAllTenants } from '../identity/user-api.ts';
import { failureText } from './failure.ts';
import { findTenantPersonnel } from './personnel-options.ts';
import { contextOf, type PickerChoice, roleOptions, summaryOf } from './picker-model.ts';

const SYSTEM_OPTION = '__system__';
/** Search of the personnel picker: 200 ms after the last keystroke (spec 03 §9). */
const PERSONNEL_SEARCH_DEBOUNCE_MS = 200;

interface PickerProps {
  choice: PickerChoice;
  onChange: (choice: PickerChoice) => void;
  onEdit: () => void;
  /** Global admins pick any tenant, system defaults and people; tenant-level users work in their own tenant. */
  globalAdmin: boolean;
}

const personLabel = (person: { name: string; role: string }) => `${person.name} — ${roleLabel(person.role)}`;

function PersonnelSelect({ choice, onChange }: Pick<PickerProps, 'choice' | 'onChange'>) {
  const tenantId = choice.system ? null : (choice.tenant?.id ?? null);
  const [search, setSearch] = useState('');
  const selectedLabel = choice.person ? personLabel(choice.person) : null;
  // Once a person is chosen the box shows their name: that is no search.
  const [term] = useDebouncedValue(search === selectedLabel ? '' : search.trim(), PERSONNEL_SEARCH_DEBOUNCE_MS);
  const people = useQuery({
    queryKey: ['permissions-personnel', tenantId, term],
    queryFn: ({ signal }) => findTenantPersonnel(tenantId ?? '', term, signal),
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
  const found = (people.data ?? []).map((p) => ({ id: p.id, name: p.display_name, role: p.role }));
  const options = choice.person && !found.some((p) => p.id === choice.person?.id) ? [choice.person, ...found] : found;
  return (
    <Select
      label="Personnel"
      description="Optional: one person's permissions, over their role's."
      placeholder={tenantId ? 'Search personnel' : 'Choose a tenant first'}
      data={options.map((person) => ({ value: person.id, label: personLabel(person) }))}
      value={choice.person?.id ?? null}
      onChange={(id) => onChange({ ...choice, person: options.find((p) => p.id === id) ?? null })}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      disabled={tenantId === null}
      nothingFoundMessage={
        people.isError ? (failureText(people.error) ?? 'Could not search') : people.isFetching ? 'Searching…' : 'No personnels'
      }
      rightSection={people.isFetching && tenantId ? <Loader size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Manage Permissions, first step: Tenant (or system defaults), optional Role and Personnel, then 'Edit Permissions'. */
export function PermissionContextPicker({ choice, onChange, onEdit, globalAdmin }: PickerProps) {
  const tenants = useQuery({ queryKey: ['switcher-tenants'], queryFn: ({ signal }) => fetchAllTenants(signal), enabled: globalAdmin });
  const tenantOptions = [
    { value: SYSTEM_OPTION, label: 'System defaults' },
    ...(tenants.data ?? []).map((tenant) => ({ value: tenant.id, label: tenant.display_name })),
  ];
  const onTenant = (value: string | null) => {
    if (value === SYSTEM_OPTION) return onChange({ system: true, tenant: null, role: null, person: null });
    const tenant = tenants.data?.find((t) => t.id === value);
    onChange({ system: false, tenant: tenant ? { id: tenant.id, name: tenant.display_name } : null, role: choice.role, person: null });
  };
  const ready = contextOf(choice) !== null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onEdit();
  };
  const noTenant = choice.system || !choice.tenant;

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={onSubmit} maw={640}>
      <Stack gap="md">
        {globalAdmin ? (
          <Select
            label="Tenant"
            placeholder={tenants.isPending ? 'Loading departments…' : 'Choose a department'}
            data={tenantOptions}
            value={choice.system ? SYSTEM_OPTION : (choice.tenant?.id ?? null)}
            onChange={onTenant}
            searchable={tenantOptions.length > 7}
            allowDeselect={false}
            error={tenants.isError ? failureText(tenants.error) : undefined}
            rightSection={tenants.isFetching ? <Loader size="xs" /> : undefined}
            nothingFoundMessage="No tenants"
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            label="Tenant"
            value={choice.tenant?.name ?? ''}
            readOnly
            description="You manage the permissions of your own department."
          />
        )}
        <Select
          label="Role"
          description="Optional: without a role or a person you edit the tenant level."
          placeholder={noTenant ? (choice.system ? 'Not for system defaults' : 'Choose a tenant first') : 'All roles (tenant level)'}
          data={roleOptions(globalAdmin)}
          value={choice.person ? choice.person.role : choice.role}
          onChange={(role) => onChange({ ...choice, role })}
          clearable
          searchable
          disabled={noTenant || choice.person !== null}
          comboboxProps={{ withinPortal: true }}
        />
        {globalAdmin && <PersonnelSelect choice={choice} onChange={onChange} />}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }} data-testid="permission-target-summary">
            {summaryOf(choice)}
          </Text>
          <Button type="submit" leftSection={<IconPencil size={16} />} disabled={!ready}>
            Edit Permissions
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
