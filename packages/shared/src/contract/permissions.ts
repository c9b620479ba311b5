import { z } from 'zod';
import { PERMISSION_ACTIONS } from '../permissions/model.ts';

/** Permission calls (spec 01 §7 'Permissions v2', 03 §7). */
const permissionValue = z.boolean().nullable();
export const permissionEntry = z.partialRecord(z.enum(PERMISSION_ACTIONS), permissionValue);
export const permissionLevel = z.record(z.string().min(1).max(200), permissionEntry);

/** Which level a call is about: none → system defaults; tenant; tenant+role; tenant+personnel. */
export const permissionContextQuery = z.object({
  tenant: z.string().optional(),
  role: z.string().optional(),
  personnel: z.string().optional(),
});
export type PermissionContextQuery = z.infer<typeof permissionContextQuery>;

/** A resolved permission for one key: each granting action true or false. */
export const resolvedEntry = z.object({
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  view: z.boolean(),
  reassign: z.boolean(),
});
export type ResolvedEntry = z.infer<typeof resolvedEntry>;

export const permissionKey = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['entity_type', 'special']),
  globally_set: z.boolean(),
  vendor_only: z.boolean(),
  /** For special permissions: the one action that grants it. */
  function: z.string().nullable(),
});
export type PermissionKey = z.infer<typeof permissionKey>;

export const resolvedPermissionsResponse = z.object({ data: z.record(z.string(), resolvedEntry) });

export const editPermissionsResponse = z.object({
  data: z.object({
    level: z.enum(['system', 'tenant', 'role', 'personnel']),
    keys: z.array(permissionKey),
    /** What this level sets. */
    set: permissionLevel,
    /** What the levels above it resolve to, per key and action, with where it came from. */
    inherited: z.record(
      z.string(),
      z.record(
        z.string(),
        z.object({ value: z.boolean(), from: z.string().nullable(), locked: z.boolean(), locked_at: z.string().nullable() }),
      ),
    ),
    /** The editor may not change globally-set keys (tenant-level users). */
    can_edit_globally_set: z.boolean(),
  }),
});

export const savePermissionsBody = z.object({
  tenant: z.string().nullable().optional(),
  role: z.string().nullable().optional(),
  personnel: z.string().nullable().optional(),
  permissions: permissionLevel,
});
export type SavePermissionsBody = z.infer<typeof savePermissionsBody>;
export const PERMISSIONS_SAVED = 'Permissions saved';

export const systemPermissionsResponse = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), friendly_name: z.string(), function: z.string(), globally_set: z.boolean() })),
});

/** The deprecated editor (GET/POST /permissions): roles × permission names like 'create incident_report'. */
export const legacyPermissionsResponse = z.object({
  data: z.object({
    roles: z.array(z.object({ id: z.string(), name: z.string(), permissions: z.array(z.string()) })),
    permissions: z.array(
      z.object({ id: z.string(), name: z.string(), friendly_name: z.string(), function: z.string(), globally_set: z.boolean() }),
    ),
  }),
});
export const legacySavePermissionsBody = z.object({
  roles: z.array(z.object({ name: z.string(), permissions: z.array(z.string().max(300)) })),
});
