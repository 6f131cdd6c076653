// The lines between the two columns that tie each node to its counterpart.

/** A row as drawn: its pair and the middle of it, in the gutter's coordinates. */
export interface RowPlace {
  pair: number;
  y: number;
  /** Whether the row is within its column's view (not scrolled away). */
  inView: boolean;
}

/** One line from a Before row to its After counterpart. */
export interface LinkLine {
  pair: number;
  y1: number;
  y2: number;
}

/** The part of the gutter beside a column's view: `[top, bottom]`. */
export type Span = readonly [number, number];

/**
 * Lines for the pairs with both rows drawn and both in view, and always for the pairs in
 * `keep` (the selected and hovered ones) when both rows are drawn, each end clamped to its
 * column's view, so the eye can follow a row to the other side.
 */
export function linkLines(
  left: readonly RowPlace[],
  right: readonly RowPlace[],
  keep: ReadonlySet<number>,
  leftSpan: Span,
  rightSpan: Span,
): LinkLine[] {
  const rightByPair = new Map<number, RowPlace>();
  for (const r of right) if (r.pair >= 0) rightByPair.set(r.pair, r);
  const clamp = (y: number, [top, bottom]: Span) => Math.max(top, Math.min(bottom, y));
  const lines: LinkLine[] = [];
  for (const l of left) {
    const r = rightByPair.get(l.pair);
    if (!r) continue;
    if ((l.inView && r.inView) || keep.has(l.pair))
      lines.push({ pair: l.pair, y1: clamp(l.y, leftSpan), y2: clamp(r.y, rightSpan) });
  }
  return lines;
}
