import type { LexerOptions } from './lexer';

/**
 * What a string literal stands for, with a map back to the source: the text `PREPARE s FROM
 * '...'` or `EXECUTE IMMEDIATE '...'` hands the server to parse as a statement of its own.
 */
export interface DecodedLiteral {
  /** The literal's value. */
  text: string;
  /** For each UTF-16 unit of `text`, the source offset where the piece it came from starts. */
  from: number[];
  /** For each UTF-16 unit of `text`, the source offset just past the piece it came from. */
  to: number[];
  /** Puts `value` inside this literal's quotes so the server reads back exactly `value`. */
  encode: (value: string) => string;
}

/**
 * What MySQL reads for a backslash and the character after it in a string literal: the
 * one-character escapes, `\%` and `\_` keep their backslash (it matters to LIKE), and any other
 * escaped character stands for itself.
 */
export const MYSQL_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '%': '\\%',
  _: '\\_',
};

/**
 * Decodes the string literal `source.slice(start, end)` (a lexer `string` token: `'x'`, `"x"`,
 * `N'x'`, MySQL `$$x$$`) as the server reads it under `options`: doubled quotes stand for one
 * and, unless NO_BACKSLASH_ESCAPES, a backslash escapes the next character (`\%` and `\_` keep
 * their backslash, as in the server). An unterminated literal runs to `end`. Returns null for
 * `X'..'` and `B'..'`, whose value is bytes, not text.
 */
export function decodeStringLiteral(
  source: string,
  start: number,
  end: number,
  options: LexerOptions = {},
): DecodedLiteral | null {
  let open = start;
  const prefix = source[open] ?? '';
  if (/[xXbB]/.test(prefix) && source[open + 1] === "'") return null;
  if (/[nN]/.test(prefix) && source[open + 1] === "'") open++;
  const decoded: DecodedLiteral = { text: '', from: [], to: [], encode: (v) => v };
  const push = (text: string, from: number, to: number) => {
    for (let k = 0; k < text.length; k++) {
      decoded.from.push(from);
      decoded.to.push(to);
    }
    decoded.text += text;
  };

  if (source[open] === '$') {
    // `$tag$ ... $tag$`: no escapes of any kind.
    const tag = /^\$[A-Za-z0-9_]*\$/.exec(source.slice(open, end))?.[0] ?? '$$';
    const bodyEnd = source.endsWith(tag, end) && end - tag.length > open ? end - tag.length : end;
    for (let i = open + tag.length; i < bodyEnd; i++) push(source[i]!, i, i + 1);
    return decoded;
  }

  const quote = source[open]!;
  const backslash = !options.noBackslashEscapes;
  decoded.encode = (value) =>
    (backslash ? value.replaceAll('\\', '\\\\') : value).replaceAll(quote, quote + quote);
  let i = open + 1;
  while (i < end) {
    const c = source[i]!;
    if (c === '\\' && backslash && i + 1 < end) {
      const n = source[i + 1]!;
      push(MYSQL_ESCAPES[n] ?? n, i, i + 2);
      i += 2;
    } else if (c === quote && source[i + 1] === quote && i + 1 < end - 1) {
      push(quote, i, i + 2);
      i += 2;
    } else if (c === quote && i === end - 1) {
      break;
    } else {
      push(c, i, i + 1);
      i++;
    }
  }
  return decoded;
}
