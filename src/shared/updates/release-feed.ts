import { z } from 'zod';
import { WEB_URL } from '../api/updates';
import {
  compareReleaseVersions,
  parseReleaseVersion,
  type ReleaseVersion,
} from './release-version';

/** One release a feed announces. */
export interface FeedRelease {
  version: ReleaseVersion;
  /** Where to read about and download it (http or https only); null when the feed gave none. */
  url: string | null;
  name: string | null;
  publishedAt: string | null;
  prerelease: boolean;
}

const WebUrl = z.string().max(2048).regex(WEB_URL, 'not an http(s) URL');

// GitHub's releases API (`/repos/OWNER/REPO/releases` or `/releases/latest`); extra fields kept
// out of the way, unknown ones ignored.
const GitHubRelease = z.object({
  tag_name: z.string(),
  html_url: WebUrl.optional().catch(undefined),
  name: z.string().nullable().optional().catch(null),
  published_at: z.string().nullable().optional().catch(null),
  draft: z.boolean().optional().catch(false),
  prerelease: z.boolean().optional().catch(false),
});

// A plain manifest for self-hosted feeds: `{"version": "1.4.0", "url": "https://..."}`.
const PlainRelease = z.object({
  version: z.string(),
  url: WebUrl.optional().catch(undefined),
  name: z.string().nullable().optional().catch(null),
  publishedAt: z.string().nullable().optional().catch(null),
  prerelease: z.boolean().optional().catch(false),
});

function readEntry(entry: unknown): FeedRelease | null {
  const gh = GitHubRelease.safeParse(entry);
  if (gh.success) {
    const version = parseReleaseVersion(gh.data.tag_name);
    if (!version || gh.data.draft) return null;
    return {
      version,
      url: gh.data.html_url ?? null,
      name: gh.data.name ?? null,
      publishedAt: gh.data.published_at ?? null,
      prerelease: gh.data.prerelease === true || version.prerelease.length > 0,
    };
  }
  const plain = PlainRelease.safeParse(entry);
  if (!plain.success) return null;
  const version = parseReleaseVersion(plain.data.version);
  if (!version) return null;
  return {
    version,
    url: plain.data.url ?? null,
    name: plain.data.name ?? null,
    publishedAt: plain.data.publishedAt ?? null,
    prerelease: plain.data.prerelease === true || version.prerelease.length > 0,
  };
}

/**
 * Reads a release feed (parsed JSON): GitHub's releases API, one release or a list of them, or
 * `{version, url}` manifests, alone or in a list or under `releases`. Entries that are not
 * releases (drafts, tags that are not versions, unknown shapes) are skipped, not fatal; null
 * when the document holds no release at all, so the caller can say the feed is wrong.
 */
export function parseReleaseFeed(doc: unknown): FeedRelease[] | null {
  const list: unknown[] = Array.isArray(doc)
    ? doc
    : doc !== null &&
        typeof doc === 'object' &&
        Array.isArray((doc as { releases?: unknown }).releases)
      ? (doc as { releases: unknown[] }).releases
      : [doc];
  const releases = list.map(readEntry).filter((r): r is FeedRelease => r !== null);
  return releases.length > 0 || (Array.isArray(doc) && doc.length === 0) ? releases : null;
}

/**
 * The newest final release in `releases` that is newer than `current`, or null when there is
 * none. Pre-releases are never offered: only what a user should install.
 */
export function newerRelease(releases: FeedRelease[], current: ReleaseVersion): FeedRelease | null {
  let best: FeedRelease | null = null;
  for (const r of releases) {
    if (r.prerelease || compareReleaseVersions(r.version, current) <= 0) continue;
    if (!best || compareReleaseVersions(r.version, best.version) > 0) best = r;
  }
  return best;
}
