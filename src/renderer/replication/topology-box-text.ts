/** Widths in px of a box's texts, in the fonts the topology draws them with. */
export interface BoxTextWidths {
  /** The node id line (bold monospace). */
  title: (text: string) => number;
  /** A role or errant line. */
  line: (text: string) => number;
  /** An errant line that is drawn bold. */
  strong: (text: string) => number;
}

/** What one box shows, before fitting. */
export interface BoxText {
  /** The node id (host:port), cut in the middle when too long, so its port stays. */
  title: string;
  /** After the title, never cut: ` ●` on the server the screen is open on, else ''. */
  marker: string;
  role: string;
  errant: string;
  errantStrong: boolean;
}

/** Narrowest and widest box; a longer text is cut with "…" (its whole text is in the tooltip). */
export const BOX_MIN_W = 200;
export const BOX_MAX_W = 420;
/** Where the title starts (after the health icon) and where the lines start; right padding. */
const TITLE_X = 28;
const LINE_X = 10;
const PAD_RIGHT = 10;

/**
 * One width for every box of the diagram (the tree's spacing assumes equal boxes): wide enough
 * for the longest text, between BOX_MIN_W and BOX_MAX_W, and each text cut to fit it.
 */
export function fitTopologyBoxes(
  boxes: readonly BoxText[],
  widths: BoxTextWidths,
): { width: number; boxes: BoxText[] } {
  const errantWidth = (b: BoxText) => (b.errantStrong ? widths.strong : widths.line)(b.errant);
  let needed = BOX_MIN_W;
  for (const b of boxes) {
    needed = Math.max(
      needed,
      TITLE_X + widths.title(b.title + b.marker) + PAD_RIGHT,
      LINE_X + widths.line(b.role) + PAD_RIGHT,
      LINE_X + errantWidth(b) + PAD_RIGHT,
    );
  }
  const width = Math.min(BOX_MAX_W, Math.ceil(needed));
  return {
    width,
    boxes: boxes.map((b) => ({
      title: fitMiddle(
        b.title,
        width - TITLE_X - PAD_RIGHT - (b.marker ? widths.title(b.marker) : 0),
        widths.title,
      ),
      marker: b.marker,
      role: fitText(b.role, width - LINE_X - PAD_RIGHT, widths.line),
      errant: fitText(
        b.errant,
        width - LINE_X - PAD_RIGHT,
        b.errantStrong ? widths.strong : widths.line,
      ),
      errantStrong: b.errantStrong,
    })),
  };
}

/** `text` as it is when it fits in `max` px, else its longest start that fits with "…". */
export function fitText(text: string, max: number, width: (text: string) => number): string {
  if (width(text) <= max) return text;
  let low = 0;
  let high = text.length;
  // The longest prefix whose text plus the ellipsis fits: widths grow with length.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (width(`${text.slice(0, mid)}…`) <= max) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/**
 * `text` as it is when it fits in `max` px, else its start and its end around "…", as long as
 * they fit: host names of one topology often differ only near their end, and the port is last.
 */
export function fitMiddle(text: string, max: number, width: (text: string) => number): string {
  if (width(text) <= max) return text;
  const cut = (kept: number) =>
    `${text.slice(0, Math.ceil(kept / 2))}…${text.slice(text.length - Math.floor(kept / 2))}`;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (width(cut(mid)) <= max) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}
