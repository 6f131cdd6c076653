import { describe, expect, it } from 'vitest';
import { newerRelease, parseReleaseFeed } from '../../../src/shared/updates/release-feed';
import { parseReleaseVersion } from '../../../src/shared/updates/release-version';

// Shaped like GitHub's GET /repos/{owner}/{repo}/releases (fields trimmed, extras kept).
const GITHUB_RELEASES = [
  {
    url: 'https://api.github.com/repos/o/r/releases/3',
    html_url: 'https://github.com/o/r/releases/tag/v0.3.0-beta.1',
    tag_name: 'v0.3.0-beta.1',
    name: 'Beta',
    draft: false,
    prerelease: true,
    published_at: '2026-11-20T10:00:00Z',
    assets: [],
  },
  {
    html_url: 'https://github.com/o/r/releases/tag/v0.2.1',
    tag_name: 'v0.2.1',
    name: 'Sightline 0.2.1',
    draft: false,
    prerelease: false,
    published_at: '2026-11-10T10:00:00Z',
  },
  {
    html_url: 'https://github.com/o/r/releases/tag/v0.9.0',
    tag_name: 'v0.9.0',
    name: 'Not published yet',
    draft: true,
    prerelease: false,
    published_at: null,
  },
  {
    html_url: 'https://github.com/o/r/releases/tag/nightly',
    tag_name: 'nightly',
    draft: false,
    prerelease: false,
    published_at: '2026-11-21T10:00:00Z',
  },
  {
    html_url: 'https://github.com/o/r/releases/tag/v0.2.0',
    tag_name: 'v0.2.0',
    name: null,
    draft: false,
    prerelease: false,
    published_at: '2026-11-01T10:00:00Z',
  },
];

const current = (text: string) => parseReleaseVersion(text)!;

describe('parseReleaseFeed', () => {
  it("reads GitHub's releases list, skipping drafts and tags that are not versions", () => {
    const releases = parseReleaseFeed(GITHUB_RELEASES)!;
    expect(
      releases.map((r) => [r.version.text, r.prerelease, r.url, r.name, r.publishedAt]),
    ).toEqual([
      [
        '0.3.0-beta.1',
        true,
        'https://github.com/o/r/releases/tag/v0.3.0-beta.1',
        'Beta',
        '2026-11-20T10:00:00Z',
      ],
      [
        '0.2.1',
        false,
        'https://github.com/o/r/releases/tag/v0.2.1',
        'Sightline 0.2.1',
        '2026-11-10T10:00:00Z',
      ],
      ['0.2.0', false, 'https://github.com/o/r/releases/tag/v0.2.0', null, '2026-11-01T10:00:00Z'],
    ]);
  });

  it("reads GitHub's single latest release and plain {version, url} manifests", () => {
    expect(parseReleaseFeed(GITHUB_RELEASES[1])!.map((r) => r.version.text)).toEqual(['0.2.1']);
    expect(parseReleaseFeed({ version: '1.0.0', url: 'https://example.com/dl' })).toEqual([
      {
        version: expect.objectContaining({ text: '1.0.0' }),
        url: 'https://example.com/dl',
        name: null,
        publishedAt: null,
        prerelease: false,
      },
    ]);
    expect(
      parseReleaseFeed({ releases: [{ version: '1.1.0' }, { version: '1.2.0-rc.1' }] })!.map(
        (r) => [r.version.text, r.prerelease],
      ),
    ).toEqual([
      ['1.1.0', false],
      ['1.2.0-rc.1', true],
    ]);
  });

  it('drops a link that is not http(s) but keeps the release', () => {
    const [r] = parseReleaseFeed({ version: '1.0.0', url: 'file:///etc/passwd' })!;
    expect(r!.url).toBeNull();
    const [g] = parseReleaseFeed({ tag_name: 'v1.0.0', html_url: 'javascript:alert(1)' })!;
    expect(g!.url).toBeNull();
  });

  it('says null for a document that holds no release at all', () => {
    for (const doc of [
      null,
      'v1.0.0',
      42,
      {},
      { message: 'Not Found' },
      [{ tag: 'x' }],
      { releases: 'no' },
    ]) {
      expect(parseReleaseFeed(doc), JSON.stringify(doc)).toBeNull();
    }
    // An empty list is a feed with no releases yet, not a wrong feed.
    expect(parseReleaseFeed([])).toEqual([]);
  });
});

describe('newerRelease', () => {
  const releases = parseReleaseFeed(GITHUB_RELEASES)!;

  it('offers the newest final release newer than the running one', () => {
    expect(newerRelease(releases, current('0.1.0'))?.version.text).toBe('0.2.1');
    expect(newerRelease(releases, current('0.2.0'))?.version.text).toBe('0.2.1');
    // A development build of 0.2.1 is older than 0.2.1 itself.
    expect(newerRelease(releases, current('0.2.1-dev'))?.version.text).toBe('0.2.1');
  });

  it('offers nothing when up to date, ahead, or when only a pre-release is newer', () => {
    expect(newerRelease(releases, current('0.2.1'))).toBeNull();
    expect(newerRelease(releases, current('1.0.0'))).toBeNull();
    expect(newerRelease(parseReleaseFeed([GITHUB_RELEASES[0]])!, current('0.2.1'))).toBeNull();
  });
});
