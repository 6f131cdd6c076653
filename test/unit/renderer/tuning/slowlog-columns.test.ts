import { describe, expect, it } from 'vitest';
import type { SlowLogClass, SlowLogRun } from '../../../../src/shared/api/slowlog';
import {
  slowLogFraction,
  slowLogProgressText,
  sortSlowLogClasses,
} from '../../../../src/renderer/tuning/slowlog-columns';

const figure = (sum: number, count: number) => ({ sum, avg: sum / count, p95: 0, max: 0 });

function cls(checksum: string, count: number, time: number, examined: number): SlowLogClass {
  return {
    checksum: checksum.padEnd(32, '0'),
    fingerprint: `select ${checksum}`,
    count,
    queryTime: figure(time, count),
    lockTime: figure(0, count),
    rowsExamined: figure(examined, count),
    rowsSent: figure(0, count),
    firstSeen: null,
    lastSeen: null,
    example: { sql: 'SELECT 1', truncated: false, queryTime: 0, db: null, time: null, offset: 0 },
  };
}

const run = (over: Partial<SlowLogRun>): SlowLogRun => ({
  runId: 'r',
  sessionId: 's',
  path: '/tmp/slow.log',
  unit: 'bytes',
  state: 'running',
  bytesRead: 0,
  totalBytes: null,
  bytesPerSecond: 0,
  etaSeconds: null,
  elapsedMs: 0,
  error: null,
  result: null,
  comparison: null,
  ...over,
});

describe('sortSlowLogClasses', () => {
  // As the backend sends them: by total time.
  const classes = [
    cls('A', 1, 9, 10),
    cls('B', 100, 5, 900),
    cls('C', 2, 4, 5),
    cls('D', 100, 1, 1),
  ];

  it('orders by each key, the most first, ties in the backend order', () => {
    const ids = (by: Parameters<typeof sortSlowLogClasses>[1]) =>
      sortSlowLogClasses(classes, by, 10).map((c) => c.checksum[0]);
    expect(ids('time')).toEqual(['A', 'B', 'C', 'D']);
    expect(ids('count')).toEqual(['B', 'D', 'C', 'A']);
    expect(ids('avg')).toEqual(['A', 'C', 'B', 'D']);
    expect(ids('rows-examined')).toEqual(['B', 'A', 'C', 'D']);
  });

  it('keeps only the top of the order', () => {
    expect(sortSlowLogClasses(classes, 'count', 2).map((c) => c.checksum[0])).toEqual(['B', 'D']);
  });
});

describe('slow log progress in words', () => {
  it('says bytes of the size, the rate and the time left', () => {
    const r = run({
      bytesRead: 12 * 1024 * 1024,
      totalBytes: 48 * 1024 * 1024,
      bytesPerSecond: 6 * 1024 * 1024,
      etaSeconds: 6,
    });
    expect(slowLogProgressText(r)).toBe('12 MiB of 48 MiB · 6 MiB/s · about 6.00 s left');
    expect(slowLogFraction(r)).toBe(0.25);
  });

  it('counts rows for mysql.slow_log', () => {
    const r = run({
      unit: 'rows',
      bytesRead: 12000,
      totalBytes: 48000,
      bytesPerSecond: 3000,
      etaSeconds: 12,
    });
    expect(slowLogProgressText(r)).toBe(
      '12,000 rows of 48,000 rows · 3,000 rows/s · about 12.0 s left',
    );
  });

  it('says the unzipped bytes when the size is unknown (gzip)', () => {
    const r = run({ bytesRead: 2048 });
    expect(slowLogProgressText(r)).toBe('2 KiB read (unzipped)');
    expect(slowLogFraction(r)).toBeNull();
  });
});
