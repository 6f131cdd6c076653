import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlterRunStatus } from '../../../src/shared/api/alter';
import { connectTo } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession, runStatement } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// A server that stops answering (SIGSTOP: frozen, as on a stalled disk or behind a network cut;
// its sockets stay open and nothing fails) while an ALTER runs. The ALTER itself may take hours
// and is never timed out, but the progress reads are: the run says since when its figures are
// old and why, instead of showing them as current, and reads again once the server answers.
// Cancel says at once that no KILL could be sent. Before, the progress poll waited as long as
// the server slept with nothing on screen saying so, and Cancel waited a minute and answered
// with the run as it was.

failOnUnhandledErrors();

describe('an ALTER run on a server that stops answering (MySQL 9.7)', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-alter' });
  let b: BackendUnderTest;
  let server: RunningServer;
  let sessionId: string;
  let holder: Connection;

  beforeAll(async () => {
    server = dedicated();
    const c = await connectTo(server);
    try {
      await c.query(`CREATE DATABASE frozen_alter;
        CREATE TABLE frozen_alter.t (id INT PRIMARY KEY, a INT NOT NULL);
        INSERT INTO frozen_alter.t VALUES (1, 1), (2, 2), (3, 3);`);
    } finally {
      await c.end();
    }
    b = await startBackend({ readTimeoutMs: 2_000 });
    sessionId = await openSession(b, server, 'alter');
    await runStatement(b, sessionId, 'USE frozen_alter');
  });
  afterAll(async () => {
    server?.resume();
    holder?.destroy();
    await b?.dispose();
  });

  const updates = (runId: string): AlterRunStatus[] =>
    b.events
      .filter((e) => e.name === 'alter.update')
      .map((e) => e.payload as AlterRunStatus)
      .filter((s) => s.runId === runId);

  async function until<T>(what: string, fn: () => T | undefined | false, ms = 60_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('says its progress is old while the server is silent, and reads it again after', async () => {
    // An open transaction on the table makes the ALTER wait for its metadata lock: a run that
    // goes on, polled, for as long as the test needs.
    holder = await connectTo(server, { database: 'frozen_alter' });
    await holder.query('BEGIN');
    await holder.query('SELECT a FROM t WHERE id = 1');

    const started = await b.call('alter.run', {
      sessionId,
      sql: 'ALTER TABLE t ADD COLUMN b INT',
      lockWaitTimeoutSeconds: 600,
      enableStageInstruments: false,
    });
    if (!started.ok) throw new Error(started.error.message);
    const runId = started.value.runId;
    const waiting = await until('the run to wait for the lock', () =>
      updates(runId).find((s) => s.state === 'waiting-lock' && s.progressReadAt !== null),
    );
    expect(waiting.progressReadError).toBeNull();

    server.pause();
    let cancelled: Awaited<ReturnType<BackendUnderTest['call']>>;
    try {
      const stale = await until('a failed progress read', () =>
        updates(runId).find((s) => s.progressReadError !== null),
      );
      expect(stale.progressReadError).toEqual({
        code: 'CONNECTION_LOST',
        message: `The connection to 127.0.0.1:${server.port} was lost: The server 127.0.0.1:${server.port} did not answer in time.`,
      });
      expect(stale.state).toBe('waiting-lock');
      expect(stale.endedAt).toBeNull();
      // The figures are from the last read before the freeze.
      const lastRead = updates(runId)
        .filter((s) => s.progressReadError === null)
        .at(-1)!;
      expect(stale.progressReadAt).toBe(lastRead.progressReadAt);

      cancelled = await b.call('alter.cancel', { runId });
    } finally {
      server.resume();
    }
    expect(cancelled).toEqual({
      ok: false,
      error: {
        code: 'TIMEOUT',
        message: `The ALTER was not cancelled and may still be running: the server does not answer, so no KILL could be sent (Connecting to 127.0.0.1:${server.port} timed out after 10 s: the server accepted the connection but never sent its greeting). Cancel again once it answers.`,
      },
    });

    const failedAt = updates(runId).length;
    const readAgain = await until('a progress read after the freeze', () =>
      updates(runId)
        .slice(failedAt)
        .find((s) => s.progressReadError === null),
    );
    expect(readAgain.state).toBe('waiting-lock');
    expect(Date.parse(readAgain.progressReadAt!)).toBeGreaterThan(
      Date.parse(waiting.progressReadAt!),
    );

    // The ALTER was never cut: once the transaction in its way ends, it completes.
    await holder.query('COMMIT');
    const done = await until('the run to end', () =>
      updates(runId).find((s) => s.endedAt !== null),
    );
    expect(done.state).toBe('done');
    const [rows] = await holder.query('SHOW COLUMNS FROM t');
    expect((rows as Array<{ Field: string }>).map((r) => r.Field)).toEqual(['id', 'a', 'b']);
  });
});
