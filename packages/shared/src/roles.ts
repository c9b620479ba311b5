/**
 * The roles of spec 01 §6, in the spec's order: this order is the order of the permission
 * matrix columns. Keys are what is stored; labels are what people read. The three vendor
 * roles are internal and their stored keys carry the vendor prefix; 'MSFES User' is the global
 * admin role.
 */
export const VENDOR_PREFIX = 'MSFES';
export const GLOBAL_ADMIN_ROLE = 'MSFES User';
export const TENANT_ADMIN_ROLE = 'Tenant Admin';
export const TRAINER_ADMIN_ROLE = 'Trainer Admin';
export const DEFAULT_ROLE = 'Tenant User';
export const ALL_ROLES = 'ALL';

export interface RoleDefinition {
  key: string;
  label: string;
  vendor: boolean;
}

export const ROLES: readonly RoleDefinition[] = [
  { key: GLOBAL_ADMIN_ROLE, label: 'Global Admin', vendor: true },
  { key: TENANT_ADMIN_ROLE, label: 'Fire Chief', vendor: false },
  { key: 'Deputy Fire Chief', label: 'Deputy Fire Chief', vendor: false },
  { key: 'Assistant Fire Chief', label: 'Assistant Fire Chief', vendor: false },
  { key: 'Battalion Fire Chief', label: 'Battalion Fire Chief', vendor: false },
  { key: 'Lieutenant', label: 'Lieutenant', vendor: false },
  { key: 'Engineer', label: 'Engineer', vendor: false },
  { key: DEFAULT_ROLE, label: 'Firefighter', vendor: false },
  { key: 'Human Resources', label: 'Human Resources', vendor: false },
  { key: 'Office Manager', label: 'Office Manager', vendor: false },
  { key: 'Administrative Assistant', label: 'Administrative Assistant', vendor: false },
  { key: 'Town/City/County Manager', label: 'Town/City/County Manager', vendor: false },
  { key: 'Town/City/County Attorney', label: 'Town/City/County Attorney', vendor: false },
  { key: TRAINER_ADMIN_ROLE, label: 'Trainer Admin', vendor: false },
  { key: `${VENDOR_PREFIX} Office Staff`, label: 'Office Staff', vendor: true },
  { key: `${VENDOR_PREFIX} Sales`, label: 'Sales', vendor: true },
  { key: 'Department Officer', label: 'Captain', vendor: false },
  { key: 'Board Chairman', label: 'Board Chairman', vendor: false },
  { key: 'Board Member', label: 'Board Member', vendor: false },
  { key: 'ISO Inspector', label: 'ISO Inspector', vendor: false },
  { key: 'Board Treasurer', label: 'Board Treasurer', vendor: false },
  { key: 'Relief Fund Board Chair', label: 'Relief Fund Board Chair', vendor: false },
  { key: 'Relief Fund Board Member', label: 'Relief Fund Board Member', vendor: false },
  { key: 'Auxiliary', label: 'Auxiliary', vendor: false },
  { key: 'Junior', label: 'Junior', vendor: false },
];

export const ROLE_KEYS: readonly string[] = ROLES.map((r) => r.key);
const byKey = new Map(ROLES.map((r) => [r.key, r]));

export function isRoleKey(key: string): boolean {
  return byKey.has(key);
}

export function roleLabel(key: string | null | undefined): string {
  if (!key) return '';
  if (key === ALL_ROLES) return 'All roles';
  return byKey.get(key)?.label ?? key;
}

export function isVendorRole(key: string): boolean {
  return byKey.get(key)?.vendor ?? false;
}

/** Roles a department may give its own people (not the vendor's internal ones). */
export const TENANT_ROLE_KEYS: readonly string[] = ROLES.filter((r) => !r.vendor).map((r) => r.key);
