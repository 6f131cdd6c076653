/**
 * Blanks out `/* ... *\/` comments outside strings, keeping every other character (and the
 * newlines inside comments) where it was, so positions in the result are positions in the input.
 * MySQL writes such end markers (`} /* cost_info *\/`) with `end_markers_in_json=ON`.
 * An unterminated comment is left alone, for the JSON reader to report where it starts.
 */
export function blankJsonComments(text: string): string {
  let out = '';
  let copiedTo = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = skipString(text, i);
      continue;
    }
    if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) break;
      out += text.slice(copiedTo, i) + text.slice(i, end + 2).replace(/[^\n]/g, ' ');
      copiedTo = end + 2;
      i = end + 2;
      continue;
    }
    i++;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

/** The index just past the string starting at `start` (or the end of the text if unterminated). */
function skipString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}
