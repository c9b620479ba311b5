import { GRANTING_ACTIONS, type PermissionLevel, ROLES, resolvePermission } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { permissionKeys } from './keys.ts';
import { loadDocument } from './repository.ts';
import { guardFor, LEGACY_ID_MARKER, saveLevel } from './service.ts';

/**
 * The deprecated editor (GET/POST /permissions): roles × permission names '{action} {key}',
 * always the role level of the acting tenant. Names containing '|id:' are dropped (spec 03 §7).
 */
async function requireLegacyEditor(db: Kysely<DB>, auth: AuthContext): Promise<string> {
  if (!auth.tenantId) throw forbidden('Tenant must be selected first');
  if (auth.isGlobalAdmin) return auth.tenantId;
  const guard = await guardFor(db, auth);
  if (!guard.can('update_tenant_permissions', 'update') && !guard.can('update_privileged_permissions', 'update')) throw forbidden();
  return auth.tenantId;
}

async function names(db: Kysely<DB>, tenantId: string, only?: string) {
  const keys = (await permissionKeys(db, tenantId)).filter((k) => !only || k.key === only);
  return keys.flatMap((k) =>
    (k.kind === 'special' ? [k.function!] : [...GRANTING_ACTIONS]).map((action) => ({
      key: k.key,
      action: action as (typeof GRANTING_ACTIONS)[number],
      name: `${action} ${k.key}`,
      friendly_name: k.kind === 'special' ? k.label : `${action[0]!.toUpperCase()}${action.slice(1)} ${k.label}`,
      globally_set: k.globally_set,
    })),
  );
}

export async function legacyList(db: Kysely<DB>, auth: AuthContext, only?: string) {
  const tenantId = await requireLegacyEditor(db, auth);
  const permissions = (await names(db, tenantId, only)).filter((p) => !p.name.includes(LEGACY_ID_MARKER));
  const roles = [];
  // The vendor's internal roles are listed for global admins only.
  for (const role of ROLES.filter((r) => auth.isGlobalAdmin || !r.vendor)) {
    const document = await loadDocument(db, { tenantId, role: role.key, personnelId: null });
    roles.push({
      id: role.key,
      name: role.key,
      permissions: permissions.filter((p) => resolvePermission(document, p.key, p.action).allowed).map((p) => p.name),
    });
  }
  return {
    roles,
    permissions: permissions.map((p) => ({
      id: p.name,
      name: p.name,
      friendly_name: p.friendly_name,
      function: p.action,
      globally_set: p.globally_set,
    })),
  };
}

/** POST /permissions: checked names are allowed at the role level; unchecked ones deny only what would otherwise be allowed. */
export async function legacySave(db: Kysely<DB>, auth: AuthContext, roles: { name: string; permissions: string[] }[]) {
  const tenantId = await requireLegacyEditor(db, auth);
  const all = await names(db, tenantId);
  for (const role of roles) {
    const chosen = new Set(role.permissions.filter((n) => !n.includes(LEGACY_ID_MARKER)));
    const document = await loadDocument(db, { tenantId, role: role.name, personnelId: null });
    const above = { system: document.system, tenant: document.tenant };
    const level: PermissionLevel = {};
    for (const p of all) {
      const inherited = resolvePermission(above, p.key, p.action).allowed;
      const value = chosen.has(p.name) ? (inherited ? null : true) : inherited ? false : null;
      const current = document.role?.[p.key]?.[p.action] ?? null;
      if (value === current) continue;
      level[p.key] = { ...(level[p.key] ?? document.role?.[p.key] ?? {}), [p.action]: value };
    }
    if (Object.keys(level).length) await saveLevel(db, auth, { tenant: tenantId, role: role.name, permissions: level });
  }
}
