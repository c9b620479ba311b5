import { describe, expect, it } from 'vitest';
import { applyOrders, moved, reorderUpdates } from './sort-order.ts';

const items = (...orders: number[]) => orders.map((sort_order, i) => ({ id: String.fromCharCode(97 + i), sort_order }));

describe('reordering by dragging (steps of 1000)', () => {
  it('moves only the dragged item when there is room between its new neighbours', () => {
    expect(reorderUpdates(items(1000, 2000, 3000), 2, 0)).toEqual([{ id: 'c', sort_order: 0 }]);
    expect(reorderUpdates(items(1000, 2000, 3000), 0, 1)).toEqual([{ id: 'a', sort_order: 2500 }]);
    expect(reorderUpdates(items(1000, 2000, 3000), 0, 2)).toEqual([{ id: 'a', sort_order: 4000 }]);
    expect(reorderUpdates(items(10, 20, 30), 2, 0)).toEqual([{ id: 'c', sort_order: 5 }]);
  });

  it('renumbers 1000, 2000, … when there is no room, sending only the orders that change', () => {
    expect(reorderUpdates(items(1, 1, 1), 2, 0)).toEqual([
      { id: 'c', sort_order: 1000 },
      { id: 'a', sort_order: 2000 },
      { id: 'b', sort_order: 3000 },
    ]);
    expect(reorderUpdates(items(1000, 1001, 3000), 2, 1)).toEqual([
      { id: 'c', sort_order: 2000 },
      { id: 'b', sort_order: 3000 },
    ]);
  });

  it('does nothing for a drop in place or out of range', () => {
    expect(reorderUpdates(items(1, 2), 1, 1)).toEqual([]);
    expect(reorderUpdates(items(1, 2), 0, 5)).toEqual([]);
  });

  it('applies updates and sorts', () => {
    const list = items(1000, 2000, 3000);
    expect(applyOrders(list, reorderUpdates(list, 2, 0)).map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
