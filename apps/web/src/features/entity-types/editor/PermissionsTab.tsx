import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isGlobalAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { useCanManagePermissions } from '../../permissions/gates.ts';
import { useNoLeaveGuard } from '../../permissions/leave-guard.tsx';
import { PermissionContextPicker } from '../../permissions/PermissionContextPicker.tsx';
import { PermissionEditor, type PermissionTarget } from '../../permissions/PermissionEditor.tsx';
import { contextOf, EMPTY_CHOICE, type PickerChoice, titleOf } from '../../permissions/picker-model.ts';
import type { TabProps } from './tab-props.ts';

export const SAVE_TYPE_FIRST = 'Please save the new entity type first.';

/**
 * The Permissions tab: the permission editor of Manage Permissions, showing only this type's key
 * (its name). An unsaved type has no key yet: 'Please save the new entity type first.' (spec 03 §5).
 */
export function PermissionsTab({ baseline }: Pick<TabProps, 'baseline'>) {
  const user = useCurrentUser();
  const globalAdmin = isGlobalAdmin(user);
  const allowed = useCanManagePermissions();
  const [choice, setChoice] = useState<PickerChoice>(() =>
    user.tenant_id && user.current_tenant ? { ...EMPTY_CHOICE, tenant: { id: user.tenant_id, name: user.current_tenant } } : EMPTY_CHOICE,
  );
  const [editing, setEditing] = useState<PermissionTarget | null>(null);
  if (!baseline) {
    return (
      <Paper withBorder radius="md" p="xl" maw={720}>
        <Text c="dimmed" ta="center">
          {SAVE_TYPE_FIRST}
        </Text>
      </Paper>
    );
  }
  if (!allowed) {
    return (
      <Alert color="gray" variant="light" maw={720} title="Permissions">
        Editing permissions needs permission to update tenant-level permissions.
      </Alert>
    );
  }
  const edit = () => {
    const context = contextOf(choice);
    if (context) setEditing({ context, title: `${titleOf(choice)} · ${baseline.label}` });
  };
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2} fz="lg">
        Permissions of '{baseline.label}'
      </Title>
      <Text fz="sm" c="dimmed">
        Who may create, update, delete, view and reassign records of this type. Permission changes are saved here, apart from the type.
      </Text>
      {editing ? (
        <PermissionEditor
          key={JSON.stringify(editing.context)}
          target={editing}
          onlyKeys={[baseline.name]}
          useGuard={useNoLeaveGuard}
          onBack={() => setEditing(null)}
        />
      ) : (
        <PermissionContextPicker choice={choice} onChange={setChoice} onEdit={edit} globalAdmin={globalAdmin} />
      )}
    </Stack>
  );
}
