import { GLOBAL_ADMIN_ROLE, ROLES, roleLabel } from '@turnout/shared';
import type { PermissionContext } from './permissions-api.ts';

/** What the Manage Permissions picker holds: system defaults, or a tenant with an optional role or person. */
export interface PickerChoice {
  system: boolean;
  tenant: { id: string; name: string } | null;
  role: string | null;
  person: { id: string; name: string; role: string } | null;
}

export const EMPTY_CHOICE: PickerChoice = { system: false, tenant: null, role: null, person: null };

/**
 * The roles a level can be set for, in the order of ROLES (the matrix order): every role but the
 * global admin's (allowed everything anyway); the vendor's internal roles only for global admins.
 */
export function roleOptions(globalAdmin: boolean): { value: string; label: string }[] {
  return ROLES.filter((role) => role.key !== GLOBAL_ADMIN_ROLE && (globalAdmin || !role.vendor)).map((role) => ({
    value: role.key,
    label: role.label === role.key ? role.label : `${role.label} (${role.key})`,
  }));
}

/** The call's address: a person wins over a role (the server takes one of them, never both). */
export function contextOf(choice: PickerChoice): PermissionContext | null {
  if (choice.system) return { tenant: null, role: null, personnel: null };
  if (!choice.tenant) return null;
  if (choice.person) return { tenant: choice.tenant.id, role: null, personnel: choice.person.id };
  return { tenant: choice.tenant.id, role: choice.role, personnel: null };
}

/** How the editor names the level: 'System defaults', 'Riverside Fire Department · Firefighter'. */
export function titleOf(choice: PickerChoice): string {
  if (choice.system) return 'System defaults';
  const parts = [choice.tenant?.name ?? ''];
  if (choice.person) parts.push(choice.person.name);
  else if (choice.role) parts.push(roleLabel(choice.role));
  return parts.filter(Boolean).join(' · ');
}

/** One sentence under the picker saying which level 'Edit Permissions' opens. */
export function summaryOf(choice: PickerChoice): string {
  if (choice.system) return 'You will edit the system defaults, which every department inherits.';
  if (!choice.tenant) return 'Choose a tenant first.';
  if (choice.person) {
    return `You will edit the permissions of ${choice.person.name} in ${choice.tenant.name}, over their role (${roleLabel(choice.person.role)}).`;
  }
  if (choice.role) return `You will edit the ${roleLabel(choice.role)} role in ${choice.tenant.name}.`;
  return `You will edit the tenant level of ${choice.tenant.name}: what all its roles inherit.`;
}
