import { MASK } from '../sql/mask-secrets';

/**
 * A quoted literal as servers print them in plan conditions: `'...'` with `''` and backslash
 * escapes (both servers print with backslash escapes, whatever the session's sql_mode).
 */
const PRINTED_LITERAL = /'(?:[^'\\]|\\[\s\S]|'')*'/g;

/**
 * A plan document (JSON, or the text of FORMAT=TREE / EXPLAIN ANALYZE) with every quoted
 * literal in it replaced by `'***'`, for plans of statements that held secrets: servers print
 * conditions with their literals, in their own escaping, so the secret cannot be recognised as
 * the statement wrote it. In a JSON document only the values of its strings are rewritten, so
 * the document stays valid JSON.
 */
export function maskPlanLiterals(document: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(document);
  } catch {
    return document.replace(PRINTED_LITERAL, MASK);
  }
  return JSON.stringify(maskStrings(parsed));
}

function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(PRINTED_LITERAL, MASK);
  if (Array.isArray(value)) return value.map(maskStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v)]));
  }
  return value;
}
