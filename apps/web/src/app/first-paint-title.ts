/**
 * The title a list's first paint can show before any JavaScript has arrived (issue 20): the
 * type's label as this device last saw it, for the same signed-in session. On a phone's slow
 * network the page's title then shows with the first frame (~1 s) instead of after the app's
 * code (~3 s); the list's own header takes its place at the same spot.
 *
 * `firstPaintTitle` is written into index.html's body script with Function.prototype.toString
 * (vite.config.ts), so it must stay self-contained: no imports, no names from outside its body.
 * The session check keeps one person's labels from another's first paint on a shared device.
 */
export const LIST_TITLES_KEY = 'turnout.list-titles';

/** What LIST_TITLES_KEY holds: the end of the session's token and each type's label by its name. */
export interface StoredListTitles {
  session: string;
  titles: Record<string, string>;
}

export function firstPaintTitle(pathname: string, search: string, stored: string | null, token: string | null): string | null {
  if (!stored || !token || !/^\/entity-list\/?$/.test(pathname)) return null;
  const params = new URLSearchParams(search);
  const type = params.get('type');
  // Only a plain list: a back link or a selected record puts something else at the title's place.
  if (!type || ![...params.keys()].every((key) => key === 'type')) return null;
  try {
    const value = JSON.parse(stored);
    if (!value || value.session !== token.slice(-12) || typeof value.titles !== 'object' || !value.titles) return null;
    const title = value.titles[type];
    return typeof title === 'string' && title !== '' ? title : null;
  } catch {
    return null;
  }
}
