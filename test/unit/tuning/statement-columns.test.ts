import { describe, expect, it } from 'vitest';
import type { TopStatement } from '../../../src/shared/api/tuning';
import {
  fullScans,
  ratioSeverity,
  sortStatements,
} from '../../../src/renderer/tuning/statement-columns';

function statement(digest: string, over: Partial<TopStatement>): TopStatement {
  return {
    schema: 'shop',
    digest,
    digestText: digest,
    calls: 1,
    totalLatencyMs: 1,
    maxLatencyMs: 1,
    lockLatencyMs: 0,
    errors: 0,
    warnings: 0,
    rowsAffected: 0,
    rowsSent: 1,
    rowsExamined: 1,
    tmpTables: 0,
    tmpDiskTables: 0,
    sortMergePasses: 0,
    noIndexUsed: 0,
    noGoodIndexUsed: 0,
    firstSeen: '2026-11-22 02:00:00.000000',
    lastSeen: '2026-11-22 02:00:00.000000',
    sample: null,
    sampleTruncated: false,
    extra: {},
    origin: 'since-start',
    own: false,
    ...over,
  };
}

describe('top statement columns', () => {
  const list = [
    statement('a', { totalLatencyMs: 100, calls: 100, rowsExamined: 500, rowsSent: 500 }),
    statement('b', {
      totalLatencyMs: 90,
      calls: 3,
      rowsExamined: 90000,
      rowsSent: 3,
      noIndexUsed: 3,
    }),
    statement('c', { totalLatencyMs: 5, calls: 1, errors: 1, lastSeen: '2026-11-22 02:09:00' }),
  ];

  it('sorts by any column, largest or latest first', () => {
    const order = (key: Parameters<typeof sortStatements>[1]) =>
      sortStatements(list, key).map((s) => s.digest);
    expect(order('totalLatencyMs')).toEqual(['a', 'b', 'c']);
    expect(order('avgLatencyMs')).toEqual(['b', 'c', 'a']);
    expect(order('examinedPerSent')).toEqual(['b', 'a', 'c']);
    expect(order('fullScans')).toEqual(['b', 'a', 'c']);
    expect(order('errors')).toEqual(['c', 'a', 'b']);
    expect(order('lastSeen')).toEqual(['c', 'a', 'b']);
  });

  it('flags rows examined per row sent from 100 (warning) and 1000 (danger)', () => {
    expect([ratioSeverity(99), ratioSeverity(100), ratioSeverity(30000)]).toEqual([
      'ok',
      'warning',
      'danger',
    ]);
    expect(fullScans(statement('d', { noIndexUsed: 2, noGoodIndexUsed: 1 }))).toBe(3);
  });
});
