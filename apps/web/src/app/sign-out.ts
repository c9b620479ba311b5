import { authStore } from '../api/auth-store.ts';
import { api } from '../api/index.ts';
import { forgetListTitles } from './list-titles.ts';

let signedOutByChoice = false;
// Any new token (a sign-in here or in another tab) ends the chosen sign-out.
authStore.subscribe(() => {
  if (authStore.token()) signedOutByChoice = false;
});

/** Tells the server (POST /user/logout, best effort) and forgets the token on this device at once. */
export function signOut(): void {
  if (authStore.token()) {
    // The request carries the token; it is read before the store below forgets it.
    api.post('/user/logout').catch(() => undefined);
  }
  signedOutByChoice = true;
  forgetListTitles();
  authStore.clear();
}

/**
 * True after the user chose Sign Out, until the next token. Then the sign-in screen does not
 * offer to return to the page they left: the next sign-in starts at Home.
 */
export function isSignedOutByChoice(): boolean {
  return signedOutByChoice;
}
