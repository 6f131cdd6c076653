import { describe, expect, it } from 'vitest';
import { blockingModel } from '../../../src/shared/processlist/blocking-chains';
import { DEFAULT_THRESHOLDS } from '../../../src/shared/processlist/attention';
import { killPlan, tickedForKill } from '../../../src/shared/processlist/kill-plan';
import { rowKey } from '../../../src/shared/processlist/snapshot-diff';
import { sortRows } from '../../../src/renderer/processlist/process-columns';
import { tableRows } from '../../../src/renderer/processlist/table-rows';
import { row, running } from './row-fixture';

describe('KILL of ticked sessions', () => {
  const rows = [
    running(12, 'SELECT 2', 3),
    running(7, 'SELECT 1', 5),
    row({ id: 9, user: 'event_scheduler', kind: 'daemon', command: 'Daemon' }),
    running(30, 'SELECT * FROM processlist', 0, { self: true }),
    row({ id: 4 }),
  ];

  it('takes the ticked client sessions still present, in id order, never threads or itself', () => {
    const ticked = new Set([...rows.map(rowKey), '99|app|10.0.0.5:53122']);
    expect(tickedForKill(rows, ticked)).toEqual([4, 7, 12]);
    expect(killPlan('query', tickedForKill(rows, ticked)).sql).toBe(
      'KILL QUERY 4;\nKILL QUERY 7;\nKILL QUERY 12;',
    );
  });

  it('drops a ticked id that now belongs to another connection', () => {
    const ticked = new Set([rowKey(rows[0]!)]);
    const reused = [{ ...rows[0]!, user: 'other' }];
    expect(tickedForKill(reused, ticked)).toEqual([]);
    expect(tickedForKill(rows, new Set())).toEqual([]);
  });
});

describe('sorting by the MySQL figures', () => {
  const rows = tableRows(
    [
      running(1, 'a', 1, { memoryBytes: 4096, tmpTables: 3, tmpDiskTables: 0, lockMs: 0.5 }),
      running(2, 'b', 1, { memoryBytes: 16_777_216, tmpTables: 1, tmpDiskTables: 1, lockMs: 2 }),
      running(3, 'c', 1, { progress: 42.5, rowsSent: 10 }),
      row({ id: 4, memoryBytes: 65_536, rowsSent: 900 }),
    ],
    [],
    blockingModel([]),
    DEFAULT_THRESHOLDS,
  );
  const ids = (key: Parameters<typeof sortRows>[1]) =>
    sortRows(rows, key, 'desc').map((r) => r.row.id);

  it('puts the biggest first and sessions without the figure last', () => {
    expect(ids('memory')).toEqual([2, 4, 1, 3]);
    expect(ids('progress')).toEqual([3, 1, 2, 4]);
    expect(ids('rowsSent')).toEqual([4, 3, 1, 2]);
    expect(ids('lock')).toEqual([2, 1, 3, 4]);
  });

  it('ranks a disk temporary table above any number in memory', () => {
    expect(ids('tmpTables')).toEqual([2, 1, 3, 4]);
  });
});
