import { useSyncExternalStore } from 'react';
import { type StoredValue, storedValue } from './stored-value.ts';

export const TOKEN_STORAGE_KEY = 'turnout.token';

/** The bearer token of the signed-in user, kept under one localStorage key. */
export interface AuthStore {
  token(): string | null;
  setToken(token: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createAuthStore(value: StoredValue<string> = storedValue<string>(TOKEN_STORAGE_KEY, (raw) => raw || null)): AuthStore {
  return {
    token: value.get,
    setToken: (token) => value.set(token),
    clear: () => value.set(null),
    subscribe: value.subscribe,
  };
}

export const authStore = createAuthStore();

export function useAuth(store: AuthStore = authStore) {
  const token = useSyncExternalStore(store.subscribe, store.token, () => null);
  return { token, setToken: store.setToken, clear: store.clear };
}
