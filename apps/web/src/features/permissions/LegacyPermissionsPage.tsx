import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleLabel } from '@turnout/shared';
import { memo, type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isSignedOut } from '../../api/index.ts';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { Gate } from '../settings/AccessDenied.tsx';
import { ERROR_SAVING_PERMISSIONS, failureText } from './failure.ts';
import { useCanManagePermissions, useCanUseLegacyEditor } from './gates.ts';
import classes from './LegacyPermissions.module.css';
import { UnsavedChangesModal, useLeaveGuard } from './leave-guard.tsx';
import { isLegacyDirty, type LegacyEdits, legacyChecked, legacyPayload, orderedRoles, withLegacyEdit } from './legacy-model.ts';
import { CHANGES_REVERTED } from './PermissionEditor.tsx';
import { PermissionLabel } from './PermissionLabel.tsx';
import {
  fetchLegacyPermissions,
  LEGACY_PERMISSIONS_QUERY_KEY,
  type LegacyPermissions,
  PERMISSIONS_QUERY_KEY,
  saveLegacyPermissions,
} from './permissions-api.ts';

export const PERMISSIONS_UPDATED = 'Permissions Updated Successfully';

type Permission = LegacyPermissions['permissions'][number];
type Role = LegacyPermissions['roles'][number];

const LOCKED_NOTE = 'Set globally: only global admins can change it.';

/**
 * One permission's row. A matrix holds thousands of boxes (17 roles × 130 permissions in the
 * demo), so rows are memoised (a click re-renders its own row only) and the boxes are native
 * checkboxes: Mantine's took 7 s to render the demo's matrix and 1 s to answer a click.
 */
const LegacyRow = memo(function LegacyRow({
  permission,
  roles,
  checks,
  locked,
  lockedNoteId,
  onToggle,
}: {
  permission: Permission;
  roles: Role[];
  /** '1' or '0' for each role in order: a string, so an unchanged row compares equal. */
  checks: string;
  locked: boolean;
  lockedNoteId: string;
  onToggle: (role: string, name: string, checked: boolean) => void;
}) {
  return (
    <tr>
      <th scope="row" className={classes.permissionCell}>
        <PermissionLabel label={permission.friendly_name} name={permission.name} globallySet={Boolean(permission.globally_set)} />
      </th>
      {roles.map((role, index) => (
        <td key={role.id} className={classes.box} title={locked ? LOCKED_NOTE : undefined}>
          <input
            type="checkbox"
            className={classes.check}
            checked={checks[index] === '1'}
            onChange={(event) => onToggle(role.name, permission.name, event.currentTarget.checked)}
            disabled={locked}
            aria-label={`${roleLabel(role.name)}: ${permission.friendly_name}`}
            aria-describedby={locked ? lockedNoteId : undefined}
          />
        </td>
      ))}
    </tr>
  );
});

function LegacyMatrix({
  data,
  edits,
  lockGlobal,
  onToggle,
}: {
  data: LegacyPermissions;
  edits: LegacyEdits;
  lockGlobal: boolean;
  onToggle: (role: string, name: string, checked: boolean) => void;
}) {
  const roles = useMemo(() => orderedRoles(data.roles), [data.roles]);
  const lockedNoteId = useId();
  return (
    <Table.ScrollContainer minWidth={600} type="native" maxHeight="70vh">
      <span id={lockedNoteId} hidden>
        {LOCKED_NOTE}
      </span>
      <Table className={classes.table} stickyHeader highlightOnHover aria-label="Roles and permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.permissionCell} scope="col">
              Permission
            </Table.Th>
            {roles.map((role) => (
              <Table.Th key={role.id} className={classes.roleHead} scope="col" title={roleLabel(role.name)}>
                <span>{roleLabel(role.name)}</span>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <tbody className={classes.body}>
          {data.permissions.map((permission) => (
            <LegacyRow
              key={permission.id}
              permission={permission}
              roles={roles}
              checks={roles.map((role) => (legacyChecked(data, edits, role.name, permission.name) ? '1' : '0')).join('')}
              locked={permission.globally_set && lockGlobal}
              lockedNoteId={lockedNoteId}
              onToggle={onToggle}
            />
          ))}
        </tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LegacyEditor() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [LEGACY_PERMISSIONS_QUERY_KEY, user.tenant_id],
    queryFn: ({ signal }) => fetchLegacyPermissions(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const [edits, setEdits] = useState<LegacyEdits>({});
  const loaded = query.data;
  const toggle = useCallback(
    (role: string, name: string, checked: boolean) => {
      if (loaded) setEdits((current) => withLegacyEdit(loaded, current, role, name, checked));
    },
    [loaded],
  );
  const dirty = query.data ? isLegacyDirty(query.data, edits) : false;
  const save = useMutation({
    mutationFn: (roles: { name: string; permissions: string[] }[]) => saveLegacyPermissions(roles),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: PERMISSIONS_UPDATED });
      await queryClient.refetchQueries({ queryKey: [LEGACY_PERMISSIONS_QUERY_KEY] });
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: [PERMISSIONS_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      const reason = failureText(error);
      if (reason !== null) notifications.show({ color: 'red', title: ERROR_SAVING_PERMISSIONS, message: reason, autoClose: 10_000 });
    },
  });
  const blocker = useLeaveGuard(dirty);
  const saveChanges = (then?: () => void) => {
    if (!query.data || !dirty || save.isPending) return;
    save.mutate(legacyPayload(query.data, edits), { onSuccess: () => then?.(), onError: () => then && blocker.reset?.() });
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton h={320} radius="md" role="status" aria-label="Loading permissions" />;
  } else if (query.isError) {
    body = isSignedOut(query.error) ? null : (
      <Alert color="red" variant="light" role="alert" title="The permissions could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{failureText(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (query.data.permissions.length === 0 || query.data.roles.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          No permissions to edit
        </Text>
      </Paper>
    );
  } else {
    const data = query.data;
    body = (
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <LegacyMatrix data={data} edits={edits} lockGlobal={!isGlobalAdmin(user)} onToggle={toggle} />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" c="dimmed">
          Role permissions of {user.current_tenant ?? 'your department'}. A ticked box allows; a cleared one denies what would otherwise be
          allowed.
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={!dirty || save.isPending}
            onClick={() => {
              setEdits({});
              notifications.show({ color: 'green', message: CHANGES_REVERTED });
            }}
          >
            Revert
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!dirty} loading={save.isPending} onClick={() => saveChanges()}>
            Save
          </Button>
        </Group>
      </Group>
      {body}
      <UnsavedChangesModal
        opened={blocker.state === 'blocked'}
        saving={save.isPending}
        onSave={() => saveChanges(() => blocker.proceed?.())}
        onDiscard={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
}

/** /settings/admin-tools/permissions: the deprecated roles × permissions editor of the acting tenant (spec 03 §2). */
export function LegacyPermissionsPage() {
  const user = useCurrentUser();
  const allowed = useCanUseLegacyEditor();
  const canManage = useCanManagePermissions();
  return (
    <Gate
      allowed={allowed}
      title="Permissions Editor"
      reason="The Permissions Editor needs permission to update tenant-level or privileged permissions."
    >
      <Stack gap="lg">
        <Group gap="sm">
          <Title order={1}>Permissions Editor</Title>
          <Badge color="orange.9" variant="light" size="lg">
            Deprecated
          </Badge>
        </Group>
        <Alert color="orange" variant="light">
          This editor is deprecated: it sets role permissions of the acting department only.{' '}
          {canManage && (
            <>
              Use{' '}
              <Anchor component={Link} to="/settings/manage-permissions" fz="sm" underline="always">
                Manage Permissions
              </Anchor>{' '}
              for system, tenant, role and personnel levels.
            </>
          )}
        </Alert>
        {user.tenant_id ? (
          <LegacyEditor key={user.tenant_id} />
        ) : (
          <Alert color="blue" variant="light" title="Select a tenant" role="status">
            Tenant must be selected first. Switch to a department from the user menu to edit its role permissions.
          </Alert>
        )}
      </Stack>
    </Gate>
  );
}
