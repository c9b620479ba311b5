import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { isSignedOut } from '../../api/index.ts';
import { isGlobalAdmin, roleSelectable, rolesForTenant } from './access.ts';
import { applyActingContext } from './session.ts';
import { fetchAllTenants, selectGlobal, selectTenant } from './user-api.ts';

interface TenantRoleSwitcherProps {
  user: CurrentUser;
  onDone: () => void;
}

function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The tenant/role switcher (spec 01 §6). Global admins pick any tenant (GET /tenant, all pages)
 * or 'Change to Global'; other users pick among their own tenants, the current one filled in.
 * Roles are those whose pivot tenant is the chosen tenant or empty; the role selector is
 * tappable only with more than one role.
 */
export function TenantRoleSwitcher({ user, onDone }: TenantRoleSwitcherProps) {
  const queryClient = useQueryClient();
  const admin = isGlobalAdmin(user);
  const allTenants = useQuery({
    queryKey: ['switcher-tenants'],
    queryFn: ({ signal }) => fetchAllTenants(signal),
    enabled: admin,
  });
  const tenantOptions = (admin ? (allTenants.data ?? []) : user.tenants).map((tenant) => ({
    value: tenant.id,
    label: tenant.display_name,
  }));

  const [tenantId, setTenantId] = useState<string | null>(user.tenant_id ?? (admin ? null : (user.tenants[0]?.id ?? null)));
  const roles = rolesForTenant(user, tenantId);
  const [chosenRole, setChosenRole] = useState<string | null>(user.acting_role);
  // The role follows the tenant: keep the choice while the tenant offers it, else its first role.
  const role = roles.some((r) => r.name === chosenRole) ? chosenRole : (roles[0]?.name ?? null);

  const onSwitched = async (updated: CurrentUser) => {
    await applyActingContext(queryClient, updated);
    notifications.show({
      color: 'green',
      message: updated.current_tenant ? `Now acting in ${updated.current_tenant}.` : 'Now acting at global level.',
    });
    onDone();
  };
  const toTenant = useMutation({
    mutationFn: (choice: { tenant: string; role: string }) => selectTenant(choice.tenant, choice.role),
    onSuccess: onSwitched,
  });
  const toGlobal = useMutation({ mutationFn: selectGlobal, onSuccess: onSwitched });
  const failure = [toTenant.error, toGlobal.error].find((error) => error && !isSignedOut(error));

  const unchanged = tenantId === user.tenant_id && role === user.acting_role && !user.is_global;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!tenantId || !role || unchanged) return;
    toGlobal.reset();
    toTenant.mutate({ tenant: tenantId, role });
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failureMessage(failure)}
          </Alert>
        )}
        <Text fz="sm" c="dimmed">
          You are acting {user.is_global ? 'at global level' : `in ${user.current_tenant ?? 'no department'}`}.
        </Text>
        {admin && allTenants.isError && !isSignedOut(allTenants.error) ? (
          <Alert color="red" variant="light" role="alert" title="The departments could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{failureMessage(allTenants.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void allTenants.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Select
            label="Tenant"
            placeholder={admin && allTenants.isPending ? 'Loading departments…' : 'Choose a department'}
            data={tenantOptions}
            value={tenantId}
            onChange={setTenantId}
            searchable={tenantOptions.length > 7}
            allowDeselect={false}
            disabled={!admin && tenantOptions.length <= 1}
            rightSection={admin && allTenants.isFetching ? <Loader size="xs" /> : undefined}
            nothingFoundMessage="No tenants"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label="Role"
          placeholder={tenantId ? 'No role in this department' : 'Choose a department first'}
          data={roles.map((r) => ({ value: r.name, label: r.label }))}
          value={role}
          onChange={setChosenRole}
          allowDeselect={false}
          disabled={!roleSelectable(roles)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="space-between" gap="sm">
          {admin ? (
            <Button
              variant="light"
              leftSection={<IconWorld size={16} />}
              onClick={() => {
                toTenant.reset();
                toGlobal.mutate();
              }}
              loading={toGlobal.isPending}
              disabled={user.is_global || toTenant.isPending}
            >
              Change to Global
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={toTenant.isPending} disabled={!tenantId || !role || unchanged || toGlobal.isPending}>
            Switch
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
