import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellDisplayText } from './cell-text';

/** Room for the row numbers: wide enough for the largest one. */
export function rowMarkerWidth(rows: number): number {
  return Math.max(32, 14 + String(rows).length * 8);
}

/** Column widths that fit the header and the sampled values, within sensible bounds. */
export function fitColumnWidths(
  columns: ResultColumn[],
  rows: Array<Cell[] | undefined>,
): number[] {
  const charWidth = 7.8;
  return columns.map((c, i) => {
    // Room for the sort arrow too.
    let longest = c.name.length + 2;
    for (const row of rows) {
      if (!row) continue;
      longest = Math.max(longest, cellDisplayText(row[i] ?? null).length);
    }
    return Math.round(Math.min(420, Math.max(64, longest * charWidth + 24)));
  });
}
