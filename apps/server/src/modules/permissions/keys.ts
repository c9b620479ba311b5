import { type PermissionKey, SPECIAL_PERMISSIONS } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** Records that are not entity types but are permissioned the same way. */
export const BUILT_IN_KEYS: PermissionKey[] = [
  { key: 'notice', label: 'Notices', kind: 'entity_type', globally_set: false, vendor_only: false, function: null },
];

/**
 * Every key a permission document may hold for a tenant: entity types (built-in ones for now;
 * the entity type engine adds the configured types), then the special permissions.
 */
export async function permissionKeys(_db: Kysely<DB>, _tenantId: string | null): Promise<PermissionKey[]> {
  const specials: PermissionKey[] = SPECIAL_PERMISSIONS.map((p) => ({
    key: p.name,
    label: p.friendly_name,
    kind: 'special',
    globally_set: p.globally_set,
    vendor_only: p.vendor_only,
    function: p.function,
  }));
  return [...BUILT_IN_KEYS, ...specials];
}
