import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement, waitDone } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();
const targets: Array<[string, ServerEndpoint]> = [
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
];

/**
 * A connection lost with state in it (a transaction, USE, SET, temporary tables, locks): the
 * server drops all of it, so the next statement on the new connection would run somewhere else
 * than the user thinks (another schema, outside the transaction, committing at once).
 */
describe.each(targets)('a session that lost its state with its connection (%s)', (name, server) => {
  const A = `sl_reset_a_${name.startsWith('MySQL') ? 'my' : 'ma'}`;
  const B = `sl_reset_b_${name.startsWith('MySQL') ? 'my' : 'ma'}`;
  let b: BackendUnderTest;

  const root = <T>(work: Parameters<typeof withConnection<T>>[1]) => withConnection(server, work);
  /** The session's own connection id, as the server numbers it. */
  const threadOf = async (sessionId: string) => {
    const s = await runStatement(b, sessionId, 'SELECT CONNECTION_ID()');
    return Number((await resultRows(b, s.queryId))[0]![0]);
  };
  /** Kills the session's connection from outside, as a restart or wait_timeout would. */
  const killLink = async (sessionId: string) => {
    const id = await threadOf(sessionId);
    await root((c) => c.query(`KILL CONNECTION ${id}`));
    // Until the backend has seen the socket close: the next statement finds it lost.
    for (let i = 0; i < 100; i++) {
      const s = await b.call('session.status', { sessionId });
      if (s.ok && s.value.reconnected) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const count = async (table: string) =>
    root(async (c) => {
      const [rows] = await c.query(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number((rows as Array<{ n: number }>)[0]!.n);
    });

  beforeAll(async () => {
    b = await startBackend();
    await root((c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${A}; DROP DATABASE IF EXISTS ${B}; CREATE DATABASE ${A};
         CREATE DATABASE ${B}; CREATE TABLE ${A}.t (id INT PRIMARY KEY) ENGINE=InnoDB;
         CREATE TABLE ${B}.t (id INT PRIMARY KEY) ENGINE=InnoDB;`,
      ),
    );
  });
  afterAll(async () => {
    await root((c) => c.query(`DROP DATABASE IF EXISTS ${A}; DROP DATABASE IF EXISTS ${B}`));
    await b.dispose();
  });

  it('refuses the first statement after the loss, saying what was lost, and runs it when asked again', async () => {
    const session = await openSession(b, server, `reset-${A}`, { defaultSchema: A });
    await runStatement(b, session, `USE ${B}`);
    await runStatement(b, session, 'BEGIN');
    await runStatement(b, session, 'INSERT INTO t VALUES (1)');
    await killLink(session);

    const refused = await runStatement(b, session, 'INSERT INTO t VALUES (2)');
    expect(refused.state).toBe('error');
    expect(refused.error?.code).toBe('SESSION_RESET');
    expect(refused.error?.message).toMatch(
      /^The connection was lost \(at \d\d:\d\d:\d\d: .+\) and Sightline connected again, so this statement was not run: /,
    );
    expect(refused.error?.message).toContain(
      'the transaction that was open was rolled back by the server: every change made in it is gone',
    );
    expect(refused.error?.message).toContain(
      `the current schema is \`${A}\` now, where the connection starts, not the one USE chose`,
    );
    // Nothing ran: neither the rolled-back insert nor the refused one is anywhere.
    expect(await count(`${A}.t`)).toBe(0);
    expect(await count(`${B}.t`)).toBe(0);

    // Told once: the same statement, run again, runs in the new session (the default schema).
    const again = await runStatement(b, session, 'INSERT INTO t VALUES (2)');
    expect(again.state).toBe('done');
    expect(await count(`${A}.t`)).toBe(1);
    await root((c) => c.query(`DELETE FROM ${A}.t`));
  });

  it('names SET, temporary tables and locks as gone, without a transaction', async () => {
    const session = await openSession(b, server, `reset2-${A}`, { defaultSchema: A });
    await runStatement(b, session, 'SET @batch = 7, SESSION sql_safe_updates = 1');
    await runStatement(b, session, 'CREATE TEMPORARY TABLE scratch (x INT)');
    await runStatement(b, session, "SELECT GET_LOCK('sl_reset', 0)");
    await killLink(session);
    const refused = await runStatement(b, session, 'SELECT @batch');
    expect(refused.error?.code).toBe('SESSION_RESET');
    const message = refused.error!.message;
    expect(message).not.toContain('transaction');
    expect(message).toContain('session and user variables set with SET are back to their defaults');
    expect(message).toContain('temporary tables are gone');
    expect(message).toContain('locks taken with LOCK TABLES or GET_LOCK() are released');
    const again = await runStatement(b, session, 'SELECT @batch');
    expect(await resultRows(b, again.queryId)).toEqual([[null]]);
  });

  it('an export (which runs the result again) and EXPLAIN are refused once the same way', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sl-reset-'));
    try {
      const session = await openSession(b, server, `reset5-${A}`, { defaultSchema: A });
      await root((c) => c.query(`INSERT INTO ${B}.t VALUES (41), (42)`));
      await runStatement(b, session, `USE ${B}`);
      const source = await runStatement(b, session, 'SELECT id FROM t ORDER BY id');
      expect(await resultRows(b, source.queryId)).toEqual([['41'], ['42']]);
      await killLink(session);

      const file = path.join(dir, 'rows.csv');
      const exportOf = async () => {
        const started = await b.call('query.export', {
          confirmedFolder: true,
          queryId: source.queryId,
          format: 'csv',
          path: file,
        });
        if (!started.ok) throw new Error(started.error.message);
        for (;;) {
          const st = await b.call('export.status', { exportId: started.value.exportId });
          if (!st.ok) throw new Error(st.error.message);
          if (st.value.state !== 'running') return st.value;
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      // Run again in the default schema, it would have written A's (empty) table as the result.
      const refused = await exportOf();
      expect(refused.state).toBe('error');
      expect(refused.error?.code).toBe('SESSION_RESET');
      expect(existsSync(file)).toBe(false);

      await runStatement(b, session, `USE ${B}`);
      await killLink(session);
      const explain = () =>
        b.call('explain.run', { sessionId: session, sql: 'SELECT * FROM t', analyze: false });
      const first = await explain();
      expect(first.ok ? 'ran' : first.error.code).toBe('SESSION_RESET');
      expect((await explain()).ok).toBe(true);
      // Told once, the export runs too (in the new session's schema).
      expect((await exportOf()).state).toBe('done');
      expect(await readFile(file, 'utf8')).toBe('id\r\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await root((c) => c.query(`DELETE FROM ${B}.t`));
    }
  });

  it('a session that only read reconnects and runs the statement, as before', async () => {
    const session = await openSession(b, server, `reset3-${A}`, { defaultSchema: A });
    await runStatement(b, session, 'SELECT COUNT(*) FROM t');
    await runStatement(b, session, 'SHOW TABLES');
    await killLink(session);
    const next = await runStatement(b, session, 'SELECT 1');
    expect(next.state).toBe('done');
    expect(await resultRows(b, next.queryId)).toEqual([['1']]);
  });

  it('a statement that broke with its connection is followed by the refusal too', async () => {
    const session = await openSession(b, server, `reset4-${A}`, { defaultSchema: A });
    await runStatement(b, session, `USE ${B}`);
    const id = await threadOf(session);
    const started = await b.call('query.start', { sessionId: session, sql: 'SELECT SLEEP(30)' });
    if (!started.ok) throw new Error(started.error.message);
    await new Promise((r) => setTimeout(r, 300));
    await root((c) => c.query(`KILL CONNECTION ${id}`));
    const broken = await waitDone(b, started.value.queryId);
    expect(broken.state).toBe('error');
    const refused = await runStatement(b, session, 'DELETE FROM t');
    expect(refused.error?.code).toBe('SESSION_RESET');
    expect(refused.error?.message).toContain(`the current schema is \`${A}\` now`);
  });
});
