import { blankJsonComments } from './json-comments';
import { locateJsonError } from './json-error-position';

/** A JSON document read, or where it is broken (an offset into the text given). */
export type JsonReadResult =
  { ok: true; value: unknown } | { ok: false; offset: number; message: string };

/**
 * Reads a JSON plan document, tolerating MySQL's `/* ... *\/` end markers. The fast path is a
 * bare `JSON.parse`; comments are only looked for when that fails, and the error position is
 * only computed when the document is really broken.
 */
export function readPlanJson(text: string): JsonReadResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Not plain JSON: maybe end markers, maybe broken.
  }
  const blanked = blankJsonComments(text);
  if (blanked !== text) {
    try {
      return { ok: true, value: JSON.parse(blanked) };
    } catch {
      // Broken beyond the comments.
    }
  }
  // MariaDB writes a quote in a condition's SQL text as `\'`, which JSON does not have: read
  // it as the backslash and quote the SQL text holds.
  const unescaped = escapeBackslashBeforeQuote(blanked);
  if (unescaped !== blanked) {
    try {
      return { ok: true, value: JSON.parse(unescaped) };
    } catch {
      // Broken beyond that.
    }
  }
  const error = locateJsonError(blanked);
  // The validator and the engine disagree only on exotic input (e.g. lone surrogates, which
  // JSON.parse accepts): report the start rather than claim the text is fine.
  return error ? { ok: false, ...error } : { ok: false, offset: 0, message: 'invalid JSON' };
}

/**
 * `text` with every `\'` inside a JSON string made `\\'` (an escaped backslash, then the
 * quote), so the string reads `\'` as the server's SQL text had it; a `\\` stays as it is. The
 * same text when it has none. Only strings are touched.
 */
function escapeBackslashBeforeQuote(text: string): string {
  if (!text.includes("\\'")) return text;
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!inString) {
      if (c === 0x22) inString = true;
      continue;
    }
    if (c === 0x22) {
      inString = false;
    } else if (c === 0x5c) {
      if (text.charCodeAt(i + 1) === 0x27) {
        out += text.slice(from, i) + '\\';
        from = i;
      }
      i++;
    }
  }
  return out + text.slice(from);
}
