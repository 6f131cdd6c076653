import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../src/shared/format/timestamp';

describe('formatTimestamp', () => {
  it.each([
    ['2026-11-22T00:41:07.120Z', 'UTC', '2026-11-22 00:41:07 UTC'],
    ['2026-11-22T00:41:07.999Z', 'UTC', '2026-11-22 00:41:07 UTC'],
    ['2026-11-22T01:41:07+01:00', 'UTC', '2026-11-22 00:41:07 UTC'],
    ['2026-11-22T00:41:07Z', 'Europe/Berlin', '2026-11-22 01:41:07 GMT+1'],
    ['2026-07-01T23:05:00Z', 'America/New_York', '2026-07-01 19:05:00 EDT'],
    ['2026-12-31T23:59:59Z', 'Asia/Tokyo', '2027-01-01 08:59:59 GMT+9'],
    ['2026-11-22T00:00:00Z', 'UTC', '2026-11-22 00:00:00 UTC'],
  ])('%s in %s is %s', (iso, zone, text) => {
    expect(formatTimestamp(iso, zone)).toBe(text);
  });

  it('returns text that is not a time as it is', () => {
    expect(formatTimestamp('yesterday')).toBe('yesterday');
  });
});
