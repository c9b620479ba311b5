import { STALE_RETRIEVAL_MS } from '@turnout/shared';

/**
 * Filters found lately to match at least the count cap (docs/performance.md, 'The count of a
 * broad filter'). Counting a broad filter up to the cap costs ten times its page: the index
 * collects every match before 1,000 rows are read, while the page walks the sort's index and
 * stops after 48. Once a filter has matched the cap, its total is given as the cap again
 * ('1000+', total_capped) for the next 5 minutes, the staleness lists accept anyway (spec 01
 * §4), and only its page is read. A page that comes back short shows the filter no longer
 * matches that many: its exact total is known from the page, and the filter is forgotten.
 * Per process; nothing but counting is skipped.
 */
const BROAD_FOR_MS = STALE_RETRIEVAL_MS;
const MAX_FILTERS = 1000;
const broadUntil = new Map<string, number>();

export function isKnownBroad(key: string, now = Date.now()): boolean {
  const until = broadUntil.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  broadUntil.delete(key);
  return false;
}

export function markBroad(key: string, now = Date.now()): void {
  broadUntil.delete(key);
  broadUntil.set(key, now + BROAD_FOR_MS);
  // The oldest first out: a Map iterates in insertion order.
  while (broadUntil.size > MAX_FILTERS) broadUntil.delete(broadUntil.keys().next().value!);
}

export function forgetBroad(key: string): void {
  broadUntil.delete(key);
}

/**
 * Broad filters whose walk in the sort's order came back short (docs/decisions/0031): too rare
 * among the first records in order, so their matches are sorted straight away for the next
 * 5 minutes instead of walking again. Keyed by filter, sort and offset; per process.
 */
const sparseUntil = new Map<string, number>();

export function isKnownSparse(key: string, now = Date.now()): boolean {
  const until = sparseUntil.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  sparseUntil.delete(key);
  return false;
}

export function markSparse(key: string, now = Date.now()): void {
  sparseUntil.delete(key);
  sparseUntil.set(key, now + BROAD_FOR_MS);
  while (sparseUntil.size > MAX_FILTERS) sparseUntil.delete(sparseUntil.keys().next().value!);
}
