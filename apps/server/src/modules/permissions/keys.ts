import { type PermissionKey, SPECIAL_PERMISSIONS } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';

/** Records that are not entity types but are permissioned the same way. */
export const BUILT_IN_KEYS: PermissionKey[] = [
  { key: 'notice', label: 'Notices', kind: 'entity_type', globally_set: false, vendor_only: false, function: null },
  { key: 'document', label: 'Documents', kind: 'entity_type', globally_set: false, vendor_only: false, function: null },
  { key: 'document_folder', label: 'Document folders', kind: 'entity_type', globally_set: false, vendor_only: false, function: null },
];

/**
 * Every key a permission document may hold for a tenant: its entity types (global ones and
 * its own) and the built-in records, then the special permissions.
 */
export async function permissionKeys(db: Kysely<DB>, tenantId: string | null): Promise<PermissionKey[]> {
  const types = await withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) =>
    tx
      .selectFrom('entity_type')
      .select(['name', 'label'])
      .where('deleted_at', 'is', null)
      .where((eb) => (tenantId ? eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]) : eb('tenant_id', 'is', null)))
      .orderBy('sort_order')
      .orderBy('label')
      .execute(),
  );
  const typeKeys: PermissionKey[] = types.map((t) => ({
    key: t.name,
    label: t.label,
    kind: 'entity_type',
    globally_set: false,
    vendor_only: false,
    function: null,
  }));
  const specials: PermissionKey[] = SPECIAL_PERMISSIONS.map((p) => ({
    key: p.name,
    label: p.friendly_name,
    kind: 'special',
    globally_set: p.globally_set,
    vendor_only: p.vendor_only,
    function: p.function,
  }));
  return [...typeKeys, ...BUILT_IN_KEYS, ...specials];
}
