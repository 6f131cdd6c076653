import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellCopyText } from './cell-text';
import { compareCells } from './compare-cells';

/** A client-side sort: one column, one direction. */
export interface SortSpec {
  column: number;
  direction: 'asc' | 'desc';
}

/** True when any cell of the row contains `needle` (already lower case) as text. */
export function rowMatches(row: readonly Cell[], needle: string): boolean {
  for (const cell of row) {
    if (cellCopyText(cell).toLowerCase().includes(needle)) return true;
  }
  return false;
}

/**
 * The rows on screen when sorting or filtering among the rows fetched: the result's row
 * indices of the fetched rows that match `filter` (case-insensitive substring of any cell, as
 * the grid shows it - NULL reads `NULL`, bytes `0x...`), in `sort` order. The sort is stable, so
 * rows that tie keep the server's order, and NULLs come first ascending and last descending, as
 * on the server. Rows not fetched (`undefined`) are left out.
 */
export function viewOrder(
  rows: ReadonlyArray<readonly Cell[] | undefined>,
  columns: readonly ResultColumn[],
  sort: SortSpec | null,
  filter: string,
): number[] {
  const needle = filter.trim().toLowerCase();
  const order: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row && (needle === '' || rowMatches(row, needle))) order.push(i);
  }
  if (sort) {
    const c = sort.column;
    const numeric = columns[c]?.numeric ?? false;
    const sign = sort.direction === 'asc' ? 1 : -1;
    order.sort((i, j) => sign * compareCells(rows[i]![c] ?? null, rows[j]![c] ?? null, numeric));
  }
  return order;
}
