import type { TextWidth } from './plan-layout';

/** The diagram's font size (theme.css `.plan-node text`). */
const FONT_PX = 12;

/**
 * Measures node text off-screen, on a canvas, in the font the diagram draws with (the theme's
 * `--mono` family), so boxes fit their text whatever monospace font the system substitutes.
 * Repeated lines (`table`, `index lookup`, ...) are measured once. Null where no 2D canvas
 * exists: the layout then estimates.
 */
export function canvasTextWidth(): TextWidth | null {
  if (typeof document === 'undefined') return null;
  const family =
    getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace';
  const context = (bold: boolean) => {
    const c = document.createElement('canvas').getContext('2d');
    if (c) c.font = `${bold ? '600 ' : ''}${FONT_PX}px ${family}`;
    return c;
  };
  const regular = context(false);
  const bold = context(true);
  if (!regular || !bold) return null;
  const cache = new Map<string, number>();
  return (text, isBold) => {
    const key = isBold ? `b${text}` : `r${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = (isBold ? bold : regular).measureText(text).width;
      // Bounded: a plan's distinct lines, not every string ever drawn.
      if (cache.size < 100_000) cache.set(key, width);
    }
    return width;
  };
}
