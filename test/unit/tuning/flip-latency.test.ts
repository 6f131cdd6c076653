import { describe, expect, it } from 'vitest';
import type { PlanRecord } from '../../../src/shared/api/tuning';
import { flipSummary, planLatency, statementFlips } from '../../../src/shared/tuning/flip-latency';
import {
  itemOfStatement,
  sameStatement,
  statementHistories,
} from '../../../src/shared/tuning/statement-identity';

const SCAN = '-> Table scan on orders  (cost=200 rows=2000)';
const RANGE =
  '-> Index range scan on orders using ix_total over (100 <= total <= 105)  (cost=3 rows=6)';
const SHAPE = 'select * from orders where total between ? and ?';

function record(recordedAt: string, document: string, extra: Partial<PlanRecord> = {}): PlanRecord {
  return {
    recordedAt,
    connectionId: 'c1',
    connectionName: 'c1',
    serverVersion: '9.7.4',
    shape: SHAPE,
    sql: 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
    explainSql: 'EXPLAIN FORMAT=TREE SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
    dialect: 'mysql-tree',
    document,
    ...extra,
  };
}

const counted = (calls: number, totalLatencyMs: number) => ({
  counters: { calls, totalLatencyMs },
});

describe('sameStatement', () => {
  it('compares digests (and schemas) where both have them, shapes otherwise', () => {
    const a = { shape: 'x', digest: 'd1', schema: 'shop' };
    expect(sameStatement(a, { shape: 'y', digest: 'd1', schema: 'shop' })).toBe(true);
    expect(sameStatement(a, { shape: 'x', digest: 'd2', schema: 'shop' })).toBe(false);
    expect(sameStatement(a, { shape: 'x', digest: 'd1', schema: 'other' })).toBe(false);
    expect(sameStatement(a, { shape: 'x', digest: 'd1' })).toBe(true);
    expect(sameStatement(a, { shape: 'x' })).toBe(true);
    expect(sameStatement(a, { shape: 'y' })).toBe(false);
  });
});

describe('statementHistories', () => {
  it('groups by digest and schema, and lets records without a digest join by shape', () => {
    const withDigest = record('2026-11-20T10:00:00Z', SCAN, { digest: 'd1', schema: 'shop' });
    const otherSchema = record('2026-11-20T10:05:00Z', SCAN, { digest: 'd1', schema: 'other' });
    const old = record('2026-11-20T09:00:00Z', SCAN);
    const unrelated = record('2026-11-20T09:30:00Z', SCAN, { shape: 'select ?' });
    const groups = statementHistories([old, withDigest, otherSchema, unrelated]);
    expect(groups.map((g) => [g.identity.digest, g.identity.schema, g.records.length])).toEqual([
      ['d1', 'shop', 2],
      ['d1', 'other', 2],
      [undefined, undefined, 1],
    ]);
    // The old record joins both, in the input's order.
    expect(groups[0]!.records[0]).toBe(old);
  });
});

describe('planLatency', () => {
  it('divides the latency counted between the first and last record by the calls', () => {
    expect(
      planLatency([
        record('2026-11-20T10:00:00Z', SCAN, counted(10, 100)),
        record('2026-11-20T10:10:00Z', SCAN),
        record('2026-11-20T10:20:00Z', SCAN, counted(30, 160)),
      ]),
    ).toEqual({ avgMs: 3, calls: 20 });
  });

  it('does not know with fewer than two counted records, no calls, or counters gone back', () => {
    expect(planLatency([record('2026-11-20T10:00:00Z', SCAN, counted(10, 100))]).avgMs).toBeNull();
    expect(
      planLatency([
        record('2026-11-20T10:00:00Z', SCAN, counted(10, 100)),
        record('2026-11-20T10:10:00Z', SCAN, counted(10, 100)),
      ]).avgMs,
    ).toBeNull();
    expect(
      planLatency([
        record('2026-11-20T10:00:00Z', SCAN, counted(10, 100)),
        record('2026-11-20T10:10:00Z', SCAN, counted(4, 20)),
      ]).avgMs,
    ).toBeNull();
  });
});

describe('statementFlips', () => {
  it('gives the latest flip of each statement with the latency under each plan, mixed interval left out', () => {
    const d = { digest: 'd1', schema: 'shop' };
    const records = [
      record('2026-11-20T13:00:00Z', SCAN, { ...d, ...counted(100, 310) }),
      record('2026-11-20T13:30:00Z', SCAN, { ...d, ...counted(200, 620) }),
      // 14:02: the new plan; the calls between 13:30 and 14:02 ran under either.
      record('2026-11-20T14:02:00Z', RANGE, { ...d, ...counted(300, 5000) }),
      record('2026-11-20T14:30:00Z', RANGE, { ...d, ...counted(400, 9800) }),
    ];
    const [f, ...more] = statementFlips(records);
    expect(more).toEqual([]);
    expect(f!.flip.at).toBe('2026-11-20T14:02:00Z');
    expect(f!.flip.before).toBe(records[1]);
    expect(f!.before).toEqual({ avgMs: 3.1, calls: 100 });
    expect(f!.after).toEqual({ avgMs: 48, calls: 100 });
    expect(flipSummary(f!.flip.at, f!.before, f!.after)).toBe(
      'plan changed 14:02 UTC, avg latency 3.1 ms → 48 ms',
    );
  });

  it('says "—" for a side without enough records', () => {
    const [f] = statementFlips([
      record('2026-11-20T13:00:00Z', SCAN, counted(100, 310)),
      record('2026-11-20T14:02:00Z', RANGE, counted(300, 5000)),
    ]);
    expect(flipSummary(f!.flip.at, f!.before, f!.after)).toBe(
      'plan changed 14:02 UTC, avg latency — → —',
    );
  });

  it('finds no flip while the plan keeps its shape', () => {
    expect(
      statementFlips([
        record('2026-11-20T13:00:00Z', SCAN),
        record('2026-11-20T14:00:00Z', SCAN.replace('rows=2000', 'rows=2400')),
      ]),
    ).toEqual([]);
  });
});

describe('itemOfStatement', () => {
  it('finds a top statement’s item by digest and schema, else by its example’s shape', () => {
    const items = [
      { identity: { shape: 'a', digest: 'd1', schema: 'shop' }, n: 1 },
      { identity: { shape: SHAPE }, n: 2 },
    ];
    const row = (digest: string | null, schema: string | null, sample: string | null) => ({
      digest,
      schema,
      sample,
    });
    expect(itemOfStatement(items, row('d1', 'shop', null))?.n).toBe(1);
    expect(itemOfStatement(items, row('d1', 'other', null))).toBeUndefined();
    expect(
      itemOfStatement(items, row('d9', 'shop', 'SELECT * FROM orders WHERE total BETWEEN 1 AND 2'))
        ?.n,
    ).toBe(2);
    expect(itemOfStatement(items, row('d9', 'shop', 'SELECT 1'))).toBeUndefined();
  });
});
