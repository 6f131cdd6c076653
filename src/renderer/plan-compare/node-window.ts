// Which rows of a long plan column to draw: a 10,000-node plan draws the ~40 rows in view.

/** The height of one row when a column draws only the rows in view (its labels cut to fit). */
export const ROW_HEIGHT = 24;

/** From this many nodes on either side, columns draw only the rows in view. */
export const WINDOW_FROM = 300;

/** Rows drawn beyond the view on each side, so a quick scroll shows no gap. */
const OVERSCAN = 12;

/** The rows `[start, end)` to draw for a scroll position. */
export function rowWindow(
  count: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight = ROW_HEIGHT,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewHeight) / rowHeight) + OVERSCAN);
  return { start, end: Math.max(start, end) };
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

/** The scroll position that keeps row `index` wholly in view, moving as little as it can. */
export function scrollTopToShow(
  index: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight = ROW_HEIGHT,
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  // Below the view: its bottom at the bottom, or its top at the top in a view shorter than it.
  if (top + rowHeight > scrollTop + viewHeight)
    return Math.max(0, Math.min(top, top + rowHeight - viewHeight));
  return scrollTop;
}
