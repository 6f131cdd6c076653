// Which rows of a long list of fixed-height rows to draw: only those in view, and a few more.

/** Rows drawn beyond the view on each side, so a quick scroll shows no gap. */
const OVERSCAN = 12;

/** The rows `[start, end)` of `count` to draw for a scroll position. */
export function rowWindow(
  count: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewHeight) / rowHeight) + OVERSCAN);
  return { start, end: Math.max(start, end) };
}

/** The scroll position that keeps row `index` wholly in view, moving as little as it can. */
export function scrollTopToShow(
  index: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  // Below the view: its bottom at the bottom, or its top at the top in a view shorter than it.
  if (top + rowHeight > scrollTop + viewHeight)
    return Math.max(0, Math.min(top, top + rowHeight - viewHeight));
  return scrollTop;
}
