import type { EntityTypeLite } from '@turnout/shared';

/** The sorts of Manage Entity Types (spec 03 §2): by sort order (the default), A–Z, Z–A. */
export type TypeSort = 'default' | 'a_to_z' | 'z_to_a';

export const TYPE_SORTS: { value: TypeSort; label: string }[] = [
  { value: 'a_to_z', label: 'A–Z' },
  { value: 'default', label: 'Sort order' },
  { value: 'z_to_a', label: 'Z–A' },
];

/** Search waits 200 ms after the last keystroke (spec 03 §9). */
export const TYPE_SEARCH_DEBOUNCE_MS = 200;

export function matchesSearch(type: Pick<EntityTypeLite, 'label' | 'name'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || type.label.toLowerCase().includes(term) || type.name.toLowerCase().includes(term);
}

const byLabel = (a: EntityTypeLite, b: EntityTypeLite) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/** The types shown: those matching the search, in the chosen order (sort order ties by label, as the server lists them). */
export function visibleTypes<T extends EntityTypeLite>(types: readonly T[], search: string, sort: TypeSort): T[] {
  const shown = types.filter((t) => matchesSearch(t, search));
  if (sort === 'a_to_z') return shown.sort(byLabel);
  if (sort === 'z_to_a') return shown.sort((a, b) => byLabel(b, a));
  return shown.sort((a, b) => a.sort_order - b.sort_order || byLabel(a, b));
}

/** Dragging reorders the whole list: only in sort order, without a search. */
export function canDragTypes(search: string, sort: TypeSort): boolean {
  return sort === 'default' && search.trim() === '';
}
