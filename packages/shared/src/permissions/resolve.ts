import {
  type GrantingAction,
  PERMISSION_LEVELS,
  type PermissionDocument,
  type PermissionLevelName,
  type PermissionValue,
} from './model.ts';

export interface Resolution {
  allowed: boolean;
  /** The level whose value decided, or null when nothing set it (denied). */
  from: PermissionLevelName | null;
  /** A level locked its children: more specific levels were not consulted. */
  lockedAt: PermissionLevelName | null;
}

/**
 * Resolves one action on one key: the most specific level that sets a value wins
 * (personnel → role → tenant → system); a level whose entry has `lock_children: true` stops the
 * search, so the levels below it cannot override it; nothing set means denied.
 */
export function resolvePermission(document: PermissionDocument, key: string, action: GrantingAction): Resolution {
  let decided: PermissionValue | undefined;
  let from: PermissionLevelName | null = null;
  let lockedAt: PermissionLevelName | null = null;
  for (const level of PERMISSION_LEVELS) {
    const entry = document[level]?.[key];
    if (!entry) continue;
    const value = entry[action];
    if (value === true || value === false) {
      decided = value;
      from = level;
    }
    if (entry.lock_children === true) {
      lockedAt = level;
      break;
    }
  }
  return { allowed: decided === true, from, lockedAt };
}

export function can(document: PermissionDocument, key: string, action: GrantingAction): boolean {
  return resolvePermission(document, key, action).allowed;
}

/** Who asks, as far as the fixed rules go (issue 4 'The model'). */
export interface PermissionSubject {
  /** Global admins (MSFES User) are allowed everything. */
  isGlobalAdmin: boolean;
  /** Tenant admins are allowed everything inside their tenant except vendor-only permissions. */
  isTenantAdmin: boolean;
}

export function allows(
  subject: PermissionSubject,
  document: PermissionDocument,
  key: string,
  action: GrantingAction,
  vendorOnly = false,
): boolean {
  if (subject.isGlobalAdmin) return true;
  if (subject.isTenantAdmin && !vendorOnly) return true;
  return can(document, key, action);
}
