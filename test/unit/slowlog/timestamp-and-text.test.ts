import { describe, expect, it } from 'vitest';
import {
  byteStringToText,
  parseTimeBound,
  ptTimestamp,
  slowLogSeconds,
} from '../../../src/shared/slowlog';

describe('slow-log times', () => {
  it('reads both # Time: forms as wall-clock seconds', () => {
    const expected = Date.UTC(2026, 10, 25, 9, 5, 7) / 1000;
    expect(slowLogSeconds('2026-11-25T09:05:07')).toBe(expected);
    expect(slowLogSeconds('261125  9:05:07')).toBe(expected);
    expect(slowLogSeconds('261125 09:05:07')).toBe(expected);
    expect(slowLogSeconds('not a time')).toBeUndefined();
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
