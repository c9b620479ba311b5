import { useRef } from 'react';

/** Whether two objects hold the same keys with the same values (Object.is), one level deep. */
export function sameEntries(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The object given, or the one returned last time while every entry is the same: what its
 * readers (a context's consumers, a memo's dependencies) see changes only when a value does.
 * useMemo would need each entry listed twice, as a value and as a dependency.
 */
export function useSameObject<T extends object>(next: T): T {
  const kept = useRef(next);
  if (!sameEntries(kept.current, next)) kept.current = next;
  return kept.current;
}
