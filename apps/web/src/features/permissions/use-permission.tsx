import { useQuery } from '@tanstack/react-query';
import { type GrantingAction, PERMISSIONS_REFRESH_MS } from '@turnout/shared';
import { type ReactNode, useMemo } from 'react';
import { useCurrentUser } from '../identity/current-user.tsx';
import { fetchCurrentUser, USER_QUERY_KEY } from '../identity/user-api.ts';
import { effectiveDocument, userCan } from './effective.ts';

/**
 * Keeps the permissions fresh: `effective_permissions` travels with GET /user, which is fetched
 * again when a screen asking about permissions mounts or regains focus and the answer is older
 * than 2 minutes (spec 01 §4, §9). It renders nothing itself: the session's user re-renders.
 */
function usePermissionsRefresh(): void {
  useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: PERMISSIONS_REFRESH_MS,
    notifyOnChangeProps: [],
  });
}

/** A function answering permission questions for the signed-in user, for screens that ask several. */
export function usePermissions(): (key: string, action: GrantingAction) => boolean {
  usePermissionsRefresh();
  const user = useCurrentUser();
  return useMemo(() => {
    const document = effectiveDocument(user.effective_permissions);
    return (key: string, action: GrantingAction) => userCan(user, key, action, document);
  }, [user]);
}

/**
 * Whether the signed-in user may do `action` on `key` (an entity type name or a special
 * permission): global admins everything, tenant admins everything but vendor-only permissions,
 * everyone else as their effective permissions say. The server enforces the same rule.
 */
export function usePermission(key: string, action: GrantingAction): boolean {
  return usePermissions()(key, action);
}

interface CanProps {
  action: GrantingAction;
  /** The permission key: an entity type name or a special permission name. (`key` is React's own prop.) */
  on: string;
  children: ReactNode;
  /** What shows instead when not allowed; nothing by default. */
  fallback?: ReactNode;
}

/** Shows `children` only when the user may do `action` on `on`: `<Can action="create" on="notice">…</Can>`. */
export function Can({ action, on, children, fallback = null }: CanProps) {
  return usePermission(on, action) ? children : fallback;
}
