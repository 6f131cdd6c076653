/**
 * A server UUID in the canonical form MySQL prints (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`,
 * lower case), from any spelling its GTID parser accepts: any case, with or without hyphens,
 * or in braces (with hyphens); surrounding whitespace is ignored. Null when it is not a UUID.
 */
export function normalizeServerUuid(text: string): string | null {
  let uuid = text.trim();
  if (uuid.startsWith('{') && uuid.endsWith('}')) {
    uuid = uuid.slice(1, -1);
    if (!HYPHENATED.test(uuid)) return null;
  }
  if (HYPHENATED.test(uuid)) return uuid.toLowerCase();
  if (!/^[0-9a-f]{32}$/i.test(uuid)) return null;
  const hex = uuid.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Like `normalizeServerUuid`, throwing for text that is not a UUID. */
export function requireServerUuid(text: string): string {
  const uuid = normalizeServerUuid(text);
  if (uuid === null) throw new Error(`not a server UUID: "${text}"`);
  return uuid;
}

const HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
