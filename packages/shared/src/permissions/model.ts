/**
 * The permission document (spec 01 §6, 03 §3, issue 4): entries keyed by entity type name or
 * special permission, at four levels from general to specific — system default, tenant,
 * acting role (within a tenant), personnel (one person). Values are true, false or null
 * (null: say nothing, inherit).
 */
export const PERMISSION_ACTIONS = ['create', 'update', 'delete', 'view', 'reassign', 'lock_children'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
/** The actions that grant something (lock_children only steers resolution). */
export const GRANTING_ACTIONS = ['create', 'update', 'delete', 'view', 'reassign'] as const;
export type GrantingAction = (typeof GRANTING_ACTIONS)[number];

export type PermissionValue = boolean | null;
export type PermissionEntry = Partial<Record<PermissionAction, PermissionValue>>;
/** What one level sets: key → actions. */
export type PermissionLevel = Record<string, PermissionEntry>;

export const PERMISSION_LEVELS = ['system', 'tenant', 'role', 'personnel'] as const;
export type PermissionLevelName = (typeof PERMISSION_LEVELS)[number];

/** The levels that apply to one context, general first. Missing levels say nothing. */
export type PermissionDocument = Partial<Record<PermissionLevelName, PermissionLevel>>;

/** A special permission (spec 03 §3 'Permission'): not an entity type, a capability. */
export interface SpecialPermission {
  name: string;
  friendly_name: string;
  /** The action that grants it. */
  function: GrantingAction;
  /** Only global admins may change it; a tenant-level user sees the toggle disabled. */
  globally_set: boolean;
  /** Vendor-only: tenant admins do not get it by being tenant admins. */
  vendor_only: boolean;
}

export const SPECIAL_PERMISSIONS: readonly SpecialPermission[] = [
  { name: 'modify_entity_types', friendly_name: 'Modify entity types', function: 'update', globally_set: false, vendor_only: false },
  { name: 'view_admin_modules', friendly_name: 'View admin modules', function: 'view', globally_set: false, vendor_only: false },
  { name: 'update_collections', friendly_name: 'Update collections', function: 'update', globally_set: false, vendor_only: false },
  {
    name: 'update_tenant_permissions',
    friendly_name: 'Update tenant-level permissions',
    function: 'update',
    globally_set: false,
    vendor_only: false,
  },
  {
    name: 'update_privileged_permissions',
    friendly_name: 'Update privileged permissions',
    function: 'update',
    globally_set: true,
    vendor_only: true,
  },
  { name: 'view_version_pdfs', friendly_name: 'View version PDFs', function: 'view', globally_set: false, vendor_only: false },
  { name: 'show_deleted', friendly_name: 'Show deleted records', function: 'view', globally_set: true, vendor_only: true },
  { name: 'import_entity_types', friendly_name: 'Import entity types', function: 'create', globally_set: false, vendor_only: false },
  { name: 'view_system_reports', friendly_name: 'View system reports', function: 'view', globally_set: false, vendor_only: false },
  { name: 'manage_logins', friendly_name: 'Manage logins', function: 'update', globally_set: true, vendor_only: true },
];

const specialByName = new Map(SPECIAL_PERMISSIONS.map((p) => [p.name, p]));
export function specialPermission(name: string): SpecialPermission | undefined {
  return specialByName.get(name);
}
