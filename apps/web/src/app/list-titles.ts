import { authStore } from '../api/auth-store.ts';
import { LIST_TITLES_KEY, type StoredListTitles } from './first-paint-title.ts';

/**
 * Keeps the labels of the types this session may view, by name, for a list's first paint
 * (first-paint-title.ts). Written when a list has the light list of types; forgotten on sign-out
 * and on a switch of department or role, whose types are others.
 */
export function rememberListTitles(types: readonly { name: string; label: string }[]): void {
  const token = authStore.token();
  if (!token) return;
  const value: StoredListTitles = { session: token.slice(-12), titles: Object.fromEntries(types.map((t) => [t.name, t.label])) };
  try {
    const next = JSON.stringify(value);
    if (localStorage.getItem(LIST_TITLES_KEY) !== next) localStorage.setItem(LIST_TITLES_KEY, next);
  } catch {
    // Storage full or unavailable: the first paint shows no title, nothing else changes.
  }
}

export function forgetListTitles(): void {
  try {
    localStorage.removeItem(LIST_TITLES_KEY);
  } catch {
    // Unavailable storage holds nothing to forget.
  }
}
