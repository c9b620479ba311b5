import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@turnout/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { fetchCurrentUser, USER_QUERY_KEY } from './user-api.ts';

/** GET /user as the session's user. A 401 makes the API client forget the token (spec 01 §4). */
export function useCurrentUserQuery(enabled = true) {
  return useQuery({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => fetchCurrentUser(signal), enabled });
}

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Provided by the session gate once GET /user has answered: every signed-in screen has a user. */
export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in area (no CurrentUserProvider)');
  return user;
}

/** The signed-in user where there may be none (screens rendered alone, as in unit tests). */
export function useCurrentUserOrNull(): CurrentUser | null {
  return useContext(CurrentUserContext);
}
