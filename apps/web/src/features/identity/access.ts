import { type CurrentUser, GLOBAL_ADMIN_ROLE, roleLabel, TENANT_ADMIN_ROLE, TRAINER_ADMIN_ROLE, type UserRole } from '@turnout/shared';

/** Global admins: the vendor's 'MSFES User' role, held without a tenant (spec 03 §6). */
export function isGlobalAdmin(user: CurrentUser): boolean {
  return user.is_global_admin;
}

/** Tenant administrators act as Tenant Admin or Trainer Admin (spec 03 §1). */
export function isTenantAdmin(user: CurrentUser): boolean {
  return user.acting_role === TENANT_ADMIN_ROLE || user.acting_role === TRAINER_ADMIN_ROLE;
}

/** Admin Tools: global or tenant admins (spec 03 §6). */
export function canOpenAdminTools(user: CurrentUser): boolean {
  return isGlobalAdmin(user) || isTenantAdmin(user);
}

/**
 * The roles a user may act as in a tenant: those whose pivot tenant is that tenant or empty
 * (spec 01 §6), each key once.
 */
export function rolesForTenant(user: CurrentUser, tenantId: string | null): UserRole[] {
  const seen = new Set<string>();
  return user.roles.filter((role) => {
    if (role.pivot.tenant_id !== null && role.pivot.tenant_id !== tenantId) return false;
    if (seen.has(role.name)) return false;
    seen.add(role.name);
    return true;
  });
}

/** Distinct roles the user holds anywhere. */
function distinctRoleCount(user: CurrentUser): number {
  return new Set(user.roles.map((role) => role.name)).size;
}

/**
 * The tenant/role switcher shows only if there is more than one tenant, the user is a global
 * admin, or the user has more than one role (spec 01 §6).
 */
export function showsSwitcher(user: CurrentUser): boolean {
  return user.tenants.length > 1 || isGlobalAdmin(user) || distinctRoleCount(user) > 1;
}

/** The role selector is tappable only with more than one role to choose from. */
export function roleSelectable(roles: readonly UserRole[]): boolean {
  return roles.length > 1;
}

/** What the menu says the user acts as: the tenant's name, or 'Global' at global level. */
export function actingTenantName(user: CurrentUser): string {
  if (user.current_tenant) return user.current_tenant;
  return user.is_global ? 'Global' : 'No department selected';
}

export function actingRoleLabel(user: CurrentUser): string {
  if (!user.acting_role) return '';
  if (user.acting_role === GLOBAL_ADMIN_ROLE) return 'Global Admin';
  return user.roles.find((role) => role.name === user.acting_role)?.label ?? roleLabel(user.acting_role);
}
