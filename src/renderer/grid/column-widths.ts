import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellDisplayText } from './cell-text';

/** Room for the row numbers: wide enough for the largest one. */
export function rowMarkerWidth(rows: number): number {
  return Math.max(32, 14 + String(rows).length * 8);
}

/** The height of the grid's horizontal scrollbar, when it has one. */
const SCROLLBAR_HEIGHT = 18;

/**
 * The grid's height: a short result takes only the room its rows need (no empty band under the
 * last row), plus the horizontal scrollbar's only when the columns are wider than the grid.
 */
export function fittedGridHeight({
  rows,
  rowHeight,
  headerHeight,
  room,
  contentWidth,
  width,
}: {
  rows: number;
  rowHeight: number;
  headerHeight: number;
  /** The most there is. */
  room: number;
  contentWidth: number;
  width: number;
}): number {
  const scrollbar = contentWidth > width ? SCROLLBAR_HEIGHT : 0;
  return Math.min(room, headerHeight + rows * rowHeight + scrollbar);
}

/** Column widths that fit the header and the sampled values, within sensible bounds. */
export function fitColumnWidths(
  columns: ResultColumn[],
  rows: Array<Cell[] | undefined>,
): number[] {
  return columns.map((c, i) => {
    // Room for the sort arrow too.
    let longest = c.name.length + 2;
    for (const row of rows) {
      if (!row) continue;
      longest = Math.max(longest, cellDisplayText(row[i] ?? null).length);
    }
    return widthForChars(longest);
  });
}

/** The widest a column grows to fit its values; a longer one shows whole in the editor/viewer. */
export const MAX_FITTED_WIDTH = 420;

/** A column wide enough for `chars` characters of the grid's font, within sensible bounds. */
function widthForChars(chars: number): number {
  const charWidth = 7.8;
  return Math.round(Math.min(MAX_FITTED_WIDTH, Math.max(64, chars * charWidth + 24)));
}

/**
 * The width of a column once `text` is typed into one of its cells: wide enough to show it (up
 * to MAX_FITTED_WIDTH), never narrower than it was (a user's own width is kept when it fits).
 */
export function widenedForText(current: number, text: string): number {
  const longestLine = Math.max(...text.split('\n').map((l) => l.length));
  return Math.max(current, widthForChars(longestLine));
}
