import type { EntityTypeLite } from '@turnout/shared';
import type { Sort } from '../entity-list/list-model.ts';

/**
 * The task types of the Create Task picker (TaskAddSelectType, spec 01 §2.8): task types the
 * user may create, matching the search, in their default order or by label A to Z / Z to A.
 */
export function pickableTaskTypes(
  types: readonly EntityTypeLite[],
  canCreate: (name: string) => boolean,
  search: string,
  sort: Sort,
): EntityTypeLite[] {
  const term = search.trim().toLowerCase();
  const found = types.filter((t) => t.is_task && canCreate(t.name) && (!term || t.label.toLowerCase().includes(term)));
  if (sort === 'default') return found;
  const sorted = [...found].sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
  return sort === 'a_to_z' ? sorted : sorted.reverse();
}
