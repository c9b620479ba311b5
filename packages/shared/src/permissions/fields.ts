import { ALL_ROLES } from '../roles.ts';

/**
 * Field-level permissions (spec 02 §5, §6): `visible_to` and `modifiable_by` are role-key
 * lists; missing or empty means everyone (ALL). The server leaves out of every response a
 * field the acting role may not see, and refuses with 403 a change to one it may not modify.
 */
export interface FieldPermissions {
  visible_to?: string[] | null;
  modifiable_by?: string[] | null;
}

export interface FieldViewer {
  role: string | null;
  /** The global admin flag overrides modification limits and sees every field (spec 02 §5, §6). */
  isGlobalAdmin: boolean;
}

function listAllows(list: string[] | null | undefined, role: string | null): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(ALL_ROLES)) return true;
  return role !== null && list.includes(role);
}

export function canSeeField(permissions: FieldPermissions | undefined, viewer: FieldViewer): boolean {
  return viewer.isGlobalAdmin || listAllows(permissions?.visible_to, viewer.role);
}

export function canModifyField(permissions: FieldPermissions | undefined, viewer: FieldViewer): boolean {
  return viewer.isGlobalAdmin || (canSeeField(permissions, viewer) && listAllows(permissions?.modifiable_by, viewer.role));
}

/** The record's values without the fields this viewer may not see. */
export function withoutHiddenFields<T extends Record<string, unknown>>(
  values: T,
  fields: { property: string; permissions?: FieldPermissions }[],
  viewer: FieldViewer,
): Partial<T> {
  const hidden = new Set(fields.filter((f) => !canSeeField(f.permissions, viewer)).map((f) => f.property));
  if (hidden.size === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hidden.has(key))) as Partial<T>;
}

/** The properties in `changes` this viewer may not modify (the server answers 403 when any). */
export function unmodifiableChanges(
  changes: Record<string, unknown>,
  fields: { property: string; permissions?: FieldPermissions }[],
  viewer: FieldViewer,
): string[] {
  const byProperty = new Map(fields.map((f) => [f.property, f]));
  return Object.keys(changes).filter((property) => {
    const field = byProperty.get(property);
    return field !== undefined && !canModifyField(field.permissions, viewer);
  });
}
