import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareReleaseVersions,
  parseReleaseVersion,
  type ReleaseVersion,
} from '../../../src/shared/updates/release-version';

function v(text: string): ReleaseVersion {
  const parsed = parseReleaseVersion(text);
  if (!parsed) throw new Error(`not a version: ${text}`);
  return parsed;
}

describe('parseReleaseVersion', () => {
  it('reads tags with or without v, pre-releases and build metadata', () => {
    expect(parseReleaseVersion('v1.4.0')).toEqual({
      major: 1,
      minor: 4,
      patch: 0,
      prerelease: [],
      text: '1.4.0',
    });
    expect(parseReleaseVersion('2.0.0-rc.1+build.7')).toEqual({
      major: 2,
      minor: 0,
      patch: 0,
      prerelease: ['rc', '1'],
      text: '2.0.0-rc.1+build.7',
    });
    expect(parseReleaseVersion(' 0.10.3 ')?.minor).toBe(10);
  });

  it.each([
    '1.4',
    'nightly',
    'v',
    '01.2.3',
    '1.2.3-',
    '1.2.3-beta..1',
    '1.2.3.4',
    '99999999999999999999.0.0',
  ])('refuses %s', (text) => {
    expect(parseReleaseVersion(text)).toBeNull();
  });
});

describe('compareReleaseVersions', () => {
  it('follows semantic-versioning precedence (the example list of semver.org, 11)', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(compareReleaseVersions(v(ordered[i]!), v(ordered[i + 1]!)), ordered[i]).toBe(-1);
      expect(compareReleaseVersions(v(ordered[i + 1]!), v(ordered[i]!))).toBe(1);
    }
  });

  it('ignores build metadata and the v', () => {
    expect(compareReleaseVersions(v('v1.2.3+a'), v('1.2.3+b'))).toBe(0);
  });

  it('is a total order (antisymmetric, transitive) on random versions', () => {
    const ident = fc.oneof(
      fc.nat({ max: 20 }).map(String),
      fc.constantFrom('alpha', 'beta', 'rc', 'x-1'),
    );
    const version = fc
      .tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.array(ident, { maxLength: 3 }))
      .map(([a, b, c, pre]) => v(`${a}.${b}.${c}${pre.length ? `-${pre.join('.')}` : ''}`));
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(compareReleaseVersions(a, b)).toBe(-compareReleaseVersions(b, a) || 0);
        if (compareReleaseVersions(a, b) <= 0 && compareReleaseVersions(b, c) <= 0) {
          expect(compareReleaseVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  }, 30_000);
});
