import { describe, expect, it } from 'vitest';
import {
  byteStringToText,
  parseTimeBound,
  ptTimestamp,
  slowLogSeconds,
  slowLogTimeText,
  slowLogZone,
} from '../../../src/shared/slowlog';

describe('slow-log times', () => {
  it('reads both # Time: forms as wall-clock seconds', () => {
    const expected = Date.UTC(2026, 10, 25, 9, 5, 7) / 1000;
    expect(slowLogSeconds('2026-11-25T09:05:07')).toBe(expected);
    expect(slowLogSeconds('261125  9:05:07')).toBe(expected);
    expect(slowLogSeconds('261125 09:05:07')).toBe(expected);
    expect(slowLogSeconds('not a time')).toBeUndefined();
  });

  it('reads an ISO time with a UTC offset (log_timestamps=SYSTEM) as the instant it names', () => {
    const utc = Date.UTC(2026, 10, 27, 19, 2, 11) / 1000;
    expect(slowLogSeconds('2026-11-27T14:02:11-05:00')).toBe(utc);
    expect(slowLogSeconds('2026-11-27T14:02:11.5-05:00')).toBe(utc + 0.5);
    expect(slowLogSeconds('2026-11-28T00:32:11+05:30')).toBe(utc);
    expect(slowLogSeconds('2026-11-27T19:02:11Z')).toBe(utc);
    expect(slowLogSeconds('2026-11-27T19:02:11')).toBe(utc);
  });

  it('names the zone of a time for people', () => {
    expect(slowLogZone('2026-11-27T14:02:11-05:00')).toBe('UTC-05:00');
    expect(slowLogZone('2026-11-27T14:02:11')).toBe('UTC');
    expect(slowLogZone('261127 14:02:11')).toBeNull();
    expect(slowLogTimeText('2026-11-27T14:02:11-05:00')).toBe('2026-11-27 14:02:11 UTC-05:00');
    expect(slowLogTimeText('2026-11-27T14:02:11-05:00', true)).toBe('11-27 14:02:11 UTC-05:00');
    expect(slowLogTimeText('2026-11-27T19:02:11')).toBe('2026-11-27 19:02:11 UTC');
    expect(slowLogTimeText('261127  9:02:11')).toBe('2026-11-27 09:02:11 server time');
    // As the API carries it: printed by ptTimestamp, still the server's local time.
    expect(slowLogTimeText(ptTimestamp('261127  9:02:11'))).toBe('2026-11-27 09:02:11 server time');
    expect(slowLogZone('2026-11-27 09:02:11')).toBeNull();
  });

  it('prints times as pt-query-digest does (parse_timestamp)', () => {
    expect(ptTimestamp('261125  9:05:07')).toBe('2026-11-25 09:05:07');
    expect(ptTimestamp('2026-11-25T09:05:07')).toBe('2026-11-25T09:05:07');
  });

  it('takes --since/--until as a date, a date and time, or the short form', () => {
    expect(parseTimeBound('2026-11-25')).toBe(Date.UTC(2026, 10, 25) / 1000);
    expect(parseTimeBound('2026-11-25 10:00:00')).toBe(Date.UTC(2026, 10, 25, 10) / 1000);
    expect(parseTimeBound('261125')).toBe(Date.UTC(2026, 10, 25) / 1000);
    expect(parseTimeBound('yesterday')).toBeUndefined();
    expect(parseTimeBound('2026-11-25 10:00:00-05:00')).toBe(Date.UTC(2026, 10, 25, 15) / 1000);
    expect(parseTimeBound('2026-11-25T10:00:00Z')).toBe(Date.UTC(2026, 10, 25, 10) / 1000);
    expect(parseTimeBound('2026-11-25 10:00:00+01:00x')).toBeUndefined();
  });
});

describe('byteStringToText', () => {
  it('decodes UTF-8 bytes and shows other bytes as U+FFFD', () => {
    expect(byteStringToText('caf\xc3\xa9')).toBe('café');
    expect(byteStringToText('caf\xe9 \xff')).toBe('caf\ufffd \ufffd');
    expect(byteStringToText('\xf0\x9f\x90\xac!')).toBe('🐬!');
    expect(byteStringToText('\xc3')).toBe('\ufffd');
    expect(byteStringToText('plain')).toBe('plain');
  });
});
