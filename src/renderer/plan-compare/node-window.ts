// Which rows of a long plan column to draw: a 10,000-node plan draws the ~40 rows in view.
import { rowWindow as windowOf, scrollTopToShow as toShow } from '../ui/row-window';

/** The height of one row when a column draws only the rows in view (its labels cut to fit). */
export const ROW_HEIGHT = 24;

/** From this many nodes on either side, columns draw only the rows in view. */
export const WINDOW_FROM = 300;

/** The rows `[start, end)` to draw for a scroll position (see ui/row-window). */
export function rowWindow(
  count: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight = ROW_HEIGHT,
): { start: number; end: number } {
  return windowOf(count, scrollTop, viewHeight, rowHeight);
}

/**
 * The scroll position that shows row `index` `offset` pixels below the top of the view (its
 * counterpart's place on the other side), or centred when `offset` is null; within bounds.
 */
export function scrollTopFor(
  index: number,
  offset: number | null,
  count: number,
  viewHeight: number,
  rowHeight = ROW_HEIGHT,
): number {
  const top = index * rowHeight;
  const wanted = offset === null ? top - (viewHeight - rowHeight) / 2 : top - offset;
  const max = Math.max(0, count * rowHeight - viewHeight);
  return Math.round(Math.max(0, Math.min(max, wanted)));
}

/** The scroll position that keeps row `index` wholly in view (see ui/row-window). */
export function scrollTopToShow(
  index: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight = ROW_HEIGHT,
): number {
  return toShow(index, scrollTop, viewHeight, rowHeight);
}
