import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanRecord } from '../../../src/shared/api/tuning';
import { PLAN_FILE_NAME, PlanStore } from '../../../src/main/store/plan-store';
import { TableSizesStore } from '../../../src/main/store/table-sizes-store';
import { permissions, useTempDirs } from './temp-dirs';

const tempDir = useTempDirs();

function record(n: number, over: Partial<PlanRecord> = {}): PlanRecord {
  return {
    recordedAt: `2026-11-22T02:00:${String(n).padStart(2, '0')}.000Z`,
    connectionId: 'c1',
    connectionName: 'local',
    serverVersion: '9.7.4-2',
    shape: 'select * from orders where total between ? and ?',
    sql: `SELECT * FROM orders WHERE total BETWEEN ${n} AND ${n + 5}`,
    explainSql: `EXPLAIN FORMAT=JSON SELECT * FROM orders WHERE total BETWEEN ${n} AND ${n + 5}`,
    dialect: 'mysql-json-v2',
    document: `{"query_plan":{"n":${n}}}`,
    ...over,
  };
}

describe('PlanStore', () => {
  it('keeps plans across restarts, finds them by shape and connection, newest first', async () => {
    const dir = await tempDir();
    const store = await PlanStore.open(dir);
    await store.add(record(1));
    await store.add(record(2, { connectionId: 'c2' }));
    await store.add(record(3, { shape: 'select 1' }));
    await store.flush();
    expect(permissions((await stat(join(dir, PLAN_FILE_NAME))).mode)).toBe(0o600);
    const again = await PlanStore.open(dir);
    const shape = 'select * from orders where total between ? and ?';
    expect(again.find(shape, null).map((r) => r.recordedAt.slice(-7, -5))).toEqual(['02', '01']);
    expect(again.find(shape, 'c1').map((r) => r.connectionId)).toEqual(['c1']);
    expect(again.find('select 2', null)).toEqual([]);
  });

  it('skips a torn last line and lines that are not plans', async () => {
    const dir = await tempDir();
    const store = await PlanStore.open(dir);
    await store.add(record(1));
    await store.flush();
    await appendFile(join(dir, PLAN_FILE_NAME), '{"not":"a plan"}\n{"recordedAt":"2026-');
    const again = await PlanStore.open(dir);
    expect(again.size).toBe(1);
  });

  it('keeps keys a newer version added, and unreadable lines aside, when it rewrites the file', async () => {
    const dir = await tempDir();
    const file = join(dir, PLAN_FILE_NAME);
    const newer = { ...record(1), planCost: 12.5 };
    const foreign = '{"recordedAt":"2026-11-22T02:00:02.000Z","dialect":"mysql-json-v9"}';
    await writeFile(file, `${JSON.stringify(newer)}\n${foreign}\n${JSON.stringify(record(3))}\n`);
    const store = await PlanStore.open(dir);
    const kept = (await readdir(dir)).filter((name) => name !== PLAN_FILE_NAME);
    expect(kept).toEqual([expect.stringMatching(/^plans\.jsonl\.corrupt-/)]);
    expect(store.warning).toBe(
      `1 line of the plans kept as evidence ${file} could not be read and was skipped; the ` +
        `file as it was is kept as ${join(dir, kept[0]!)}.`,
    );
    expect(await readFile(join(dir, kept[0]!), 'utf8')).toContain(foreign);
    expect(store.size).toBe(2);
    // A superseding plan rewrites the file from memory.
    const three = store.find(record(3).shape, null)[0]!;
    await store.add(record(4), three);
    await store.flush();
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([newer, record(4)]);
    expect((await PlanStore.open(dir)).warning).toBeNull();
  });

  it('stays within its bounds, dropping the oldest, and refuses oversized documents', async () => {
    const dir = await tempDir();
    const store = await PlanStore.open(dir, { maxEntries: 10, maxDocumentChars: 100 });
    for (let i = 0; i < 12; i++) await store.add(record(i));
    expect(await store.add(record(50, { document: 'x'.repeat(101) }))).toBe(false);
    await store.flush();
    const again = await PlanStore.open(dir, { maxEntries: 10 });
    // The 12th line passed 110% of 10: compaction kept the newest 10.
    const kept = again.find(record(0).shape, null).map((r) => Number(r.recordedAt.slice(-7, -5)));
    expect(kept).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const lines = (await readFile(join(dir, PLAN_FILE_NAME), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(10);
  });
});

describe('TableSizesStore', () => {
  it('returns the previous visit of a connection and schema, and remembers this one', async () => {
    const dir = await tempDir();
    const sizes = new TableSizesStore(dir);
    expect(await sizes.visit('c1', 'shop', { orders: 100 })).toBeNull();
    expect(await sizes.visit('c1', 'other', { t: 1 })).toBeNull();
    const previous = await new TableSizesStore(dir).visit('c1', 'shop', { orders: 250 });
    expect(previous?.sizes).toEqual({ orders: 100 });
    expect((await sizes.visit('c1', 'shop', {}))?.sizes).toEqual({ orders: 250 });
  });
});
