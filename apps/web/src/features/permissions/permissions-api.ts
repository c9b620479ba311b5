import {
  editPermissionsResponse,
  legacyPermissionsResponse,
  messageResponse,
  type PermissionLevel,
  type ResolvedEntry,
  resolvedPermissionsResponse,
  systemPermissionsResponse,
} from '@turnout/shared';
import { api, type Parser } from '../../api/index.ts';

/** Permissions v2 (spec 01 §7) and the deprecated editor's calls (spec 03 §7). */

/**
 * Which level of the permission document a call is about: nothing → system defaults (global
 * admins only); a tenant → that tenant; with a role → that role in it; with a personnel id →
 * that person in it. A role and a person are never sent together.
 */
export interface PermissionContext {
  tenant: string | null;
  role: string | null;
  personnel: string | null;
}

export const SYSTEM_CONTEXT: PermissionContext = { tenant: null, role: null, personnel: null };

export type EditView = ReturnType<typeof editPermissionsResponse.parse>['data'];
export type LegacyPermissions = ReturnType<typeof legacyPermissionsResponse.parse>['data'];
export type SystemPermission = ReturnType<typeof systemPermissionsResponse.parse>['data'][number];

export const PERMISSIONS_QUERY_KEY = 'permissions-v2';
export const LEGACY_PERMISSIONS_QUERY_KEY = 'permissions-legacy';

const dataOf = <T>(schema: Parser<{ data: T }>): Parser<T> => ({ parse: (body) => schema.parse(body).data });

function contextQuery(context: PermissionContext) {
  return { tenant: context.tenant ?? undefined, role: context.role ?? undefined, personnel: context.personnel ?? undefined };
}

/** GET /permissions-v2/edit: what one level sets and what it inherits from the levels above. */
export function fetchEditView(context: PermissionContext, signal?: AbortSignal): Promise<EditView> {
  return api.get('/permissions-v2/edit', { signal, query: contextQuery(context), schema: dataOf(editPermissionsResponse) });
}

/** POST /permissions-v2: replaces what the level sets for the keys sent. Answers 'Permissions saved'. */
export function saveLevel(context: PermissionContext, permissions: PermissionLevel): Promise<{ message: string }> {
  return api.post('/permissions-v2', { ...context, permissions }, { schema: messageResponse });
}

/**
 * GET /permissions-v2: the resolved permissions of a context, or of the caller's own acting
 * context without one. Identical requests in flight are shared by the API client.
 */
export function fetchResolved(context: Partial<PermissionContext> = {}, signal?: AbortSignal): Promise<Record<string, ResolvedEntry>> {
  return api.get('/permissions-v2', {
    signal,
    query: contextQuery({ tenant: null, role: null, personnel: null, ...context }),
    schema: dataOf(resolvedPermissionsResponse),
  });
}

/** GET /permissions-v2/system-permissions: the special permissions. */
export function fetchSystemPermissions(signal?: AbortSignal): Promise<SystemPermission[]> {
  return api.get('/permissions-v2/system-permissions', { signal, schema: dataOf(systemPermissionsResponse) });
}

/** GET /permissions (deprecated editor): roles of the acting tenant with the permission names they have. */
export function fetchLegacyPermissions(signal?: AbortSignal): Promise<LegacyPermissions> {
  return api.get('/permissions', { signal, schema: dataOf(legacyPermissionsResponse) });
}

/** POST /permissions (deprecated editor): each role sent with every permission name it should have. */
export function saveLegacyPermissions(roles: { name: string; permissions: string[] }[]): Promise<{ message: string }> {
  return api.post('/permissions', { roles }, { schema: messageResponse });
}
