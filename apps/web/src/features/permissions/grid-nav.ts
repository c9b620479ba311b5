/** A cell position in the matrix: row of keys, column of actions. */
export interface CellPosition {
  row: number;
  col: number;
}

/**
 * Where a key press moves the focus in a grid whose rows have focusable cells in some columns
 * only (`focusable[row][col]`): arrows to the next focusable cell that way (up and down land on the
 * nearest focusable column of the next row that has one), Home and End to the ends of the row,
 * Ctrl+Home and Ctrl+End to the first and last cell. Null when the key does not move.
 */
export function moveFocus(focusable: readonly (readonly boolean[])[], from: CellPosition, key: string, ctrl = false): CellPosition | null {
  const colsOf = (row: number) => (focusable[row] ?? []).flatMap((ok, col) => (ok ? [col] : []));
  const nearest = (row: number, col: number): CellPosition | null => {
    const cols = colsOf(row);
    if (cols.length === 0) return null;
    const best = cols.reduce((a, b) => (Math.abs(b - col) < Math.abs(a - col) ? b : a));
    return { row, col: best };
  };
  const rowsWithCells = focusable.flatMap((_cols, row) => (colsOf(row).length > 0 ? [row] : []));
  switch (key) {
    case 'ArrowRight': {
      const col = colsOf(from.row).find((c) => c > from.col);
      return col === undefined ? null : { row: from.row, col };
    }
    case 'ArrowLeft': {
      const col = colsOf(from.row)
        .filter((c) => c < from.col)
        .at(-1);
      return col === undefined ? null : { row: from.row, col };
    }
    case 'ArrowDown': {
      const row = rowsWithCells.find((r) => r > from.row);
      return row === undefined ? null : nearest(row, from.col);
    }
    case 'ArrowUp': {
      const row = rowsWithCells.filter((r) => r < from.row).at(-1);
      return row === undefined ? null : nearest(row, from.col);
    }
    case 'Home': {
      const row = ctrl ? rowsWithCells[0] : from.row;
      const col = row === undefined ? undefined : colsOf(row)[0];
      return row === undefined || col === undefined ? null : { row, col };
    }
    case 'End': {
      const row = ctrl ? rowsWithCells.at(-1) : from.row;
      const col = row === undefined ? undefined : colsOf(row).at(-1);
      return row === undefined || col === undefined ? null : { row, col };
    }
    default:
      return null;
  }
}
