import { maskAllStringLiterals } from '../sql/mask-secrets';

/**
 * A plan document (JSON, or the text of FORMAT=TREE / EXPLAIN ANALYZE) with every quoted
 * literal in it replaced by `'***'` (see maskAllStringLiterals), for plans of statements that
 * held secrets: servers print conditions with their literals, in their own escaping, so the
 * secret cannot be recognised as the statement wrote it. In a JSON document only the values of
 * its strings are rewritten, so the document stays valid JSON.
 */
export function maskPlanLiterals(document: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(document);
  } catch {
    return maskAllStringLiterals(document);
  }
  return JSON.stringify(maskStrings(parsed));
}

function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return maskAllStringLiterals(value);
  if (Array.isArray(value)) return value.map(maskStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v)]));
  }
  return value;
}
