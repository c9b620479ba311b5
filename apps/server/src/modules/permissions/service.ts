import {
  allows,
  COLLECTIONS_EDIT_DENIED,
  collectionAllowsEditing,
  GRANTING_ACTIONS,
  type GrantingAction,
  isRoleKey,
  isVendorRole,
  PERMISSION_ACTIONS,
  PERMISSION_LEVELS,
  type PermissionDocument,
  type PermissionKey,
  type PermissionLevel,
  type PermissionSubject,
  type ResolvedEntry,
  resolvePermission,
  roleLabel,
  TENANT_ADMIN_ROLE,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { type FieldErrors, forbidden, invalid } from '../../platform/http/errors.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import { actorOf, recordSensitiveAction } from '../sensitive-actions/service.ts';
import { permissionKeys } from './keys.ts';
import { type LevelAddress, levelOf, loadDocument, writeLevel } from './repository.ts';

const isUuid = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/** The personnel record of a user in a tenant (null when they have none there). */
export async function personnelIdOf(db: Kysely<DB>, tenantId: string | null, userId: string): Promise<string | null> {
  if (!tenantId) return null;
  const row = await withContext(db, { tenantId, userId, isGlobal: false }, (tx) =>
    tx.selectFrom('personnel').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst(),
  );
  return row?.id ?? null;
}

export type PermissionAsker = Pick<AuthContext, 'userId' | 'tenantId' | 'actingRole' | 'isGlobalAdmin'>;

export function subjectOf(auth: PermissionAsker): PermissionSubject {
  return { isGlobalAdmin: auth.isGlobalAdmin, isTenantAdmin: auth.tenantId !== null && auth.actingRole === TENANT_ADMIN_ROLE };
}

function resolveAll(document: PermissionDocument, keys: PermissionKey[], subject: PermissionSubject): Record<string, ResolvedEntry> {
  const result: Record<string, ResolvedEntry> = {};
  for (const k of keys) {
    const entry = {} as ResolvedEntry;
    for (const action of GRANTING_ACTIONS) {
      // Global admins may do everything (the guard says so too); others only a special's one action.
      const applies = subject.isGlobalAdmin || k.kind !== 'special' || k.function === action;
      entry[action] = applies && allows(subject, document, k.key, action, k.vendor_only);
    }
    result[k.key] = entry;
  }
  return result;
}

/**
 * What the caller may do, resolved once per request: `can` answers, `authorize` refuses with
 * 403. Every route that reads or writes a record asks it.
 */
export interface PermissionGuard {
  can(key: string, action: GrantingAction): boolean;
  authorize(key: string, action: GrantingAction): void;
  effective(): Record<string, ResolvedEntry>;
}

export async function guardFor(db: Kysely<DB>, auth: PermissionAsker): Promise<PermissionGuard> {
  const [personnelId, keys] = await Promise.all([
    cachedRead(db, `personnel:${auth.tenantId}:${auth.userId}`, () => personnelIdOf(db, auth.tenantId, auth.userId)),
    cachedRead(db, `keys:${auth.tenantId}`, () => permissionKeys(db, auth.tenantId)),
  ]);
  const document = await cachedRead(db, `document:${auth.tenantId}:${auth.actingRole}:${personnelId}`, () =>
    loadDocument(db, { tenantId: auth.tenantId, role: auth.actingRole, personnelId }),
  );
  const byKey = new Map(keys.map((k) => [k.key, k]));
  const subject = subjectOf(auth);
  const can = (key: string, action: GrantingAction) => {
    const k = byKey.get(key);
    if (k?.kind === 'special' && k.function !== action) return subject.isGlobalAdmin;
    return allows(subject, document, key, action, k?.vendor_only ?? false);
  };
  return {
    can,
    authorize(key, action) {
      if (!can(key, action)) throw forbidden();
    },
    effective: () => resolveAll(document, keys, subject),
  };
}

type RecordTypeKind = { name: string; is_module: boolean; is_task: boolean };

/**
 * Editing a type's records (spec 02 §6): update on the type and, for a collection (neither a
 * module nor a task type), update on collections too. 403 otherwise.
 */
export function authorizeRecordUpdate(guard: PermissionGuard, type: RecordTypeKind): void {
  guard.authorize(type.name, 'update');
  if (!collectionAllowsEditing(guard.can, type)) throw forbidden(COLLECTIONS_EDIT_DENIED);
}

/** `effective_permissions` of GET /user: the resolved map for the acting tenant, role and person. */
export async function effectivePermissions(db: Kysely<DB>, auth: PermissionAsker): Promise<Record<string, ResolvedEntry>> {
  return (await guardFor(db, auth)).effective();
}

/**
 * Checks and completes an address taken from a request. Tenant-level users may address only
 * their own tenant; the system level is for global admins.
 */
async function verifyAddress(
  db: Kysely<DB>,
  auth: AuthContext,
  query: { tenant?: string | null; role?: string | null; personnel?: string | null },
): Promise<LevelAddress> {
  const errors: FieldErrors = {};
  const tenantId = query.tenant || null;
  const role = query.role || null;
  const personnelId = query.personnel || null;
  if (tenantId && !isUuid(tenantId)) errors.tenant = ['The selected tenant is invalid.'];
  if (role && !isRoleKey(role)) errors.role = ['The selected role is invalid.'];
  if (personnelId && !isUuid(personnelId)) errors.personnel = ['The selected personnel is invalid.'];
  if ((role || personnelId) && !tenantId) errors.tenant = ['The tenant field is required with a role or personnel.'];
  if (role && personnelId) errors.personnel = ['Choose a role or a personnel record, not both.'];
  if (Object.keys(errors).length) throw invalid(errors);
  if (!auth.isGlobalAdmin && tenantId !== auth.tenantId) throw forbidden();
  // The vendor's internal roles are the vendor's to configure.
  if (!auth.isGlobalAdmin && role && isVendorRole(role)) throw forbidden();
  if (tenantId) {
    const tenant = await db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst();
    if (!tenant) throw forbidden();
  }
  if (tenantId && personnelId) {
    const person = await withContext(db, { tenantId, userId: auth.userId, isGlobal: false }, (tx) =>
      tx.selectFrom('personnel').select('id').where('tenant_id', '=', tenantId).where('id', '=', personnelId).executeTakeFirst(),
    );
    if (!person) throw invalid({ personnel: ['The selected personnel is invalid.'] });
  }
  return { tenantId, role, personnelId };
}

/** GET /permissions-v2: the resolved document of a context; people may read their own, admins any in reach. */
export async function resolvedFor(db: Kysely<DB>, auth: AuthContext, query: { tenant?: string; role?: string; personnel?: string }) {
  const asked = query.tenant || query.role || query.personnel;
  if (!asked) return effectivePermissions(db, auth);
  const address = await verifyAddress(db, auth, query);
  const own = address.tenantId === auth.tenantId && (address.role ?? auth.actingRole) === auth.actingRole;
  if (!own) await requireEditor(db, auth, address);
  const document = await loadDocument(db, address);
  // The context asked about is resolved as that role would see it, not with the caller's powers.
  const subject: PermissionSubject = { isGlobalAdmin: false, isTenantAdmin: address.role === TENANT_ADMIN_ROLE };
  return resolveAll(document, await permissionKeys(db, address.tenantId), subject);
}

/** Who may edit a level: global admins anything; in their own tenant, tenant admins and holders of update_tenant_permissions. */
async function requireEditor(db: Kysely<DB>, auth: AuthContext, address: LevelAddress): Promise<void> {
  if (auth.isGlobalAdmin) return;
  if (!address.tenantId || address.tenantId !== auth.tenantId) throw forbidden();
  const guard = await guardFor(db, auth);
  if (!guard.can('update_tenant_permissions', 'update')) throw forbidden();
}

/** GET /permissions-v2/edit: what a level sets, and what it inherits from the levels above. */
export async function editView(db: Kysely<DB>, auth: AuthContext, query: { tenant?: string; role?: string; personnel?: string }) {
  const address = await verifyAddress(db, auth, query);
  await requireEditor(db, auth, address);
  const level = levelOf(address);
  const document = await loadDocument(db, address);
  const above: PermissionDocument = {};
  for (const l of PERMISSION_LEVELS) {
    if (l === level) break;
    above[l] = document[l];
  }
  const keys = await permissionKeys(db, address.tenantId);
  const inherited: Record<string, Record<string, { value: boolean; from: string | null; locked: boolean; locked_at: string | null }>> = {};
  for (const k of keys) {
    inherited[k.key] = {};
    for (const action of GRANTING_ACTIONS) {
      const r = resolvePermission(above, k.key, action);
      inherited[k.key]![action] = { value: r.allowed, from: r.from, locked: r.lockedAt !== null, locked_at: r.lockedAt };
    }
  }
  return { level, keys, set: document[level] ?? {}, inherited, can_edit_globally_set: auth.isGlobalAdmin };
}

function describeChange(key: string, before: PermissionLevel[string] | undefined, after: PermissionLevel[string]): string[] {
  const word = (v: boolean | null | undefined) => (v === true ? 'allow' : v === false ? 'deny' : 'inherit');
  const lines: string[] = [];
  for (const action of PERMISSION_ACTIONS) {
    const was = before?.[action] ?? null;
    const now = after[action] ?? null;
    if (was !== now) lines.push(`${key} ${action}: ${word(was)} → ${word(now)}`);
  }
  return lines;
}

/** POST /permissions-v2: saves one level, checks every key, records what changed. */
export async function saveLevel(
  db: Kysely<DB>,
  auth: AuthContext,
  body: { tenant?: string | null; role?: string | null; personnel?: string | null; permissions: PermissionLevel },
) {
  const address = await verifyAddress(db, auth, body);
  await requireEditor(db, auth, address);
  const keys = new Map((await permissionKeys(db, address.tenantId)).map((k) => [k.key, k]));
  const errors: FieldErrors = {};
  for (const [key, entry] of Object.entries(body.permissions)) {
    const known = keys.get(key);
    if (!known) {
      errors[`permissions.${key}`] = [`Unknown permission '${key}'.`];
      continue;
    }
    if (known.kind === 'special') {
      const extra = Object.entries(entry).filter(
        ([action, v]) => v !== null && v !== undefined && action !== known.function && action !== 'lock_children',
      );
      if (extra.length) errors[`permissions.${key}`] = [`'${known.label}' is granted by ${known.function} only.`];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const document = await loadDocument(db, address);
  const level = levelOf(address);
  const current = document[level] ?? {};
  const changes: string[] = [];
  for (const [key, entry] of Object.entries(body.permissions)) {
    const lines = describeChange(key, current[key], entry);
    if (lines.length && keys.get(key)!.globally_set && !auth.isGlobalAdmin) throw forbidden(`'${keys.get(key)!.label}' is set globally.`);
    changes.push(...lines);
  }
  if (changes.length === 0) return;
  const where = address.tenantId
    ? (await db.selectFrom('tenant').select('display_name').where('id', '=', address.tenantId).executeTakeFirstOrThrow()).display_name
    : 'System defaults';
  const who = level === 'role' ? ` / role ${roleLabel(address.role)}` : level === 'personnel' ? ` / personnel ${address.personnelId}` : '';
  const write = async (tx: Kysely<DB>) => {
    await writeLevel(tx, address, body.permissions, auth.userId);
    await recordSensitiveAction(tx, {
      actor: actorOf(auth),
      tenantId: address.tenantId,
      name: 'Permissions changed',
      content: `${where}${who}: ${changes.join('; ')}`,
    });
  };
  if (address.tenantId) await withContext(db, { tenantId: address.tenantId, userId: auth.userId, isGlobal: false }, write);
  else await db.transaction().execute(write);
}

export const LEGACY_ID_MARKER = '|id:';

/**
 * A new entity type starts usable: view, create and update for everyone in its scope (the
 * tenant level for a tenant's type, the system level for a global one); admins narrow it.
 */
export async function grantNewTypeDefaults(db: Kysely<DB>, tenantId: string | null, typeName: string, userId: string): Promise<void> {
  const entry = { view: true, create: true, update: true };
  await writeLevel(db, { tenantId, role: null, personnelId: null }, { [typeName]: entry }, userId);
}
