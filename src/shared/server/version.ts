import { z } from 'zod';

export const ServerVersionSchema = z.object({
  major: z.number().int(),
  minor: z.number().int(),
  patch: z.number().int(),
});
export type ServerVersion = z.infer<typeof ServerVersionSchema>;

/**
 * Reads the leading `X.Y.Z` of a server version string. MariaDB servers older than 11 announce
 * themselves in the protocol handshake as `5.5.5-10.x.y-MariaDB`; that prefix is skipped.
 * Returns null when the text has no version number at its start.
 */
export function parseServerVersion(text: string): ServerVersion | null {
  const trimmed = text.trim().replace(/^5\.5\.5-(?=\d+\.\d+\.\d+-MariaDB)/i, '');
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(trimmed);
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: m[3] === undefined ? 0 : Number(m[3]) };
}

/** Orders two versions: negative when a < b, zero when equal, positive when a > b. */
export function compareVersions(a: ServerVersion, b: ServerVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** `8.0.36` from its parts. */
export function formatVersion(v: ServerVersion): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** Parses `8.0.18` style literals in the capability table; throws on a typo there. */
export function v(text: string): ServerVersion {
  const parsed = parseServerVersion(text);
  if (!parsed) throw new Error(`not a version: ${text}`);
  return parsed;
}
