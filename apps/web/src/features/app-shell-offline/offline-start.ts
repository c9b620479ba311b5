import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { MAX_AGE_MS, PERSISTED_ROOTS } from './cache-scope.ts';

/**
 * Kept queries stay in memory as long as their copy on the device may be used, so a list
 * opened an hour ago is still in the copy written now (TanStack drops unused queries after
 * 5 minutes otherwise).
 */
export function keepForOffline(client: QueryClient): void {
  for (const root of PERSISTED_ROOTS) client.setQueryDefaults([root], { gcTime: MAX_AGE_MS });
}

/**
 * The browser's own online flag at start: TanStack assumes online until an `offline` event,
 * so an app opened with no network would try (and fail) every query instead of pausing them.
 */
export function followBrowserOnlineState(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}
