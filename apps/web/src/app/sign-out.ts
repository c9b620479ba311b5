import { authStore } from '../api/auth-store.ts';
import { api } from '../api/index.ts';

/** Tells the server (POST /user/logout, best effort) and forgets the token on this device at once. */
export function signOut(): void {
  if (authStore.token()) {
    // The request carries the token; it is read before the store below forgets it.
    api.post('/user/logout').catch(() => undefined);
  }
  authStore.clear();
}
