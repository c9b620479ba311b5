import type { DehydratedState } from '@tanstack/react-query';

/**
 * What of the query cache is kept on the device for an offline start (issue 22): the session's
 * user (identity, acting tenant and role, the permission document it carries), the entity types,
 * the permission documents, the home navigation, and the lists and records the user opened.
 * Anything else (search results, notifications, admin screens, file bytes) is fetched again.
 */
export const PERSISTED_ROOTS = [
  'user',
  'entity-types',
  'permissions-v2',
  'permissions-legacy',
  'home',
  'system-alerts',
  'switcher-tenants',
  'entity-list',
  'entity-record',
  'record',
  'tasks',
] as const;

/** How long a kept copy may be used: two weeks without an online visit, then it is dropped. */
export const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The most recently fetched lists and records kept per kind; older ones are left out. */
export const RECENT_LIMIT: Partial<Record<string, number>> = {
  'entity-list': 30,
  'entity-record': 100,
  record: 100,
  tasks: 20,
};

const roots = new Set<string>(PERSISTED_ROOTS);

export function isPersistedKey(queryKey: readonly unknown[]): boolean {
  return roots.has(String(queryKey[0]));
}

/** Keeps the most recently updated queries of each kind within RECENT_LIMIT. */
export function trimToRecent(state: DehydratedState): DehydratedState {
  const queries = state.queries;
  const byRoot = new Map<string, typeof queries>();
  for (const query of queries) {
    const root = String(query.queryKey[0]);
    byRoot.set(root, [...(byRoot.get(root) ?? []), query]);
  }
  const kept = new Set<(typeof queries)[number]>();
  for (const [root, group] of byRoot) {
    const limit = RECENT_LIMIT[root];
    const recent = limit === undefined ? group : [...group].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, limit);
    for (const query of recent) kept.add(query);
  }
  return { ...state, queries: queries.filter((q) => kept.has(q)) };
}
