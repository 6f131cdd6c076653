import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockingModel } from '../../../src/shared/processlist/blocking-chains';
import {
  joinDataLockWaits,
  joinPerformanceSchemaRows,
} from '../../../src/shared/processlist/join-performance-schema';
import { processRowsFrom } from '../../../src/shared/processlist/map-process-row';
import { rowLockWaitFrom } from '../../../src/shared/processlist/map-row-lock-wait';
import { transactionFrom } from '../../../src/shared/processlist/map-transaction';
import {
  metadataLockWaits,
  type MetadataLock,
} from '../../../src/shared/processlist/metadata-lock-waits';
import type { RawRow } from '../../../src/shared/processlist/raw-value';

/**
 * Rows captured from the real servers (by the service's own statements) with: a holder of a row
 * lock in an open transaction, a session waiting for that row, a reader in an open transaction,
 * an ALTER waiting for the table's metadata lock, a SLEEP, and a reader queued behind the ALTER.
 */
interface Captured {
  processlist: RawRow[];
  threads?: RawRow[];
  statements?: RawRow[];
  dataLocks?: RawRow[];
  transactions: RawRow[];
  rowLockWaits: RawRow[];
  metadataLocks?: RawRow[];
  selfId: number;
  ids: Record<'holder' | 'rowWaiter' | 'reader' | 'alter' | 'sleeper' | 'queuedReader', number>;
}

function load(name: string): Captured {
  return JSON.parse(
    readFileSync(path.join(import.meta.dirname, 'captured', `${name}.json`), 'utf8'),
  ) as Captured;
}

describe('rows captured from MySQL 9.7 (performance_schema)', () => {
  const c = load('mysql-9.7');
  const threads = new Map(c.threads!.map((t) => [Number(t.PROCESSLIST_ID), t]));
  const joined = joinPerformanceSchemaRows(c.processlist, threads, c.statements!);
  const rows = processRowsFrom(joined, c.selfId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { ids } = c;
  const threadOf = (id: number) => Number(threads.get(id)!.THREAD_ID);

  it('maps every processlist row, with thread kinds, the reader itself and extras kept', () => {
    expect(rows.map((r) => [r.id, r.kind, r.command])).toEqual([
      [5, 'daemon', 'Daemon'],
      [6, 'daemon', 'Daemon'],
      [c.selfId, 'client', 'Query'],
      [ids.holder, 'client', 'Sleep'],
      [ids.rowWaiter, 'client', 'Query'],
      [ids.reader, 'client', 'Sleep'],
      [ids.alter, 'client', 'Query'],
      [ids.sleeper, 'client', 'Query'],
      [ids.queuedReader, 'client', 'Query'],
    ]);
    expect(rows.filter((r) => r.self).map((r) => r.id)).toEqual([c.selfId]);
    expect(byId.get(5)).toMatchObject({
      user: 'event_scheduler',
      threadId: 35,
      state: 'Waiting on empty queue',
    });
    expect(byId.get(ids.rowWaiter)!.extra).toEqual({ EXECUTION_ENGINE: 'PRIMARY' });
  });

  it('takes sub-second time and figures of running statements, none for sleepers', () => {
    const waiter = byId.get(c.ids.rowWaiter)!;
    expect(waiter.info).toBe('UPDATE pl.t SET v=11 WHERE id=1');
    expect(waiter.infoLength).toBe(31);
    expect(waiter.state).toBe('updating');
    const statement = c.statements!.find((s) => s.THREAD_ID === threadOf(ids.rowWaiter))!;
    expect(waiter.timeMs).toBe(Number(statement.STATEMENT_PS) / 1e9);
    expect(waiter.rowsExamined).toBe(0);
    expect(waiter.lockMs).toBe(Number(statement.LOCK_PS) / 1e9);
    const holder = byId.get(c.ids.holder)!;
    expect(holder).toMatchObject({ command: 'Sleep', state: null, info: null, rowsExamined: null });
    expect(holder.timeMs).toBe(holder.timeSeconds * 1000);
  });

  it('reads transactions with server-side ages', () => {
    const trx = c.transactions.map(transactionFrom);
    expect(trx.map((t) => [t?.processId, t?.state])).toEqual([
      [ids.rowWaiter, 'LOCK WAIT'],
      [ids.holder, 'RUNNING'],
      [ids.reader, 'RUNNING'],
    ]);
    expect(trx[0]).toMatchObject({ isolation: 'REPEATABLE READ', rowsLocked: 1, rowsModified: 0 });
    expect(trx[1]).toMatchObject({ rowsModified: 1, waitSeconds: null });
  });

  it('names the row lock, its index and modes, and builds the chains to the root blocker', () => {
    const processOf = new Map([...threads].map(([id, t]) => [Number(t.THREAD_ID), id]));
    const rowWaits = joinDataLockWaits(
      c.rowLockWaits,
      c.dataLocks!,
      (t) => processOf.get(t) ?? null,
    ).map(rowLockWaitFrom);
    expect(rowWaits).toEqual([
      {
        kind: 'row',
        waitingId: ids.rowWaiter,
        blockingId: ids.holder,
        schema: 'pl',
        object: 't',
        index: 'PRIMARY',
        waitingMode: 'X,REC_NOT_GAP',
        blockingMode: 'X,REC_NOT_GAP',
        granted: true,
      },
    ]);
    const locks: MetadataLock[] = c.metadataLocks!.map((r) => ({
      objectType: String(r.OBJECT_TYPE),
      schema: (r.OBJECT_SCHEMA as string | null) ?? null,
      name: (r.OBJECT_NAME as string | null) ?? null,
      lockType: String(r.LOCK_TYPE),
      status: String(r.LOCK_STATUS),
      ownerThreadId: Number(r.OWNER_ID),
    }));
    const mdl = metadataLockWaits(locks, (id) => id);
    expect(mdl.map((w) => [w.waitingId, w.blockingId, w.blockingMode, w.granted])).toEqual([
      [ids.alter, ids.holder, 'SHARED_WRITE', true],
      [ids.alter, ids.rowWaiter, 'SHARED_WRITE', true],
      [ids.alter, ids.reader, 'SHARED_READ', true],
      [ids.queuedReader, ids.alter, 'EXCLUSIVE', false],
    ]);
    const model = blockingModel([...rowWaits.filter((w) => w !== null), ...mdl]);
    expect(model.waiting.get(ids.queuedReader)).toEqual({
      blockedBy: [ids.alter],
      chain: [ids.alter, ids.holder],
      root: ids.holder,
      cycle: false,
    });
    expect(model.waiting.get(ids.rowWaiter)).toEqual({
      blockedBy: [ids.holder],
      chain: [ids.holder],
      root: ids.holder,
      cycle: false,
    });
    expect(model.roots).toEqual([ids.holder, ids.reader]);
    expect(model.blocks.get(ids.holder)).toBe(3);
    expect(model.blocks.get(ids.alter)).toBe(1);
  });
});

describe('rows captured from MariaDB 10.11 (information_schema)', () => {
  const c = load('mariadb-10.11');
  const rows = processRowsFrom(c.processlist, c.selfId);
  const byId = new Map(rows.map((r) => [r.id, r]));

  it('maps MariaDB extras: TIME_MS, memory, examined rows; no performance_schema thread', () => {
    expect(rows).toHaveLength(c.processlist.length);
    const sleeper = byId.get(c.ids.sleeper)!;
    const raw = c.processlist.find((r) => r.ID === c.ids.sleeper)!;
    expect(sleeper).toMatchObject({
      kind: 'client',
      command: 'Query',
      state: 'User sleep',
      threadId: null,
      timeMs: Number(raw.TIME_MS),
      memoryBytes: Number(raw.MEMORY_USED),
      memoryPeakBytes: Number(raw.MAX_MEMORY_USED),
      rowsExamined: 0,
      progress: null,
      progressStage: null,
      stage: null,
    });
    expect(Object.keys(sleeper.extra)).toEqual(['QUERY_ID']);
  });

  it('reads row-lock waits from INNODB_LOCK_WAITS with the table split from `schema`.`table`', () => {
    expect(c.rowLockWaits.map(rowLockWaitFrom)).toEqual([
      {
        kind: 'row',
        waitingId: c.ids.rowWaiter,
        blockingId: c.ids.holder,
        schema: 'pl',
        object: 't',
        index: 'PRIMARY',
        waitingMode: 'X',
        blockingMode: 'X',
        granted: true,
      },
    ]);
  });
});
