import { describe, expect, it } from 'vitest';
import { diffDigests, examinedPerSent, packCounts } from '../../../src/shared/tuning/digest-diff';
import {
  DIGEST_COUNT_COLUMNS,
  DigestRowSchema,
  isTruncatedSample,
  readDigestCounts,
  picosToMs,
  readDigestRow,
  sameDigestCounts,
  type DigestRow,
} from '../../../src/shared/tuning/digest-row';

/** A digest row as MySQL 9.7 returns it (BIGINTs as strings, dates as text). */
function raw(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    SCHEMA_NAME: 'shop',
    DIGEST: 'abc',
    DIGEST_TEXT: 'SELECT * FROM `orders` WHERE `total` BETWEEN ? AND ?',
    COUNT_STAR: '10',
    SUM_TIMER_WAIT: '2500000000000',
    MIN_TIMER_WAIT: '1000000',
    AVG_TIMER_WAIT: '250000000000',
    MAX_TIMER_WAIT: '900000000000',
    SUM_LOCK_TIME: '5000000',
    SUM_ERRORS: '1',
    SUM_WARNINGS: '2',
    SUM_ROWS_AFFECTED: '0',
    SUM_ROWS_SENT: '40',
    SUM_ROWS_EXAMINED: '500000',
    SUM_CREATED_TMP_DISK_TABLES: '0',
    SUM_CREATED_TMP_TABLES: '3',
    SUM_SORT_MERGE_PASSES: '7',
    SUM_NO_INDEX_USED: '10',
    SUM_NO_GOOD_INDEX_USED: '0',
    FIRST_SEEN: '2026-11-22 02:00:00.000000',
    LAST_SEEN: '2026-11-22 02:10:00.000000',
    QUANTILE_95: '316227766016',
    QUERY_SAMPLE_TEXT: 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
    ...over,
  };
}

function row(over: Partial<DigestRow> = {}): DigestRow {
  return { ...readDigestRow(raw(), 1024), ...over };
}

describe('readDigestRow', () => {
  it('reads counters, converts picoseconds to milliseconds and keeps the other columns in extra', () => {
    const r = readDigestRow(raw(), 1024);
    expect(r).toMatchObject({
      schema: 'shop',
      digest: 'abc',
      calls: 10,
      totalLatencyMs: 2500,
      maxLatencyMs: 900,
      lockLatencyMs: 0.005,
      errors: 1,
      warnings: 2,
      rowsSent: 40,
      rowsExamined: 500000,
      tmpTables: 3,
      tmpDiskTables: 0,
      sortMergePasses: 7,
      noIndexUsed: 10,
      firstSeen: '2026-11-22 02:00:00.000000',
      sample: 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
      sampleTruncated: false,
    });
    // Columns the model does not name are kept as the server gave them, not lost.
    expect(r.extra).toEqual({
      MIN_TIMER_WAIT: '1000000',
      AVG_TIMER_WAIT: '250000000000',
      QUANTILE_95: '316227766016',
    });
    expect(Object.keys(r).sort()).toEqual(Object.keys(DigestRowSchema.shape).sort());
  });

  it('reads a row selected as DIGEST_COUNT_COLUMNS, by position', () => {
    const values = DIGEST_COUNT_COLUMNS.map((c) => raw()[c]);
    expect(readDigestCounts(values)).toEqual({
      schema: 'shop',
      digest: 'abc',
      calls: 10,
      totalLatencyMs: 2500,
      maxLatencyMs: 900,
      lockLatencyMs: 0.005,
      errors: 1,
      warnings: 2,
      rowsAffected: 0,
      rowsSent: 40,
      rowsExamined: 500000,
      tmpTables: 3,
      tmpDiskTables: 0,
      sortMergePasses: 7,
      noIndexUsed: 10,
      noGoodIndexUsed: 0,
      firstSeen: '2026-11-22 02:00:00.000000',
      lastSeen: '2026-11-22 02:10:00.000000',
      extra: {},
    });
    // Other columns selected after the named ones (and the two texts) land in extra.
    expect(
      readDigestCounts([...values, 'text', 'sample', '316227766016', null], {
        names: ['QUANTILE_95', 'MAX_TOTAL_MEMORY'],
        at: values.length + 2,
      }).extra,
    ).toEqual({ QUANTILE_95: '316227766016', MAX_TOTAL_MEMORY: null });
    // Unchanged: same digest, times and calls. Any of them moved: read again.
    const read = readDigestCounts(values);
    expect(sameDigestCounts(values, read)).toBe(true);
    const moved = (column: string, value: unknown) =>
      values.map((v, i) => (DIGEST_COUNT_COLUMNS[i] === column ? value : v));
    expect(sameDigestCounts(moved('COUNT_STAR', '11'), read)).toBe(false);
    expect(sameDigestCounts(moved('LAST_SEEN', '2026-11-22 02:11:00.000000'), read)).toBe(false);
    expect(sameDigestCounts(moved('FIRST_SEEN', '2026-11-22 02:01:00.000000'), read)).toBe(false);
    expect(sameDigestCounts(moved('DIGEST', 'abd'), read)).toBe(false);
    expect(sameDigestCounts(moved('SCHEMA_NAME', null), read)).toBe(false);
    expect(() => readDigestCounts(values.map((v, i) => (i === 6 ? '' : v)))).toThrow(
      'SUM_WARNINGS is not a counter: ',
    );
  });

  it('takes the example from elsewhere when given (MariaDB history) and refuses a missing column', () => {
    expect(readDigestRow(raw({ QUERY_SAMPLE_TEXT: undefined }), 1024, null).sample).toBeNull();
    const { SUM_ROWS_SENT: _, ...without } = raw();
    expect(() => readDigestRow(without, 1024)).toThrow(
      'The digest table has no SUM_ROWS_SENT column.',
    );
    expect(() => readDigestRow(raw({ COUNT_STAR: 'many' }), 1024)).toThrow(
      'COUNT_STAR is not a counter: many',
    );
  });

  it('converts timers beyond 2^53 picoseconds exactly to the nanosecond', () => {
    expect(picosToMs('18446744073709551615')).toBe(18446744073.709553);
    expect(picosToMs('123456789012345678')).toBe(123456789.012345);
    expect(picosToMs(5_000_000_000)).toBe(5);
    // Whole nanoseconds, as the BigInt division gave them; below a nanosecond is dropped.
    expect(picosToMs('999')).toBe(0);
    expect(picosToMs('1500')).toBe(0.000001);
    for (const ps of ['9007199254740993123', '1234567', '98765432109876543210']) {
      expect(picosToMs(ps)).toBe(Number(BigInt(ps) / 1000n) / 1e6);
    }
  });

  it('says a sample is truncated when it reached performance_schema_max_sql_text_length bytes', () => {
    expect(isTruncatedSample('x'.repeat(1023), 1024)).toBe(false);
    expect(isTruncatedSample('x'.repeat(1024), 1024)).toBe(true);
    // 342 × 3 bytes = 1026: cut in the middle of a character, still at the limit.
    expect(isTruncatedSample('€'.repeat(342), 1024)).toBe(true);
    expect(isTruncatedSample('€'.repeat(341), 1024)).toBe(false);
    expect(readDigestRow(raw({ QUERY_SAMPLE_TEXT: 'S'.repeat(64) }), 64).sampleTruncated).toBe(
      true,
    );
  });
});

describe('diffDigests', () => {
  it('counts only the work done between the snapshots', () => {
    const earlier = [row(), row({ digest: 'idle', calls: 5 })];
    const later = [
      row({ calls: 15, totalLatencyMs: 4000, rowsExamined: 750000, rowsSent: 60, errors: 1 }),
      row({ digest: 'idle', calls: 5 }),
      row({ digest: 'fresh', calls: 2, firstSeen: '2026-11-22 02:05:00.000000' }),
    ];
    const w = diffDigests(earlier, later);
    expect(w.rows.map((r) => [r.digest, r.origin, r.calls])).toEqual([
      ['abc', 'delta', 5],
      ['fresh', 'new', 2],
    ]);
    expect(w.rows[0]).toMatchObject({
      totalLatencyMs: 1500,
      rowsExamined: 250000,
      rowsSent: 20,
      errors: 0,
      maxLatencyMs: 900,
    });
    expect(w).toMatchObject({ vanished: 0, resets: 0, probablyTruncated: false });
  });

  it('handles counter resets: fewer calls, or a new FIRST_SEEN, count from the new start', () => {
    const earlier = [row({ calls: 100 }), row({ digest: 'b', calls: 3 })];
    const later = [
      row({ calls: 4 }),
      row({ digest: 'b', calls: 9, firstSeen: '2026-11-22 02:20:00.000000' }),
    ];
    const w = diffDigests(earlier, later);
    expect(w.rows.map((r) => [r.digest, r.origin, r.calls])).toEqual([
      ['abc', 'reset', 4],
      ['b', 'reset', 9],
    ]);
    expect(w.resets).toBe(2);
    expect(w.probablyTruncated).toBe(true);
  });

  it('reports a truncated table: digests gone since the earlier snapshot', () => {
    const earlier = [row(), row({ digest: 'b' }), row({ digest: 'c' })];
    const w = diffDigests(earlier, [row({ digest: 'd', calls: 1 })]);
    expect(w.vanished).toBe(3);
    expect(w.probablyTruncated).toBe(true);
    expect(w.rows.map((r) => r.digest)).toEqual(['d']);
  });

  it('gives the same window from a packed snapshot, whether rows kept their places or not', () => {
    const earlier = ['a', 'b', 'c', 'd'].map((d, i) => row({ digest: d, calls: 10 + i }));
    const later = [
      row({ digest: 'a', calls: 12 }),
      row({ digest: 'b', calls: 11 }),
      row({ digest: 'e', calls: 1 }),
      row({ digest: 'd', calls: 20, rowsSent: 55 }),
      row({ digest: 'c', calls: 12 }),
    ];
    const expected = [
      ['a', 'delta', 2, 0],
      ['e', 'new', 1, 40],
      ['d', 'delta', 7, 15],
    ];
    const picked = (w: ReturnType<typeof diffDigests>) =>
      w.rows.map((r) => [r.digest, r.origin, r.calls, r.rowsSent]);
    expect(picked(diffDigests(packCounts(earlier), later))).toEqual(expected);
    expect(picked(diffDigests(earlier, later))).toEqual(expected);
    // Shuffled earlier rows: found by key instead of by place.
    const shuffled = packCounts([earlier[3]!, earlier[1]!, earlier[0]!, earlier[2]!]);
    expect(picked(diffDigests(shuffled, later))).toEqual(expected);
  });

  it('keeps digests of different schemas apart', () => {
    const w = diffDigests([row({ schema: 'a' })], [row({ schema: 'a' }), row({ schema: 'b' })]);
    expect(w.rows.map((r) => [r.schema, r.origin])).toEqual([['b', 'new']]);
  });
});

describe('examinedPerSent', () => {
  it('is the rows examined per row sent or changed, or the rows examined when none were', () => {
    expect(examinedPerSent({ rowsExamined: 500000, rowsSent: 40, rowsAffected: 0 })).toBe(12500);
    expect(examinedPerSent({ rowsExamined: 300, rowsSent: 0, rowsAffected: 0 })).toBe(300);
    // INSERT ... SELECT of 100 k rows sends none and changes 100 k: nothing wasted (seen on
    // MySQL 9.7, where the screen flagged it ✖ 100 k).
    expect(examinedPerSent({ rowsExamined: 100000, rowsSent: 0, rowsAffected: 100000 })).toBe(1);
    // An UPDATE that scans 100 k rows to change 10 is flagged.
    expect(examinedPerSent({ rowsExamined: 100000, rowsSent: 0, rowsAffected: 10 })).toBe(10000);
  });
});
