import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginResponse } from '@turnout/shared';
import { authStore } from '../../api/auth-store.ts';
import { forgetListTitles } from '../../app/list-titles.ts';
import { forgetMfaPromptDismissal } from '../mfa/mfa-rules.ts';
import { USER_QUERY_KEY } from './user-query-key.ts';

/** Keys that do not depend on who is signed in or where they act. */
const SESSION_INDEPENDENT = new Set(['health']);

/**
 * Starts a session from a sign-in answer (POST /user/login or sign-in-as): nothing fetched for
 * the previous user stays, the user of the answer is the session's user, then the token is held.
 */
export function startSession(queryClient: QueryClient, answer: LoginResponse): void {
  queryClient.removeQueries({ predicate: (query) => !SESSION_INDEPENDENT.has(String(query.queryKey[0])) });
  forgetMfaPromptDismissal();
  queryClient.setQueryData(USER_QUERY_KEY, answer.user);
  authStore.setToken(answer.access_token);
}

/**
 * After a tenant or global select (spec 01 §4: it resets the stored entities): the new user,
 * and every other query back to its initial state (active ones fetch again for the new context).
 */
export async function applyActingContext(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  // Another department's or role's types: the labels kept for first paints are not theirs.
  forgetListTitles();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  await queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] && !SESSION_INDEPENDENT.has(String(query.queryKey[0])),
  });
}
