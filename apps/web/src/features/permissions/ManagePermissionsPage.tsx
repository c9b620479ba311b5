import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Gate } from '../settings/AccessDenied.tsx';
import { useCanManagePermissions } from './gates.ts';
import { PermissionContextPicker } from './PermissionContextPicker.tsx';
import { PermissionEditor, type PermissionTarget } from './PermissionEditor.tsx';
import { contextOf, EMPTY_CHOICE, type PickerChoice, titleOf } from './picker-model.ts';

/**
 * /settings/manage-permissions (spec 03 §2 'Manage Permissions'). Admin Tools links here for
 * global admins (spec 03 §6); the screen also serves whoever may update tenant-level permissions
 * in their acting tenant (tenant admins always may), for that tenant only. The server checks
 * the same on every call.
 */
export function ManagePermissionsPage() {
  const user = useCurrentUser();
  const globalAdmin = isGlobalAdmin(user);
  const allowed = useCanManagePermissions();
  const [choice, setChoice] = useState<PickerChoice>(() =>
    globalAdmin || !user.tenant_id ? EMPTY_CHOICE : { ...EMPTY_CHOICE, tenant: { id: user.tenant_id, name: user.current_tenant ?? '' } },
  );
  const [editing, setEditing] = useState<PermissionTarget | null>(null);

  const edit = () => {
    const context = contextOf(choice);
    if (context) setEditing({ context, title: titleOf(choice) });
  };

  return (
    <Gate allowed={allowed} title="Manage Permissions" reason="Only global admins and department administrators can manage permissions.">
      <Stack gap="lg" maw={1100}>
        <Title order={1}>Manage Permissions</Title>
        {editing ? (
          <PermissionEditor key={JSON.stringify(editing.context)} target={editing} onBack={() => setEditing(null)} />
        ) : (
          <PermissionContextPicker choice={choice} onChange={setChoice} onEdit={edit} globalAdmin={globalAdmin} />
        )}
      </Stack>
    </Gate>
  );
}
