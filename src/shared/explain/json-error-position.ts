/** Where a JSON text first goes wrong, and how. */
export interface JsonErrorPosition {
  /** Offset of the offending character (the text's length for an early end). */
  offset: number;
  message: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Finds the first syntax error of a JSON text, or null when it is valid. Engines word
 * `JSON.parse` errors differently and not all give a position, so this small validator decides
 * where the error is. Iterative (an explicit stack), so deeply nested input cannot overflow.
 */
export function locateJsonError(text: string): JsonErrorPosition | null {
  const n = text.length;
  // What each open container expects next.
  const stack: Array<'object' | 'array'> = [];
  let i = skipWs(text, 0);
  let expectValue = true;
  for (;;) {
    if (expectValue) {
      if (i >= n) return { offset: n, message: 'unexpected end of input, expected a value' };
      const c = text.charCodeAt(i);
      if (c === 0x7b /* { */) {
        i = skipWs(text, i + 1);
        if (text.charCodeAt(i) === 0x7d /* } */) {
          i = skipWs(text, i + 1);
          expectValue = false;
        } else {
          stack.push('object');
          const key = readKey(text, i);
          if (typeof key !== 'number') return key;
          i = key;
        }
        continue;
      }
      if (c === 0x5b /* [ */) {
        i = skipWs(text, i + 1);
        if (text.charCodeAt(i) === 0x5d /* ] */) {
          i = skipWs(text, i + 1);
          expectValue = false;
        } else stack.push('array');
        continue;
      }
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      i = skipWs(text, end);
      expectValue = false;
      continue;
    }
    // After a value: a separator, a closer, or the end.
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (i < n)
        return {
          offset: i,
          message: `unexpected ${describe(text, i)} after the end of the JSON value`,
        };
      return null;
    }
    if (i >= n)
      return {
        offset: n,
        message: `unexpected end of input, expected ',' or '${top === 'object' ? '}' : ']'}'`,
      };
    const c = text.charCodeAt(i);
    if (c === 0x2c /* , */) {
      i = skipWs(text, i + 1);
      if (top === 'object') {
        const key = readKey(text, i);
        if (typeof key !== 'number') return key;
        i = key;
      }
      expectValue = true;
      continue;
    }
    if ((top === 'object' && c === 0x7d) || (top === 'array' && c === 0x5d)) {
      stack.pop();
      i = skipWs(text, i + 1);
      continue;
    }
    return {
      offset: i,
      message: `unexpected ${describe(text, i)}, expected ',' or '${top === 'object' ? '}' : ']'}'`,
    };
  }
}

/** Reads `"key"` and the colon after it; returns the index of the value, or an error. */
function readKey(text: string, start: number): number | JsonErrorPosition {
  if (text.charCodeAt(start) !== 0x22) {
    if (start >= text.length)
      return { offset: start, message: 'unexpected end of input, expected a property name' };
    return {
      offset: start,
      message: `unexpected ${describe(text, start)}, expected a property name in double quotes`,
    };
  }
  const end = scanString(text, start);
  if (typeof end !== 'number') return end;
  const colon = skipWs(text, end);
  if (text.charCodeAt(colon) !== 0x3a /* : */) {
    if (colon >= text.length)
      return { offset: colon, message: "unexpected end of input, expected ':'" };
    return { offset: colon, message: `unexpected ${describe(text, colon)}, expected ':'` };
  }
  return skipWs(text, colon + 1);
}

function scanScalar(text: string, start: number): number | JsonErrorPosition {
  const c = text.charCodeAt(start);
  if (c === 0x22) return scanString(text, start);
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return scanNumber(text, start);
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, start)) return start + word.length;
  }
  return { offset: start, message: `unexpected ${describe(text, start)}, expected a value` };
}

function scanString(text: string, start: number): number | JsonErrorPosition {
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { offset: i, message: 'unescaped control character in a string' };
    if (c === 0x5c) {
      const e = text.charCodeAt(i + 1);
      if (e === 0x75 /* u */) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          return { offset: i, message: 'bad \\u escape in a string' };
        i += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(text[i + 1] ?? '')) {
        if (i + 1 >= n) break;
        return { offset: i, message: `bad escape \\${text[i + 1]} in a string` };
      }
      i += 2;
      continue;
    }
    i++;
  }
  return { offset: n, message: 'unterminated string' };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanNumber(text: string, start: number): number | JsonErrorPosition {
  NUMBER.lastIndex = start;
  if (!NUMBER.test(text))
    return { offset: start, message: `unexpected ${describe(text, start)}, expected a number` };
  const end = NUMBER.lastIndex;
  const next = text.charCodeAt(end);
  // `01`, `1.`, `1e`: the regex stops early; report the character it stopped at.
  if ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x65 || next === 0x45)
    return { offset: end, message: `unexpected ${describe(text, end)} in a number` };
  return end;
}

function skipWs(text: string, start: number): number {
  let i = start;
  while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  return i;
}

function describe(text: string, offset: number): string {
  const ch = text[offset];
  if (ch === undefined) return 'end of input';
  return `character ${JSON.stringify(ch)}`;
}
