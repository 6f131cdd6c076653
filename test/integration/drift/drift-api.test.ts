import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftRun } from '../../../src/shared/api/drift';
import { connectTo, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession, saveConnection } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// Data drift through the backend API on a real MySQL 9.7 source + replica: the replica is a
// saved connection, its channel found by server UUID, progress pushed as events, the fix run
// only as confirmed and never on a read-only connection.

failOnUnhandledErrors();
const topology = useTopology('mysql', 1);

describe('data drift through the backend API (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica: RunningServer;
  let onSource: string;
  const saved: Record<string, string> = {};

  const save = (name: string, server: RunningServer, readOnly = false) =>
    saveConnection(b, server, name, { readOnly });
  const finished = async (runId: string): Promise<DriftRun> => {
    for (;;) {
      const s = await b.call('drift.status', { runId });
      if (!s.ok) throw new Error(s.error.message);
      if (s.value.state !== 'running') return s.value;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const start = async (replicaConnectionId: string) =>
    b.call('drift.start', {
      sessionId: onSource,
      replicaConnectionId,
      tables: [
        { schema: 'd', table: 'items' },
        { schema: 'd', table: 'nokey' },
      ],
      chunkRows: 100,
      allowApplierPause: true,
    });

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    await withConnection(source, async (c) => {
      await c.query('CREATE DATABASE d');
      await c.query('CREATE TABLE d.items (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL)');
      await c.query('CREATE TABLE d.nokey (x INT)');
      const rows = Array.from({ length: 1000 }, (_, i) => [i + 1, `item ${i + 1}`]);
      await c.query('INSERT INTO d.items VALUES ?', [rows]);
    });
    await waitForCatchUp(source, replica);
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("UPDATE d.items SET name = 'changed' WHERE id = 500");
    });
    // A fix waits 2 s at most for a locked table here (30 s in the app).
    b = await startBackend({ driftFixLockWaitSeconds: 2 });
    onSource = await openSession(b, source, 'source');
    saved.replica = await save('replica', replica);
    saved.replicaReadOnly = await save('replica (read-only)', replica, true);
    saved.sourceAgain = await save('source again', source);
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('refuses a connection to the same server, or to one that is not a replica of it', async () => {
    const same = await start(saved.sourceAgain!);
    expect(same).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', field: 'replicaConnectionId' },
    });
    if (!same.ok)
      expect(same.error.message).toBe(
        'The replica connection reaches the same server as this session.',
      );
    // The other way round: a session on the replica, and its source offered as "the replica".
    const onReplica = await openSession(b, replica, 'replica session');
    const backwards = await b.call('drift.start', {
      sessionId: onReplica,
      replicaConnectionId: saved.sourceAgain!,
      tables: [{ schema: 'd', table: 'items' }],
      chunkRows: 100,
      allowApplierPause: true,
    });
    expect(backwards).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', field: 'replicaConnectionId' },
    });
    if (!backwards.ok)
      expect(backwards.error.message).toBe(
        '“source again” does not replicate from “replica session” (none of its replication channels has that server as its source), so there is no point at which both can be read alike. Pick a replica of “replica session”.',
      );
    await b.call('session.close', { sessionId: onReplica });
  });

  it('compares, reports progress, and finds the changed row; a keyless table is said to be', async () => {
    const started = await start(saved.replica!);
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value).toMatchObject({ state: 'running', channel: '', replicaName: 'replica' });
    const run = await finished(started.value.runId);
    expect(run.state).toBe('done');
    expect(run.rowsDone).toBe(1000);
    const [items, nokey] = run.results;
    expect(items).toMatchObject({
      schema: 'd',
      table: 'items',
      key: { index: 'PRIMARY', columns: ['id'] },
      // Ten chunks of 100 rows, and the open one past the last key, where extra rows would be.
      chunks: 11,
      chunksDiffering: 1,
      rows: 1000,
      differences: [{ kind: 'changed', key: ['500'], columns: ['name'] }],
      differencesTotal: 1,
      fix: [
        'SET SESSION sql_log_bin = 0',
        "UPDATE `d`.`items` SET `name` = _utf8mb4 X'6974656D20353030' WHERE `id` = 500 AND CAST(`name` AS BINARY) = X'6368616E676564' LIMIT 1",
      ],
    });
    expect(nokey).toMatchObject({ table: 'nokey', key: null, chunks: 0 });
    expect(nokey!.skipped).toMatch(/^No primary key/);
    // The last event comes once the run's own connections are closed, a moment after the
    // status says done.
    const lastState = () =>
      (b.events.filter((e) => e.name === 'drift.update').at(-1)?.payload as DriftRun | undefined)
        ?.state;
    await expect.poll(lastState, { timeout: 10_000 }).toBe('done');

    const wrong = await b.call('drift.fix', {
      runId: run.runId,
      schema: 'd',
      table: 'items',
      confirmSql: 'DELETE FROM d.items',
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const fixed = await b.call('drift.fix', {
      runId: run.runId,
      schema: 'd',
      table: 'items',
      confirmSql: items!.fix.join(';\n'),
    });
    expect(fixed).toEqual({
      ok: true,
      value: { ran: 2, skipped: [], failedStatement: null, error: null },
    });
    const again = await start(saved.replica!);
    if (!again.ok) throw new Error(again.error.message);
    const after = await finished(again.value.runId);
    expect(after.results[0]).toMatchObject({ differencesTotal: 0, fix: [] });
  });

  it('gives a fix up when the table stays locked on the replica, saying what did not run', async () => {
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("UPDATE d.items SET name = 'drifted' WHERE id = 9");
    });
    const started = await start(saved.replica!);
    if (!started.ok) throw new Error(started.error.message);
    const run = await finished(started.value.runId);
    const fix = run.results[0]!.fix;
    expect(fix).toHaveLength(2);
    // The replica's table is held by another session (DDL the applier runs would do the same).
    const fixed = await withConnection(replica, async (locker) => {
      await locker.query('LOCK TABLES d.items WRITE');
      try {
        return await b.call('drift.fix', {
          runId: run.runId,
          schema: 'd',
          table: 'items',
          confirmSql: fix.join(';\n'),
        });
      } finally {
        await locker.query('UNLOCK TABLES');
      }
    });
    expect(fixed).toMatchObject({
      ok: true,
      value: {
        ran: 1,
        failedStatement: fix[1],
        error: {
          serverCode: 1205,
          message:
            'd.items stayed locked on the replica for 2 s (DDL its applier runs, a LOCK TABLES, or a transaction left open), so this statement did not run, nor the ones after it. Compare again once the replica is free: the statements that ran are not listed again.',
        },
      },
    });
    // Then it goes through.
    const again = await b.call('drift.fix', {
      runId: run.runId,
      schema: 'd',
      table: 'items',
      confirmSql: fix.join(';\n'),
    });
    expect(again).toEqual({
      ok: true,
      value: { ran: 2, skipped: [], failedStatement: null, error: null },
    });
  });

  it('stops a fix on Cancel, in the statement that waits for the table', async () => {
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("UPDATE d.items SET name = 'drifted again' WHERE id = 11");
    });
    const started = await start(saved.replica!);
    if (!started.ok) throw new Error(started.error.message);
    const run = await finished(started.value.runId);
    const fix = run.results[0]!.fix;
    expect(fix).toHaveLength(2);
    const target = { runId: run.runId, schema: 'd', table: 'items' };
    expect(await b.call('drift.cancelFix', target)).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    const fixed = await withConnection(replica, async (locker) => {
      await locker.query('LOCK TABLES d.items WRITE');
      try {
        const fixing = b.call('drift.fix', { ...target, confirmSql: fix.join(';\n') });
        await expect
          .poll(
            async () => {
              const [rows] = await locker.query(
                "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE STATE = 'Waiting for table metadata lock' AND INFO LIKE '%UPDATE `d`.`items`%'",
              );
              return Number((rows as Array<{ n: unknown }>)[0]!.n);
            },
            { timeout: 1500, interval: 20 },
          )
          .toBe(1);
        expect(await b.call('drift.cancelFix', target)).toEqual({
          ok: true,
          value: { cancelled: true },
        });
        return await fixing;
      } finally {
        await locker.query('UNLOCK TABLES');
      }
    });
    // Stopped by the KILL, not by the 2 s lock wait (1205).
    expect(fixed).toMatchObject({
      ok: true,
      value: {
        ran: 1,
        failedStatement: fix[1],
        error: {
          code: 'CANCELLED',
          message:
            'Stopped by user after 0 of 1 statement: each commits on its own, so the rows they repaired stay repaired. Compare again to see what is left.',
        },
      },
    });
    await withConnection(replica, async (c) => {
      const [rows] = await c.query('SELECT name FROM d.items WHERE id = 11');
      expect((rows as Array<{ name: string }>)[0]!.name).toBe('drifted again');
    });
    expect(await b.call('drift.cancelFix', target)).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    const again = await b.call('drift.fix', { ...target, confirmSql: fix.join(';\n') });
    expect(again).toEqual({
      ok: true,
      value: { ran: 2, skipped: [], failedStatement: null, error: null },
    });
  });

  it('never writes through a read-only replica connection', async () => {
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query('DELETE FROM d.items WHERE id = 7');
    });
    const started = await start(saved.replicaReadOnly!);
    if (!started.ok) throw new Error(started.error.message);
    const run = await finished(started.value.runId);
    expect(run.results[0]!.differences).toEqual([{ kind: 'missing', key: ['7'] }]);
    const refused = await b.call('drift.fix', {
      runId: run.runId,
      schema: 'd',
      table: 'items',
      confirmSql: run.results[0]!.fix.join(';\n'),
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/is read-only/);
  });

  it('waits while the source runs more threads than allowed, says why, and keeps one connection per server meanwhile', async () => {
    // Two statements running on the source for 4 s: over a limit of 1.
    const busy = Promise.all(
      [0, 1].map(() => withConnection(source, (c) => c.query('SELECT SLEEP(4)'))),
    );
    await new Promise((r) => setTimeout(r, 200));
    // The servers' count of connections ever opened, read on links kept for the test.
    const watchers = await Promise.all([source, replica].map((s) => connectTo(s)));
    const connectionsOpened = () =>
      Promise.all(
        watchers.map(async (w) => {
          const [rows] = await w.query<mysql.RowDataPacket[]>(
            "SHOW GLOBAL STATUS LIKE 'Connections'",
          );
          return Number(rows[0]!.Value);
        }),
      );
    try {
      const started = await b.call('drift.start', {
        sessionId: onSource,
        replicaConnectionId: saved.replica!,
        tables: [{ schema: 'd', table: 'items' }],
        maxThreadsRunning: 1,
        allowApplierPause: true,
      });
      if (!started.ok) throw new Error(started.error.message);
      const status = async () => {
        const s = await b.call('drift.status', { runId: started.value.runId });
        if (!s.ok) throw new Error(s.error.message);
        return s.value;
      };
      const reasons = new Set<string>();
      let whileWaiting: number[] | null = null;
      let run: DriftRun;
      for (;;) {
        const s = await status();
        if (s.throttled) reasons.add(s.throttled);
        if (s.throttled && !whileWaiting) {
          // Two and a half seconds of waiting: at least two checks of lag and load.
          const before = await connectionsOpened();
          await new Promise((r) => setTimeout(r, 2500));
          const after = await connectionsOpened();
          expect((await status()).throttled).not.toBeNull();
          whileWaiting = after.map((n, i) => n - before[i]!);
        }
        if (s.state !== 'running') {
          run = s;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      await busy;
      expect([...reasons]).toEqual(['waiting: the source runs 2 statements (limit 1)']);
      expect(whileWaiting).toEqual([0, 0]);
      expect(run.state).toBe('done');
      expect(run.throttled).toBeNull();
    } finally {
      await Promise.all(watchers.map((w) => w.end()));
    }
  });

  it('reads the source load from Threads_running when the account cannot see other sessions', async () => {
    // An account with what the comparison needs on the source, and no PROCESS privilege.
    await withConnection(source, (c) =>
      c.query(
        `CREATE USER 'drift_low'@'%' IDENTIFIED BY 'drift-low-pw';
         GRANT SELECT, LOCK TABLES ON d.* TO 'drift_low'@'%';`,
      ),
    );
    const lowSession = await openSession(
      b,
      { ...source, user: 'drift_low', password: 'drift-low-pw', socket: null },
      'source (no PROCESS)',
    );
    // Idle, Threads_running counts the asking thread and the replica's binlog dump thread: the
    // limit is set just above that, so the two sleeps go over it.
    const idle = await withConnection(source, async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        "SHOW GLOBAL STATUS LIKE 'Threads_running'",
      );
      return Number(rows[0]!.Value) - 1;
    });
    const busy = Promise.all(
      [0, 1].map(() => withConnection(source, (c) => c.query('SELECT SLEEP(2)'))),
    );
    await new Promise((r) => setTimeout(r, 200));
    const started = await b.call('drift.start', {
      sessionId: lowSession,
      replicaConnectionId: saved.replica!,
      tables: [{ schema: 'd', table: 'items' }],
      maxThreadsRunning: idle + 1,
      allowApplierPause: true,
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.loadNote).toMatch(/^The source’s load is read from Threads_running/);
    const reasons = new Set<string>();
    let run: DriftRun;
    for (;;) {
      const s = await b.call('drift.status', { runId: started.value.runId });
      if (!s.ok) throw new Error(s.error.message);
      if (s.value.throttled) reasons.add(s.value.throttled);
      if (s.value.state !== 'running') {
        run = s.value;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await busy;
    // The two sleeps at least; a thread of the server's own may run at the moment of a read.
    expect(reasons.size).toBeGreaterThan(0);
    for (const reason of reasons) {
      const m = /^waiting: the source runs (\d+) threads \(Threads_running, limit (\d+)\)$/.exec(
        reason,
      );
      expect(m, reason).not.toBeNull();
      expect(Number(m![2])).toBe(idle + 1);
      expect(Number(m![1])).toBeGreaterThanOrEqual(idle + 2);
    }
    expect(run.state).toBe('done');
    expect(run.results[0]).toMatchObject({ table: 'items', rows: 1000 });
  });

  it('stops when cancelled, between chunks', async () => {
    const started = await b.call('drift.start', {
      sessionId: onSource,
      replicaConnectionId: saved.replica!,
      tables: Array.from({ length: 100 }, () => ({ schema: 'd', table: 'items' })),
      chunkRows: 100,
      allowApplierPause: true,
    });
    if (!started.ok) throw new Error(started.error.message);
    const cancelled = await b.call('drift.cancel', { runId: started.value.runId });
    expect(cancelled).toEqual({ ok: true, value: { cancelled: true } });
    const run = await finished(started.value.runId);
    expect(run.state).toBe('cancelled');
    expect(run.error?.message).toBe('Comparison cancelled.');
    expect(run.results.length).toBeLessThan(100);
    // The replica's applier runs again.
    const running = await withConnection(replica, async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>('SHOW REPLICA STATUS');
      return String(rows[0]!.Replica_SQL_Running);
    });
    expect(running).toBe('Yes');
  });
  it('leaves alone rows that changed since the comparison, rather than set them back', async () => {
    // Equal first, whatever the tests before left.
    const first = await start(saved.replica!);
    if (!first.ok) throw new Error(first.error.message);
    const before = (await finished(first.value.runId)).results[0]!;
    if (before.fix.length > 0) {
      const made = await b.call('drift.fix', {
        runId: first.value.runId,
        schema: 'd',
        table: 'items',
        confirmSql: before.fix.join(';\n'),
      });
      expect(made).toMatchObject({ ok: true, value: { skipped: [], error: null } });
    }
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("UPDATE d.items SET name = 'drifted' WHERE id = 21");
      await c.query('DELETE FROM d.items WHERE id = 22');
      await c.query("INSERT INTO d.items VALUES (5000, 'only here')");
    });
    const started = await start(saved.replica!);
    if (!started.ok) throw new Error(started.error.message);
    const run = await finished(started.value.runId);
    const fix = run.results[0]!.fix;
    expect(fix.map((f) => f.split(' ')[0])).toEqual(['SET', 'UPDATE', 'INSERT', 'DELETE']);
    // Then, before the fix runs: the source's newer write reaches the replica, the missing row
    // comes back there, and the extra one changes.
    await withConnection(source, (c) => c.query("UPDATE d.items SET name = 'newer' WHERE id = 21"));
    await waitForCatchUp(source, replica);
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("INSERT INTO d.items VALUES (22, 'item 22')");
      await c.query("UPDATE d.items SET name = 'touched' WHERE id = 5000");
    });
    const fixed = await b.call('drift.fix', {
      runId: run.runId,
      schema: 'd',
      table: 'items',
      confirmSql: fix.join(';\n'),
    });
    expect(fixed).toEqual({
      ok: true,
      value: { ran: 4, skipped: fix.slice(1), failedStatement: null, error: null },
    });
    const rows = await withConnection(replica, async (c) => {
      const [r] = await c.query(
        'SELECT id, name FROM d.items WHERE id IN (21, 22, 5000) ORDER BY id',
      );
      return r;
    });
    // Not set back to what the source had at the comparison ('drifted' -> 'item 21').
    expect(rows).toEqual([
      { id: 21, name: 'newer' },
      { id: 22, name: 'item 22' },
      { id: 5000, name: 'touched' },
    ]);
    const again = await start(saved.replica!);
    if (!again.ok) throw new Error(again.error.message);
    expect((await finished(again.value.runId)).results[0]!.differences).toEqual([
      { kind: 'extra', key: ['5000'] },
    ]);
  });
});
