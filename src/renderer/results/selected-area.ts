import { CompactSelection, type GridSelection } from '@glideapps/glide-data-grid';

export const EMPTY_SELECTION: GridSelection = {
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
};

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

/** The view rows a selection touches (whole rows and the current rectangle's), in order. */
export function selectedViewRows(selection: GridSelection): number[] {
  const rows = new Set(selection.rows.toArray());
  const r = selection.current?.range;
  if (r) for (let y = r.y; y < r.y + r.height; y++) rows.add(y);
  return [...rows].sort((a, b) => a - b);
}

/**
 * The selection a right-click on a cell leaves: unchanged when the cell is in it (the menu acts
 * on all of it), else that cell alone.
 */
export function selectionForContextMenu(
  selection: GridSelection,
  viewRow: number,
  column: number,
): GridSelection {
  const r = selection.current?.range;
  const inside =
    r && column >= r.x && column < r.x + r.width && viewRow >= r.y && viewRow < r.y + r.height;
  if (inside || selection.rows.hasIndex(viewRow) || selection.columns.hasIndex(column)) {
    return selection;
  }
  return {
    ...EMPTY_SELECTION,
    current: {
      cell: [column, viewRow],
      range: { x: column, y: viewRow, width: 1, height: 1 },
      rangeStack: [],
    },
  };
}
