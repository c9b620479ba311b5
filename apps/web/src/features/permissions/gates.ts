import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { usePermissions } from './use-permission.tsx';

/**
 * Manage Permissions: global admins; in their acting tenant, whoever may update tenant-level
 * permissions (tenant admins always may). Admin Tools links it for global admins only (spec 03 §6).
 */
export function useCanManagePermissions(): boolean {
  const user = useCurrentUser();
  const can = usePermissions();
  return isGlobalAdmin(user) || (user.tenant_id !== null && can('update_tenant_permissions', 'update'));
}

/** The deprecated Permissions Editor needs update of tenant-level or privileged permissions (spec 03 §6). */
export function useCanUseLegacyEditor(): boolean {
  const can = usePermissions();
  return can('update_tenant_permissions', 'update') || can('update_privileged_permissions', 'update');
}
