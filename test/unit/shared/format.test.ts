import { describe, expect, it } from 'vitest';
import { formatCount, formatExactCount } from '../../../src/shared/format/count';
import { formatDuration, formatSeconds } from '../../../src/shared/format/duration';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1240, '1.24 s'],
    [12_345, '12.3 s'],
    [192_000, '3 min 12 s'],
    [180_000, '3 min'],
    [7_500_000, '2 h 5 min'],
    [3 * 86_400_000 + 4 * 3_600_000 + 55_000, '3 d 4 h'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('formats uptime seconds', () => {
    expect(formatSeconds(4)).toBe('4 s');
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(75)).toBe('1 min 15 s');
    expect(formatSeconds(86_400)).toBe('1 d');
  });
});

describe('counts', () => {
  it('groups exact values, including beyond 2^53 as strings', () => {
    expect(formatExactCount(1204331)).toBe('1,204,331');
    expect(formatExactCount('18446744073709551615')).toBe('18,446,744,073,709,551,615');
    expect(formatExactCount(-1000)).toBe('-1,000');
    expect(formatExactCount('12.5')).toBe('12.5');
  });

  it('abbreviates in human units', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_204_331)).toBe('1.2 M');
    expect(formatCount(35_000)).toBe('35 k');
  });
});
