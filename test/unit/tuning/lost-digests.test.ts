import { describe, expect, it } from 'vitest';
import { lostDigestsBetween, lostDigestsNote } from '../../../src/shared/tuning/lost-digests';

describe('lostDigestsBetween', () => {
  it('is the growth of the counter, all of it after a restart, unknown without both reads', () => {
    expect(lostDigestsBetween(13, 20)).toBe(7);
    expect(lostDigestsBetween(13, 13)).toBe(0);
    // The counter went down: the server restarted in the window.
    expect(lostDigestsBetween(13, 4)).toBe(4);
    expect(lostDigestsBetween(null, 4)).toBeNull();
    expect(lostDigestsBetween(4, null)).toBeNull();
  });
});

describe('lostDigestsNote', () => {
  it('names the span it counts over', () => {
    expect(lostDigestsNote({ lost: 1234, sinceStart: 5000, window: true })).toEqual({
      severity: 'warning',
      text: '1,234 statements in this window got no digest of their own: the digest table was full (performance_schema_digests_size). They are counted together in the row without a digest, “(other statements)”, so the figures of their own statements miss them.',
    });
    expect(lostDigestsNote({ lost: 1, sinceStart: 1, window: false })?.text).toMatch(
      /^1 statement since the server started got no digest of their own: /,
    );
  });

  it('does not say the table is full when this window lost nothing', () => {
    expect(lostDigestsNote({ lost: 0, sinceStart: 13, window: true })).toEqual({
      severity: 'info',
      text: 'None of this window’s statements lost their digest, but the digest table was full at some time before: 13 statements since the server started got none (performance_schema_digests_size).',
    });
    expect(lostDigestsNote({ lost: 0, sinceStart: 0, window: true })).toBeNull();
    expect(lostDigestsNote({ lost: null, sinceStart: null, window: false })).toBeNull();
  });
});
