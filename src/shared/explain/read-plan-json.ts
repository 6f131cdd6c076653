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
  const error = locateJsonError(blanked);
  // The validator and the engine disagree only on exotic input (e.g. lone surrogates, which
  // JSON.parse accepts): report the start rather than claim the text is fine.
  return error ? { ok: false, ...error } : { ok: false, offset: 0, message: 'invalid JSON' };
}
