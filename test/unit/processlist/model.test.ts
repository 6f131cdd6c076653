import { describe, expect, it } from 'vitest';
import {
  attentionFor,
  DEFAULT_THRESHOLDS,
  replicationThreadsHeldUp,
} from '../../../src/shared/processlist/attention';
import { worstOf } from '../../../src/shared/severity';
import { blockingModel } from '../../../src/shared/processlist/blocking-chains';
import { applyFilter, DEFAULT_FILTER, hidingPart } from '../../../src/shared/processlist/filters';
import { groupCounts } from '../../../src/shared/processlist/group-counts';
import { hostWithoutPort } from '../../../src/shared/processlist/host-name';
import { killEffect, killPlan, selectForKill } from '../../../src/shared/processlist/kill-plan';
import type { LockWait } from '../../../src/shared/processlist/lock-wait';
import { processRowFrom } from '../../../src/shared/processlist/map-process-row';
import {
  rowLockWaitFrom,
  splitQualifiedName,
} from '../../../src/shared/processlist/map-row-lock-wait';
import {
  joinDataLockWaits,
  joinPerformanceSchemaRows,
} from '../../../src/shared/processlist/join-performance-schema';
import {
  metadataLockWaits,
  type MetadataLock,
} from '../../../src/shared/processlist/metadata-lock-waits';
import { chooseProcesslistSource } from '../../../src/shared/processlist/processlist-source';
import { diffSnapshots, rowKey } from '../../../src/shared/processlist/snapshot-diff';
import {
  safeStatementText,
  oneLineStatement,
  statementPreview,
} from '../../../src/shared/processlist/statement-text';
import { classifyThread } from '../../../src/shared/processlist/thread-kind';
import type { Transaction } from '../../../src/shared/processlist/transaction';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { row, running } from './row-fixture';

const wait = (waitingId: number, blockingId: number): LockWait => ({
  kind: 'row',
  waitingId,
  blockingId,
  schema: 's',
  object: 't',
  index: null,
  waitingMode: 'X',
  blockingMode: 'X',
  granted: true,
});

const trx = (processId: number, ageSeconds: number): Transaction => ({
  processId,
  trxId: String(processId * 100),
  state: 'RUNNING',
  ageSeconds,
  waitSeconds: null,
  isolation: 'REPEATABLE READ',
  rowsLocked: 0,
  rowsModified: 0,
  tablesLocked: 0,
  extra: {},
});

describe('hosts', () => {
  it('drop the client port, IPv4 and bracketed IPv6, and leave port-less hosts alone', () => {
    expect(hostWithoutPort('10.0.0.5:53122')).toBe('10.0.0.5');
    expect(hostWithoutPort('[::1]:4000')).toBe('::1');
    expect(hostWithoutPort('localhost')).toBe('localhost');
    expect(hostWithoutPort('fe80::1')).toBe('fe80::1');
    expect(hostWithoutPort('')).toBe('');
  });
});

describe('filters', () => {
  const rows = [
    row({ id: 1 }),
    running(2, 'SELECT * FROM orders', 75, { user: 'report', host: '10.0.0.9:4000', db: 'dw' }),
    running(3, 'UPDATE stock SET n = n - 1', 2, { state: 'updating' }),
    row({ id: 4, kind: 'daemon', user: 'event_scheduler', command: 'Daemon', host: 'localhost' }),
    running(5, 'SELECT 1', 0.2, { host: '10.0.0.5:60000' }),
  ];

  it('hide sleepers and the server’s own threads by default, and say which filter hid what', () => {
    const r = applyFilter(rows, DEFAULT_FILTER);
    expect(r.shown.map((x) => x.id)).toEqual([2, 3, 5]);
    expect(r.hiddenBy).toEqual({ hideSleeping: 1, hideSystem: 1 });
  });

  it('match a host with or without its port', () => {
    const f = { ...DEFAULT_FILTER, hideSleeping: false };
    expect(applyFilter(rows, { ...f, host: '10.0.0.5' }).shown.map((x) => x.id)).toEqual([1, 3, 5]);
    expect(applyFilter(rows, { ...f, host: '10.0.0.5:60000' }).shown.map((x) => x.id)).toEqual([5]);
  });

  it('narrow by user, schema, command, state, minimum time and statement text', () => {
    expect(hidingPart(rows[1]!, { ...DEFAULT_FILTER, user: 'app' })).toBe('user');
    expect(hidingPart(rows[1]!, { ...DEFAULT_FILTER, user: 'REPORT' })).toBeNull();
    expect(hidingPart(rows[1]!, { ...DEFAULT_FILTER, schema: 'shop' })).toBe('schema');
    expect(hidingPart(rows[2]!, { ...DEFAULT_FILTER, command: 'query' })).toBeNull();
    expect(hidingPart(rows[2]!, { ...DEFAULT_FILTER, state: 'updat' })).toBeNull();
    expect(hidingPart(rows[4]!, { ...DEFAULT_FILTER, state: 'updat' })).toBe('state');
    expect(hidingPart(rows[2]!, { ...DEFAULT_FILTER, minSeconds: 60 })).toBe('minSeconds');
    expect(hidingPart(rows[1]!, { ...DEFAULT_FILTER, minSeconds: 60 })).toBeNull();
    expect(hidingPart(rows[1]!, { ...DEFAULT_FILTER, text: 'from ORDERS' })).toBeNull();
    expect(hidingPart(rows[2]!, { ...DEFAULT_FILTER, text: 'orders' })).toBe('text');
  });

  it('read typed parts trimmed: a part of spaces only narrows nothing', () => {
    const f = { ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false };
    const spaces = { user: '  ', host: ' ', schema: '   ', command: ' ', state: '  ' };
    for (const [key, value] of Object.entries(spaces)) {
      expect(applyFilter(rows, { ...f, [key]: value }).shown.length, key).toBe(rows.length);
    }
    expect(hidingPart(rows[1]!, { ...f, user: ' report ' })).toBeNull();
    expect(hidingPart(rows[1]!, { ...f, user: ' app ' })).toBe('user');
  });
});

describe('grouped counts', () => {
  it('count by host without port, biggest first, with how many are active', () => {
    const rows = [
      row({ id: 1, host: 'a:1' }),
      running(2, 'x', 1, { host: 'a:2' }),
      row({ id: 3, host: 'b:1' }),
    ];
    expect(groupCounts(rows, 'host')).toEqual([
      { value: 'a', count: 2, active: 1 },
      { value: 'b', count: 1, active: 0 },
    ]);
    expect(groupCounts([row({ id: 1, db: null })], 'schema')).toEqual([
      { value: '(none)', count: 1, active: 0 },
    ]);
  });
});

describe('snapshot diff', () => {
  it('keeps identity by id, user and host; ticking time is no change', () => {
    const before = [row({ id: 1 }), running(2, 'SELECT 1', 1), row({ id: 3 })];
    const after = [
      row({ id: 1, timeSeconds: 5, timeMs: 5000 }),
      running(2, 'SELECT 2', 1),
      row({ id: 3, user: 'other' }),
      row({ id: 4 }),
    ];
    expect(diffSnapshots(before, after)).toEqual({
      added: [rowKey(after[2]!), rowKey(after[3]!)],
      removed: [rowKey(before[2]!)],
      changed: [rowKey(after[1]!)],
      unchanged: 1,
    });
    expect(rowKey(before[0]!)).toBe('1|app|10.0.0.5:53122');
  });
});

describe('blocking chains', () => {
  it('follow each waiter to its root blocker and count who is held up', () => {
    const m = blockingModel([wait(3, 2), wait(2, 1), wait(4, 2), wait(5, 9)]);
    expect(m.waiting.get(3)).toEqual({ blockedBy: [2], chain: [2, 1], root: 1, cycle: false });
    expect(m.waiting.get(2)).toEqual({ blockedBy: [1], chain: [1], root: 1, cycle: false });
    expect(m.roots).toEqual([1, 9]);
    expect(m.blocks.get(1)).toBe(3);
    expect(m.blocks.get(2)).toBe(2);
    expect(m.blocks.get(9)).toBe(1);
    expect(m.waiting.has(1)).toBe(false);
  });

  it('stop at a cycle (a deadlock not yet resolved) and say so', () => {
    const m = blockingModel([wait(1, 2), wait(2, 1)]);
    expect(m.waiting.get(1)).toEqual({ blockedBy: [2], chain: [2], root: 2, cycle: true });
    expect(m.roots).toEqual([]);
  });
});

describe('metadata-lock waits', () => {
  const lock = (owner: number, lockType: string, status = 'GRANTED', name = 't'): MetadataLock => ({
    objectType: 'TABLE',
    schema: 's',
    name,
    lockType,
    status,
    ownerThreadId: owner,
  });

  it('blame granted conflicting holders, not compatible ones, nor other tables', () => {
    const waits = metadataLockWaits(
      [
        lock(1, 'SHARED_READ'),
        lock(2, 'SHARED_UPGRADABLE'),
        lock(2, 'EXCLUSIVE', 'PENDING'),
        lock(3, 'SHARED_WRITE', 'GRANTED', 'other'),
      ],
      (t) => t + 100,
    );
    expect(waits.map((w) => [w.waitingId, w.blockingId, w.granted])).toEqual([[102, 101, true]]);
  });

  it('put a reader behind a queued EXCLUSIVE when no holder conflicts', () => {
    const waits = metadataLockWaits(
      [lock(1, 'SHARED_READ'), lock(2, 'EXCLUSIVE', 'PENDING'), lock(3, 'SHARED_READ', 'PENDING')],
      (t) => t,
    );
    expect(waits.map((w) => [w.waitingId, w.blockingId, w.blockingMode, w.granted])).toEqual([
      [2, 1, 'SHARED_READ', true],
      [3, 2, 'EXCLUSIVE', false],
    ]);
  });

  it('leave out threads without a processlist id', () => {
    expect(
      metadataLockWaits([lock(1, 'EXCLUSIVE'), lock(2, 'SHARED_READ', 'PENDING')], (t) =>
        t === 1 ? null : t,
      ),
    ).toEqual([]);
  });
});

describe('attention', () => {
  it('flags a blocked session with its blocker and root, and the root as blocking', () => {
    const m = blockingModel([wait(3, 2), wait(2, 1)]);
    expect(attentionFor(running(3, 'UPDATE t', 1), undefined, m)).toEqual([
      { severity: 'danger', reason: 'blocked', text: 'Blocked by #2; root blocker #1' },
    ]);
    expect(attentionFor(row({ id: 1 }), undefined, m)).toEqual([
      { severity: 'danger', reason: 'blocking', text: 'Blocks 2 sessions' },
    ]);
    expect(attentionFor(running(2, 'UPDATE t', 1), undefined, m).map((a) => a.severity)).toEqual([
      'danger',
      'warning',
    ]);
  });

  it('says when a session holds up the replication applier, hidden by the default filter', () => {
    // 5 and 6: applier workers waiting for client 1; 3 waits for 2, which waits for 1.
    const m = blockingModel([wait(5, 1), wait(6, 1), wait(3, 2), wait(2, 1)]);
    const kinds = new Map([
      [5, 'replication' as const],
      [6, 'replication' as const],
    ]);
    const kindOf = (id: number) => kinds.get(id) ?? 'client';
    expect(attentionFor(row({ id: 1 }), undefined, m, DEFAULT_THRESHOLDS, kindOf)).toEqual([
      {
        severity: 'danger',
        reason: 'blocking',
        text: 'Blocks the replication applier (2 threads) and 2 other sessions',
      },
    ]);
    const one = blockingModel([wait(5, 1)]);
    expect(attentionFor(row({ id: 1 }), undefined, one, DEFAULT_THRESHOLDS, kindOf)).toEqual([
      { severity: 'danger', reason: 'blocking', text: 'Blocks the replication applier' },
    ]);
    // A blocker that itself waits is a warning, unless the applier waits behind it.
    const behind = blockingModel([wait(5, 2), wait(2, 1)]);
    expect(
      attentionFor(running(2, 'UPDATE t', 1), undefined, behind, DEFAULT_THRESHOLDS, kindOf),
    ).toEqual([
      { severity: 'danger', reason: 'blocked', text: 'Blocked by #1' },
      { severity: 'danger', reason: 'blocking', text: 'Blocks the replication applier' },
    ]);
    expect(replicationThreadsHeldUp(1, behind, kindOf)).toBe(1);
    expect(replicationThreadsHeldUp(1, m, () => 'client')).toBe(0);
  });

  it('flags long statements, long transactions and idle-in-transaction sleepers', () => {
    const none = blockingModel([]);
    expect(attentionFor(running(1, 'SELECT 1', 9.9), undefined, none)).toEqual([]);
    expect(attentionFor(running(1, 'SELECT 1', 12), undefined, none)).toEqual([
      { severity: 'warning', reason: 'long-statement', text: 'Statement running 12 s' },
    ]);
    expect(worstOf(attentionFor(running(1, 'SELECT 1', 20), undefined, none))).toBe('danger');
    const idle = row({ id: 7, timeSeconds: 30, timeMs: 30_000 });
    expect(attentionFor(idle, trx(7, 90), none)).toEqual([
      {
        severity: 'warning',
        reason: 'idle-in-transaction',
        text: 'Idle 30 s in an open transaction',
      },
      { severity: 'warning', reason: 'long-transaction', text: 'Transaction open 90 s' },
    ]);
    expect(attentionFor(idle, undefined, none)).toEqual([]);
    const daemon = row({
      id: 8,
      kind: 'daemon',
      command: 'Daemon',
      timeSeconds: 9999,
      timeMs: 9_999_000,
      info: 'x',
    });
    expect(attentionFor(daemon, undefined, none)).toEqual([]);
    expect(worstOf([])).toBe('ok');
  });
});

describe('KILL plans', () => {
  it('write one statement per session, in id order, without duplicates', () => {
    expect(killPlan('query', [12, 3, 12])).toEqual({
      mode: 'query',
      ids: [3, 12],
      statements: ['KILL QUERY 3;', 'KILL QUERY 12;'],
      sql: 'KILL QUERY 3;\nKILL QUERY 12;',
    });
    expect(killPlan('connection', [7]).sql).toBe('KILL CONNECTION 7;');
    expect(() => killPlan('query', [1.5])).toThrow('not a processlist id: 1.5');
  });

  it('say that KILL QUERY leaves an open transaction and its locks, KILL CONNECTION does not', () => {
    // Seen on MySQL 9.7: after KILL QUERY of a session that updated a row in an open
    // transaction, the session it blocked still waits on it (sys.innodb_lock_waits).
    expect(killEffect('query')).toBe(
      'Each statement below is stopped and its own changes rolled back; the sessions stay connected. A transaction open in one stays open and keeps its locks: sessions it blocks go on waiting (Kill connection ends the transaction).',
    );
    expect(killEffect('connection')).toBe(
      'Each session below is disconnected: its statement and open transaction are rolled back.',
    );
  });

  it('pick every query of a user over a time, never the server’s threads nor itself', () => {
    const rows = [
      running(1, 'SELECT a', 61, { user: 'report' }),
      running(2, 'SELECT b', 59, { user: 'report' }),
      row({ id: 3, user: 'report', timeSeconds: 500, timeMs: 500_000 }),
      running(4, 'SELECT c', 300, { user: 'app' }),
      running(5, 'SELECT d', 300, { user: 'report', kind: 'replication' }),
      running(6, 'SELECT e', 300, { user: 'report', self: true }),
      running(7, 'SELECT f', 90, { user: 'report', host: '10.9.9.9:1' }),
    ];
    expect(selectForKill(rows, { user: 'report', minSeconds: 60 })).toEqual([1, 7]);
    expect(selectForKill(rows, { user: 'report', minSeconds: 60, host: '10.0.0.5' })).toEqual([1]);
    expect(selectForKill(rows, { user: 'report', runningOnly: false, minSeconds: 60 })).toEqual([
      1, 3, 7,
    ]);
  });
});

describe('statement text', () => {
  it('escapes control and undecodable bytes and flags the text as binary', () => {
    expect(safeStatementText("SELECT 'a\u0000b\u001b'\n\tFROM t")).toEqual({
      text: "SELECT 'a\\x00b\\x1b'\n\tFROM t",
      binary: true,
    });
    expect(safeStatementText('SELECT \ufffd')).toEqual({ text: 'SELECT \\x??', binary: true });
    expect(safeStatementText('SELECT ’é’')).toEqual({ text: 'SELECT ’é’', binary: false });
  });

  it('cuts a 1 MB statement to its preview without splitting a surrogate pair', () => {
    const big = `SELECT '${'x'.repeat(1024 * 1024)}'`;
    const mapped = processRowFrom(
      { ID: 1, USER: 'u', COMMAND: 'Query', TIME: 3, INFO: big },
      null,
    )!;
    expect(mapped.info).toHaveLength(2048);
    expect(mapped.infoLength).toBe(big.length);
    expect(statementPreview('ab😀', 3)).toBe('ab');
    // On one line for a sentence: white space made one space, cut with an ellipsis.
    expect(oneLineStatement('  SELECT 1\n\t FROM  t ', 20)).toBe('SELECT 1 FROM t');
    expect(oneLineStatement('SELECT  😀x', 8)).toBe('SELECT …');
  });
});

describe('thread kinds', () => {
  it('tell clients from replication, daemons and background threads', () => {
    expect(classifyThread({ user: 'app', command: 'Query' })).toBe('client');
    expect(classifyThread({ user: 'repl', command: 'Binlog Dump GTID' })).toBe('replication');
    expect(classifyThread({ user: 'system user', command: 'Slave_SQL' })).toBe('replication');
    expect(
      classifyThread({
        user: 'system user',
        command: 'Connect',
        threadName: 'thread/sql/replica_io',
      }),
    ).toBe('replication');
    expect(classifyThread({ user: 'event_scheduler', command: 'Daemon' })).toBe('daemon');
    expect(classifyThread({ user: 'system user', command: 'Query' })).toBe('system');
    expect(classifyThread({ user: 'x', command: 'Query', threadType: 'BACKGROUND' })).toBe(
      'system',
    );
  });
});

describe('tolerant mapping', () => {
  it('keeps unknown columns in extra and has no id-less rows', () => {
    const mapped = processRowFrom(
      { ID: '9', USER: 'u', COMMAND: 'Query', TIME: '4', NEW_COLUMN: 'x', WHEN: new Date(0) },
      null,
    )!;
    expect(mapped).toMatchObject({ id: 9, timeSeconds: 4, timeMs: 4000, host: '' });
    expect(mapped.extra).toEqual({ NEW_COLUMN: 'x', WHEN: '1970-01-01T00:00:00.000Z' });
    expect(processRowFrom({ USER: 'u' }, null)).toBeNull();
    expect(splitQualifiedName('`a``b`.`c`')).toEqual({ schema: 'a`b', name: 'c' });
    expect(splitQualifiedName('GEN_CLUST')).toEqual({ schema: null, name: 'GEN_CLUST' });
  });
});

describe('source choice', () => {
  const mysql97 = capabilitiesFor('mysql', { major: 9, minor: 7, patch: 4 });
  const mysql80 = capabilitiesFor('mysql', { major: 8, minor: 0, patch: 21 });
  const mariadb = capabilitiesFor('mariadb', { major: 10, minor: 11, patch: 6 });

  it('uses performance_schema on MySQL 8.0.22+ when it is on, information_schema otherwise', () => {
    expect(chooseProcesslistSource(mysql97, { performanceSchema: true })).toEqual({
      processlist: 'performance_schema',
      rowLocks: 'data_lock_waits',
      metadataLocks: true,
      processlistExtras: false,
    });
    expect(chooseProcesslistSource(mysql80, { performanceSchema: true }).processlist).toBe(
      'information_schema',
    );
    expect(chooseProcesslistSource(mysql97, { performanceSchema: false })).toEqual({
      processlist: 'information_schema',
      rowLocks: null,
      metadataLocks: false,
      processlistExtras: false,
    });
  });

  it('reads MariaDB from information_schema with its extras and INNODB_LOCK_WAITS', () => {
    expect(chooseProcesslistSource(mariadb, { performanceSchema: true })).toEqual({
      processlist: 'information_schema',
      rowLocks: 'innodb_lock_waits',
      metadataLocks: true,
      processlistExtras: true,
    });
    expect(chooseProcesslistSource(mariadb, { performanceSchema: false }).metadataLocks).toBe(
      false,
    );
  });

  it('has the capability rows the processlist branches on', () => {
    expect(
      capabilitiesFor('mysql', { major: 8, minor: 0, patch: 22 }).performanceSchemaProcesslist,
    ).toBe(true);
    expect(
      capabilitiesFor('mariadb', { major: 11, minor: 8, patch: 0 }).performanceSchemaProcesslist,
    ).toBe(false);
    expect(mariadb.innodbLockWaitsTable).toBe(true);
    expect(mysql97.innodbLockWaitsTable).toBe(false);
    expect(
      capabilitiesFor('mariadb', { major: 10, minor: 4, patch: 0 }).performanceSchemaMetadataLocks,
    ).toBe(false);
    expect(mariadb.processlistExtras).toBe(true);
    expect(mysql97.processlistExtras).toBe(false);
  });
});

describe('client-side joins of performance_schema reads', () => {
  it('attach thread and running statement to each processlist row, leaving unknown ones bare', () => {
    const joined = joinPerformanceSchemaRows(
      [
        { ID: 7, USER: 'app', COMMAND: 'Query', TIME: 1 },
        { ID: 8, USER: 'app', COMMAND: 'Sleep', TIME: 9 },
      ],
      new Map([
        [7, { THREAD_ID: 70, PROCESSLIST_ID: 7, THREAD_NAME: 'thread/sql/one_connection' }],
      ]),
      [
        { THREAD_ID: 70, STATEMENT_RUNNING: 1, STATEMENT_PS: 2_500_000_000 },
        { THREAD_ID: 99, STATEMENT_RUNNING: 1, STATEMENT_PS: 1 },
      ],
    );
    expect(joined).toEqual([
      {
        ID: 7,
        USER: 'app',
        COMMAND: 'Query',
        TIME: 1,
        THREAD_ID: 70,
        THREAD_NAME: 'thread/sql/one_connection',
        THREAD_TYPE: undefined,
        STATEMENT_RUNNING: 1,
        STATEMENT_PS: 2_500_000_000,
      },
      { ID: 8, USER: 'app', COMMAND: 'Sleep', TIME: 9 },
    ]);
    expect(processRowFrom(joined[0]!, null)!.timeMs).toBe(2.5);
  });

  it('name lock waits by processlist id and drop threads without one', () => {
    const rows = joinDataLockWaits(
      [
        {
          REQUESTING_THREAD_ID: 70,
          BLOCKING_THREAD_ID: 60,
          REQUESTING_ENGINE_LOCK_ID: 'w',
          BLOCKING_ENGINE_LOCK_ID: 'h',
        },
        {
          REQUESTING_THREAD_ID: 71,
          BLOCKING_THREAD_ID: 1,
          REQUESTING_ENGINE_LOCK_ID: 'x',
          BLOCKING_ENGINE_LOCK_ID: 'y',
        },
      ],
      [
        {
          ENGINE_LOCK_ID: 'w',
          OBJECT_SCHEMA: 's',
          OBJECT_NAME: 't',
          INDEX_NAME: 'PRIMARY',
          LOCK_MODE: 'X',
        },
        {
          ENGINE_LOCK_ID: 'h',
          OBJECT_SCHEMA: 's',
          OBJECT_NAME: 't',
          INDEX_NAME: 'PRIMARY',
          LOCK_MODE: 'S',
        },
      ],
      (t) => ({ 70: 7, 60: 6, 71: 8 })[t] ?? null,
    );
    expect(rows.map(rowLockWaitFrom)).toEqual([
      {
        kind: 'row',
        waitingId: 7,
        blockingId: 6,
        schema: 's',
        object: 't',
        index: 'PRIMARY',
        waitingMode: 'X',
        blockingMode: 'S',
        granted: true,
      },
    ]);
  });
});
