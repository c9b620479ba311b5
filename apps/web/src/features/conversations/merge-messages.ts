import type { Message, MessagesPage } from '@turnout/shared';

/**
 * Adds messages that arrived (pushed, polled or just sent) to the newest page of a
 * conversation's pages (each newest first): those already shown are left as they are, the rest
 * go in by time, so a message heard twice (its event and the refetch) shows once.
 */
export function mergeNewest(pages: MessagesPage[], arrived: readonly Message[]): MessagesPage[] {
  const [first, ...rest] = pages;
  if (!first) return pages;
  const known = new Set(pages.flatMap((page) => page.data.map((m) => m.id)));
  const fresh = arrived.filter((m, i) => !known.has(m.id) && arrived.findIndex((o) => o.id === m.id) === i);
  if (fresh.length === 0) return pages;
  const data = [...fresh, ...first.data].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return [{ ...first, data }, ...rest];
}

/** All loaded messages, oldest first, as a chat shows them. */
export function chronological(pages: readonly MessagesPage[]): Message[] {
  return pages.flatMap((page) => page.data).reverse();
}
