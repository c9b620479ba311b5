import { describe, expect, it } from 'vitest';
import { moveFocus } from './grid-nav.ts';

// Row 0: an entity type (all six); rows 1 and 2: special permissions (one column each); row 3: nothing focusable.
const T = true;
const F = false;
const grid = [
  [T, T, T, T, T, T],
  [F, T, F, F, F, F],
  [F, F, F, T, F, F],
  [F, F, F, F, F, F],
];

describe('matrix keyboard navigation', () => {
  it('moves right and left within a row, and stops at its ends', () => {
    expect(moveFocus(grid, { row: 0, col: 0 }, 'ArrowRight')).toEqual({ row: 0, col: 1 });
    expect(moveFocus(grid, { row: 0, col: 5 }, 'ArrowRight')).toBeNull();
    expect(moveFocus(grid, { row: 0, col: 3 }, 'ArrowLeft')).toEqual({ row: 0, col: 2 });
    expect(moveFocus(grid, { row: 1, col: 1 }, 'ArrowRight')).toBeNull();
  });

  it('moves down and up to the nearest focusable column, skipping rows without one', () => {
    expect(moveFocus(grid, { row: 0, col: 4 }, 'ArrowDown')).toEqual({ row: 1, col: 1 });
    expect(moveFocus(grid, { row: 1, col: 1 }, 'ArrowDown')).toEqual({ row: 2, col: 3 });
    expect(moveFocus(grid, { row: 2, col: 3 }, 'ArrowDown')).toBeNull();
    expect(moveFocus(grid, { row: 2, col: 3 }, 'ArrowUp')).toEqual({ row: 1, col: 1 });
    expect(moveFocus(grid, { row: 1, col: 1 }, 'ArrowUp')).toEqual({ row: 0, col: 1 });
  });

  it('goes to the ends with Home and End, to the first and last cell with Ctrl', () => {
    expect(moveFocus(grid, { row: 0, col: 3 }, 'Home')).toEqual({ row: 0, col: 0 });
    expect(moveFocus(grid, { row: 0, col: 3 }, 'End')).toEqual({ row: 0, col: 5 });
    expect(moveFocus(grid, { row: 2, col: 3 }, 'Home', true)).toEqual({ row: 0, col: 0 });
    expect(moveFocus(grid, { row: 0, col: 0 }, 'End', true)).toEqual({ row: 2, col: 3 });
    expect(moveFocus(grid, { row: 0, col: 0 }, 'a')).toBeNull();
  });
});
