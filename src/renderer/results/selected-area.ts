import type { GridSelection } from '@glideapps/glide-data-grid';

/** What a selection covers, in grid (view) rows and result columns. */
export interface SelectedArea {
  /** Rows as shown (after any sort or filter), in order. */
  viewRows: number[];
  columns: number[];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/**
 * The cells a grid selection covers: whole rows (row markers), whole columns (headers) or the
 * current rectangle, in that order of precedence, like the grid draws them. Null when nothing is
 * selected.
 */
export function selectedArea(
  selection: GridSelection,
  columnCount: number,
  rowCount: number,
): SelectedArea | null {
  if (selection.rows.length > 0) {
    return {
      viewRows: selection.rows.toArray().filter((r) => r < rowCount),
      columns: range(0, columnCount),
    };
  }
  if (selection.columns.length > 0) {
    return {
      viewRows: range(0, rowCount),
      columns: selection.columns.toArray().filter((c) => c < columnCount),
    };
  }
  const r = selection.current?.range;
  if (!r) return null;
  return {
    viewRows: range(r.y, Math.min(rowCount, r.y + r.height)),
    columns: range(r.x, Math.min(columnCount, r.x + r.width)),
  };
}
