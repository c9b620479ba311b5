import { SORT_STEP } from './draft.ts';

export interface Ordered {
  id: string;
  sort_order: number;
}

/** Moves the item at `from` to `to`, as dnd-kit's arrayMove does. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(to, 0, item);
  return result;
}

/**
 * The sort orders to change when the item at `from` is dragged to `to` (spec 03 §9: steps of
 * 1000). When there is room between its new neighbours only the moved item changes (its new
 * order is theirs rounded between them, or a step before the first / after the last); otherwise
 * every item is renumbered 1000, 2000, … and those whose order changed are returned.
 */
export function reorderUpdates(items: readonly Ordered[], from: number, to: number, step = SORT_STEP): Ordered[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [];
  const next = moved(items, from, to);
  const item = next[to] as Ordered;
  const before = next[to - 1]?.sort_order;
  const after = next[to + 1]?.sort_order;
  let order: number | undefined;
  if (before === undefined && after !== undefined) order = after - step >= 0 ? after - step : after > 1 ? Math.floor(after / 2) : undefined;
  else if (after === undefined && before !== undefined) order = Math.floor(before / step) * step + step;
  else if (before !== undefined && after !== undefined && after - before >= 2) order = Math.floor((before + after) / 2);
  if (order !== undefined && (before === undefined || order > before) && (after === undefined || order < after)) {
    return [{ id: item.id, sort_order: order }];
  }
  return next
    .map((entry, index) => ({ id: entry.id, sort_order: (index + 1) * step }))
    .filter((entry, index) => entry.sort_order !== next[index]?.sort_order);
}

/** Items with the updates applied, in their new order. */
export function applyOrders<T extends Ordered>(items: readonly T[], updates: readonly Ordered[]): T[] {
  const byId = new Map(updates.map((u) => [u.id, u.sort_order]));
  return items
    .map((item) => (byId.has(item.id) ? { ...item, sort_order: byId.get(item.id) as number } : item))
    .sort((a, b) => a.sort_order - b.sort_order);
}
