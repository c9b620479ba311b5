import { ROLES } from '@turnout/shared';
import type { LegacyPermissions } from './permissions-api.ts';

/** The deprecated editor's unsaved changes: role → permission name → checked. */
export type LegacyEdits = Record<string, Record<string, boolean>>;

type Role = LegacyPermissions['roles'][number];

const roleOrder = new Map(ROLES.map((role, index) => [role.key, index]));

/** Matrix columns in the order of ROLES (spec 03 §6); roles it does not know go last, as the server sent them. */
export function orderedRoles(roles: readonly Role[]): Role[] {
  return roles
    .map((role, index) => ({ role, index }))
    .sort((a, b) => (roleOrder.get(a.role.name) ?? ROLES.length + a.index) - (roleOrder.get(b.role.name) ?? ROLES.length + b.index))
    .map(({ role }) => role);
}

/** Each role's saved permission names as a set, worked out once per answer (a matrix asks thousands of times). */
const savedSets = new WeakMap<LegacyPermissions, Map<string, Set<string>>>();

function savedHas(data: LegacyPermissions, role: string, name: string): boolean {
  let sets = savedSets.get(data);
  if (!sets) {
    sets = new Map(data.roles.map((r) => [r.name, new Set(r.permissions)]));
    savedSets.set(data, sets);
  }
  return sets.get(role)?.has(name) ?? false;
}

export function legacyChecked(data: LegacyPermissions, edits: LegacyEdits, role: string, name: string): boolean {
  const edited = edits[role]?.[name];
  return edited ?? savedHas(data, role, name);
}

/** Ticks or clears one box; back to what is saved is no longer a change. */
export function withLegacyEdit(data: LegacyPermissions, edits: LegacyEdits, role: string, name: string, checked: boolean): LegacyEdits {
  const entry = { ...edits[role] };
  if (checked === savedHas(data, role, name)) delete entry[name];
  else entry[name] = checked;
  const next = { ...edits };
  if (Object.keys(entry).length === 0) delete next[role];
  else next[role] = entry;
  return next;
}

function changedRoles(data: LegacyPermissions, edits: LegacyEdits): string[] {
  return Object.entries(edits)
    .filter(([role, entry]) => Object.entries(entry).some(([name, checked]) => checked !== savedHas(data, role, name)))
    .map(([role]) => role);
}

export function isLegacyDirty(data: LegacyPermissions, edits: LegacyEdits): boolean {
  return changedRoles(data, edits).length > 0;
}

/** POST /permissions body: each changed role with every permission name it should have, in the listed order. */
export function legacyPayload(data: LegacyPermissions, edits: LegacyEdits): { name: string; permissions: string[] }[] {
  return changedRoles(data, edits).map((role) => ({
    name: role,
    permissions: data.permissions.map((p) => p.name).filter((name) => legacyChecked(data, edits, role, name)),
  }));
}
