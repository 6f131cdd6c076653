/** A release version in semantic-versioning form: 1.4.0, 2.0.0-beta.2 (a leading `v` is allowed). */
export interface ReleaseVersion {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers (`beta.2` → ['beta', '2']); empty for a final release. */
  prerelease: string[];
  /** The version as written, without the leading `v`. */
  text: string;
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * Reads a version such as `1.4.0`, `v2.0.0-rc.1` or `1.0.0+build.5`; null when it is not one
 * (tags like `nightly` or `1.4` are not releases this compares). Build metadata is ignored.
 */
export function parseReleaseVersion(raw: string): ReleaseVersion | null {
  const m = SEMVER.exec(raw.trim());
  if (!m) return null;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  const text = raw.trim().replace(/^v/, '');
  return { major, minor, patch, prerelease: m[4] ? m[4].split('.') : [], text };
}

function compareIdentifiers(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  // Numeric identifiers sort before alphanumeric ones.
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two versions by semantic-versioning precedence: negative when `a` is older, 0 when
 * equal, positive when newer. A pre-release comes before its final release
 * (1.0.0-rc.1 < 1.0.0), and build metadata does not count.
 */
export function compareReleaseVersions(a: ReleaseVersion, b: ReleaseVersion): number {
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (a[key] !== b[key]) return Math.sign(a[key] - b[key]);
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length);
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const c = compareIdentifiers(x, y);
    if (c !== 0) return c;
  }
  return 0;
}
