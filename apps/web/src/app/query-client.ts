import { QueryClient } from '@tanstack/react-query';
import { STALE_RETRIEVAL_MS } from '@turnout/shared';
import { ApiError, isSignedOut } from '../api/errors.ts';
import { keepForOffline } from '../features/app-shell-offline/offline-start.ts';

const MAX_RETRIES = 2;

/** Retries only what may pass on a second try: network failures and server errors. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || isSignedOut(error)) return false;
  if (error instanceof ApiError) return error.statusCode === 0 || error.statusCode >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Stale retrieval: 5 minutes (spec 01 §9).
      queries: { staleTime: STALE_RETRIEVAL_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  // What is kept on the device for an offline start stays in memory as long (issue 22).
  keepForOffline(client);
  return client;
}
