import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanRecord } from '../../../src/shared/api/tuning';
import { PLAN_FILE_NAME, PlanStore } from '../../../src/main/store/plan-store';
import { useTempDirs } from '../store/temp-dirs';

const tempDir = useTempDirs();

function record(n: number, over: Partial<PlanRecord> = {}): PlanRecord {
  return {
    recordedAt: `2026-11-22T02:00:${String(n).padStart(2, '0')}.000Z`,
    connectionId: 'c1',
    connectionName: 'local',
    serverVersion: '9.7.4-2',
    shape: 'select * from orders where total between ? and ?',
    sql: `SELECT * FROM orders WHERE total BETWEEN ${n} AND ${n + 5}`,
    explainSql: `EXPLAIN FORMAT=TREE SELECT * FROM orders WHERE total BETWEEN ${n} AND ${n + 5}`,
    dialect: 'mysql-tree',
    document: '-> Table scan on orders  (cost=200 rows=2000)',
    ...over,
  };
}

describe('PlanStore lookups by digest', () => {
  it('reads records kept before digests, and matches by digest where both sides have one', async () => {
    const dir = await tempDir();
    // A file written before digests were kept: no digest, schema or counters.
    await writeFile(join(dir, PLAN_FILE_NAME), JSON.stringify(record(1)) + '\n');
    const store = await PlanStore.open(dir);
    await store.add(
      record(2, {
        digest: 'd1',
        schema: 'shop',
        counters: { calls: 10, totalLatencyMs: 31 },
        source: 'schedule',
      }),
    );
    // Another statement with the same shape by our normaliser, but another server digest.
    await store.add(record(3, { digest: 'd2', schema: 'shop' }));
    await store.flush();
    const again = await PlanStore.open(dir);
    const at = (rs: PlanRecord[]) => rs.map((r) => r.recordedAt.slice(-7, -5));
    expect(at(again.find({ shape: record(1).shape, digest: 'd1', schema: 'shop' }, null))).toEqual([
      '02',
      '01',
    ]);
    expect(at(again.find({ shape: record(1).shape, digest: 'd1', schema: 'other' }, null))).toEqual(
      ['01'],
    );
    // Without a digest on the question, the shape decides, as before.
    expect(at(again.find(record(1).shape, null))).toEqual(['03', '02', '01']);
    expect(again.find({ shape: 'x', digest: 'd1' }, null)[0]!.counters).toEqual({
      calls: 10,
      totalLatencyMs: 31,
    });
    expect(at(again.ofConnection('c1'))).toEqual(['01', '02', '03']);
  });
});
