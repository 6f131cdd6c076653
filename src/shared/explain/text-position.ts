/** A 1-based line and column (columns count UTF-16 code units, as editors mostly do). */
export interface TextPosition {
  line: number;
  column: number;
}

/** The line and column of an offset; offsets past the end point just after the last character. */
export function positionAt(text: string, offset: number): TextPosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** The offset where a 1-based line starts (the text's length when it has fewer lines). */
export function lineStartOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}
