/**
 * Widths of texts in px for one font, measured on a canvas (no layout) and kept by text: the
 * processlist's attention, state and command values repeat across sessions and polls, so after
 * the first poll nearly every width is a lookup.
 */
export function textMeasure(font: string): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  const known = new Map<string, number>();
  if (context) context.font = font;
  return (text) => {
    if (text === '') return 0;
    let width = known.get(text);
    if (width === undefined) {
      // Without a canvas (never in Chromium), a wide glyph's guess per character.
      width = context ? context.measureText(text).width : text.length * 8;
      // Bounded: states carry no ids, but attention texts do ("Blocked by #123").
      if (known.size > 5000) known.clear();
      known.set(text, width);
    }
    return width;
  };
}
