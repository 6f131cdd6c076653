/**
 * Widths of texts in px for one CSS font, measured on a canvas (no layout) and kept by text:
 * screens measure the same values again and again (the processlist's states on every poll, the
 * topology's lines on every discovery), so after the first time nearly every width is a lookup.
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
