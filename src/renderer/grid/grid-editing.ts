import type { Cell } from '../../shared/api/query';

/** A row of the grid: one of the result's (by result index) or one after them (by place). */
export type GridRowRef = { kind: 'result'; index: number } | { kind: 'extra'; index: number };

/** How a changed, added or deleted cell is marked. */
export type CellMark = 'changed' | 'added' | 'deleted' | 'gone' | 'inserted';

/** What editing draws in a cell instead of the fetched value. */
export interface CellDraw {
  /** The value shown; `default` for a column an added row leaves to the server. */
  value: Cell | 'default';
  mark: CellMark | null;
  /** The text the cell editor opens with; null when the cell cannot be edited. */
  editText: string | null;
}

/** Result editing, as the grid sees it (see results/use-result-editing). */
export interface GridEditing {
  /** Rows after the result's own: added and inserted ones. */
  extraRows: number;
  /** The cell to draw, given the fetched one (undefined for extra rows and rows not here). */
  draw: (row: GridRowRef, column: number, fetched: Cell | undefined) => CellDraw | null;
  /** The user typed `text` into a cell and confirmed it. */
  onEdit: (row: GridRowRef, column: number, text: string) => void;
}

/**
 * Names grid row `row` for editing: the first `rowCount` rows are the result's (through
 * `resultRow`, which maps a shown row to the result's under a sort or filter), the rest extra.
 */
export function gridRowRef(
  row: number,
  rowCount: number,
  resultRow: (viewRow: number) => number,
): GridRowRef {
  return row >= rowCount
    ? { kind: 'extra', index: row - rowCount }
    : { kind: 'result', index: resultRow(row) };
}
