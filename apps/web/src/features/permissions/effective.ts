import {
  allows,
  type CurrentUser,
  GRANTING_ACTIONS,
  type GrantingAction,
  type PermissionDocument,
  type PermissionLevel,
  type PermissionSubject,
  specialPermission,
  TENANT_ADMIN_ROLE,
} from '@turnout/shared';

/**
 * Who the user is for the fixed rules of `allows()`, as the server decides it: global admins,
 * and tenant admins while they act as Tenant Admin inside a tenant.
 */
export function permissionSubject(user: CurrentUser): PermissionSubject {
  return {
    isGlobalAdmin: user.is_global_admin,
    isTenantAdmin: user.tenant_id !== null && user.acting_role === TENANT_ADMIN_ROLE,
  };
}

/**
 * `effective_permissions` of GET /user (already resolved for the acting tenant, role and person)
 * as a one-level permission document. Only booleans count: anything else reads as not set, so
 * denied.
 */
export function effectiveDocument(effective: CurrentUser['effective_permissions']): PermissionDocument {
  const level: PermissionLevel = {};
  for (const [key, raw] of Object.entries(effective ?? {})) {
    if (!raw || typeof raw !== 'object') continue;
    const entry: PermissionLevel[string] = {};
    for (const action of GRANTING_ACTIONS) {
      const value = (raw as Record<string, unknown>)[action];
      if (typeof value === 'boolean') entry[action] = value;
    }
    level[key] = entry;
  }
  return { personnel: level };
}

/**
 * Whether the user may do `action` on `key` (an entity type name or a special permission name):
 * the shared `allows()` over their effective permissions. A special permission is granted by its
 * one function; any other action on it is for global admins only (as the server answers).
 */
export function userCan(
  user: CurrentUser,
  key: string,
  action: GrantingAction,
  document = effectiveDocument(user.effective_permissions),
): boolean {
  const subject = permissionSubject(user);
  const special = specialPermission(key);
  if (special && special.function !== action) return subject.isGlobalAdmin;
  return allows(subject, document, key, action, special?.vendor_only ?? false);
}
