import { PERMISSION_ACTIONS, type PermissionLevel } from '@turnout/shared';
import type { EditView, LegacyPermissions } from '../features/permissions/permissions-api.ts';

type Key = EditView['keys'][number];

export const NOTICE_KEY: Key = {
  key: 'notice',
  label: 'Notices',
  kind: 'entity_type',
  globally_set: false,
  vendor_only: false,
  function: null,
};
export const MODIFY_TYPES_KEY: Key = {
  key: 'modify_entity_types',
  label: 'Modify entity types',
  kind: 'special',
  globally_set: false,
  vendor_only: false,
  function: 'update',
};
export const MANAGE_LOGINS_KEY: Key = {
  key: 'manage_logins',
  label: 'Manage logins',
  kind: 'special',
  globally_set: true,
  vendor_only: true,
  function: 'update',
};

type Inherited = EditView['inherited'][string][string];
const denied: Inherited = { value: false, from: null, locked: false, locked_at: null };

/** What GET /permissions-v2/edit answers for a role level: notice view and create come from the system defaults. */
export function makeEditView(overrides: Partial<EditView> = {}): EditView {
  const inheritedOf = (entries: Record<string, Inherited>) =>
    Object.fromEntries(PERMISSION_ACTIONS.filter((a) => a !== 'lock_children').map((a) => [a, entries[a] ?? denied]));
  return {
    level: 'role',
    keys: [NOTICE_KEY, MODIFY_TYPES_KEY, MANAGE_LOGINS_KEY],
    set: {} as PermissionLevel,
    inherited: {
      notice: inheritedOf({
        view: { value: true, from: 'system', locked: false, locked_at: null },
        create: { value: true, from: 'system', locked: false, locked_at: null },
      }),
      modify_entity_types: inheritedOf({ update: { value: false, from: 'tenant', locked: false, locked_at: null } }),
      manage_logins: inheritedOf({ update: { value: false, from: 'system', locked: true, locked_at: 'system' } }),
    },
    can_edit_globally_set: true,
    ...overrides,
  };
}

/** What GET /permissions answers (deprecated editor), roles deliberately out of ROLES order. */
export function makeLegacyPermissions(): LegacyPermissions {
  return {
    roles: [
      { id: 'Tenant User', name: 'Tenant User', permissions: ['view notice'] },
      { id: 'Tenant Admin', name: 'Tenant Admin', permissions: ['view notice', 'create notice'] },
      { id: 'Lieutenant', name: 'Lieutenant', permissions: [] },
    ],
    permissions: [
      { id: 'create notice', name: 'create notice', friendly_name: 'Create Notices', function: 'create', globally_set: false },
      { id: 'view notice', name: 'view notice', friendly_name: 'View Notices', function: 'view', globally_set: false },
      { id: 'update manage_logins', name: 'update manage_logins', friendly_name: 'Manage logins', function: 'update', globally_set: true },
    ],
  };
}
