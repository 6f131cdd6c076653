import { describe, expect, it } from 'vitest';
import type { PlanRecord } from '../../../src/shared/api/tuning';
import { planFlips, recordFingerprint } from '../../../src/shared/tuning/plan-flips';

const SCAN = '-> Table scan on orders  (cost=200 rows=2000)';
const RANGE =
  '-> Index range scan on orders using ix_total over (100 <= total <= 105)  (cost=3 rows=6)';

function record(connectionId: string, recordedAt: string, document: string): PlanRecord {
  return {
    recordedAt,
    connectionId,
    connectionName: connectionId,
    serverVersion: '9.7.4',
    shape: 'select * from orders where total between ? and ?',
    sql: 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
    explainSql: 'EXPLAIN FORMAT=TREE SELECT * FROM orders WHERE total BETWEEN 100 AND 105',
    dialect: 'mysql-tree',
    document,
  };
}

describe('planFlips', () => {
  it('finds each change of shape per connection, in time order, newest first', () => {
    const records = [
      record('a', '2026-11-20T10:00:00Z', SCAN),
      record('b', '2026-11-20T10:30:00Z', RANGE),
      record('a', '2026-11-20T12:00:00Z', RANGE.replace('rows=6', 'rows=60')),
      record('a', '2026-11-20T11:00:00Z', SCAN.replace('rows=2000', 'rows=2500')),
      record('b', '2026-11-20T13:00:00Z', SCAN),
      record('a', '2026-11-20T12:30:00Z', 'not a plan'),
    ];
    const flips = planFlips(records);
    expect(flips.map((f) => [f.connectionId, f.before.recordedAt, f.at])).toEqual([
      ['b', '2026-11-20T10:30:00Z', '2026-11-20T13:00:00Z'],
      ['a', '2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z'],
    ]);
    expect(flips[0]!.fingerprints.before).toBe(flips[1]!.fingerprints.after);
  });

  it('reads the fingerprint kept with a record, and works it out for older records', () => {
    const old = record('a', '2026-11-20T10:00:00Z', SCAN);
    expect(recordFingerprint(old)).toMatch(/^[0-9a-f]{16}$/);
    expect(recordFingerprint({ ...old, fingerprint: 'feedfacecafebeef' })).toBe('feedfacecafebeef');
    expect(recordFingerprint({ ...old, document: '{ broken' })).toBeUndefined();
    expect(planFlips([old, record('a', '2026-11-20T11:00:00Z', SCAN)])).toEqual([]);
  });
});
