import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement, waitDone } from './session-helpers';

failOnUnhandledErrors();

const DB = 'sl_trx_state';
const servers = testServers();
const targets: Array<[string, ServerEndpoint]> = [
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ...(servers.mariadb118 ? [['MariaDB 11.8', servers.mariadb118] as [string, ServerEndpoint]] : []),
];

describe.each(targets)('transaction state from the server status flags (%s)', (_name, server) => {
  let b: BackendUnderTest;
  let session: string;

  /** What `session.status` says about the transaction. */
  const sessionSays = async () => {
    const s = await b.call('session.status', { sessionId: session });
    if (!s.ok) throw new Error(s.error.message);
    return s.value.inTransaction;
  };
  /** Runs `sql` and returns the transaction state its final status carries. */
  const after = async (sql: string) => (await runStatement(b, session, sql)).inTransaction;

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, server, 'trx');
    await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}`);
    await runStatement(b, session, `CREATE DATABASE ${DB}`);
    await runStatement(b, session, `USE ${DB}`);
    await runStatement(b, session, 'CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB');
  });
  afterAll(async () => {
    await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}`);
    await b.dispose();
  });

  it('BEGIN opens one, statements inside keep it open, COMMIT closes it', async () => {
    expect(await sessionSays()).toBe(false);
    expect(await after('BEGIN')).toBe(true);
    expect(await sessionSays()).toBe(true);
    expect(await after('INSERT INTO t VALUES (1)')).toBe(true);
    const select = await runStatement(b, session, 'SELECT id FROM t');
    expect(select.inTransaction).toBe(true);
    expect(await resultRows(b, select.queryId)).toEqual([['1']]);
    expect(await after('COMMIT')).toBe(false);
    expect(await sessionSays()).toBe(false);
  });

  it('a statement that starts while one is open reports it open while it runs', async () => {
    expect(await after('START TRANSACTION')).toBe(true);
    const started = await b.call('query.start', { sessionId: session, sql: 'SELECT SLEEP(0.3)' });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value).toMatchObject({ state: 'running', inTransaction: true });
    expect(await waitDone(b, started.value.queryId)).toMatchObject({
      state: 'done',
      inTransaction: true,
    });
    expect(await after('ROLLBACK')).toBe(false);
  });

  it('DDL commits implicitly: the transaction is closed after it', async () => {
    expect(await after('BEGIN')).toBe(true);
    expect(await after('INSERT INTO t VALUES (2)')).toBe(true);
    expect(await after('CREATE TABLE t2 (id INT)')).toBe(false);
    // The insert was committed by the DDL: a rollback cannot take it back.
    await runStatement(b, session, 'ROLLBACK');
    const rows = await runStatement(b, session, 'SELECT COUNT(*) FROM t WHERE id = 2');
    expect(await resultRows(b, rows.queryId)).toEqual([['1']]);
  });

  it('a failed DDL statement still commits: the error leaves the transaction closed', async () => {
    expect(await after('BEGIN')).toBe(true);
    expect(await after('INSERT INTO t VALUES (3)')).toBe(true);
    const failed = await runStatement(b, session, 'DROP TABLE no_such_table');
    expect(failed.state).toBe('error');
    expect(failed.error?.serverCode).toBe(1051);
    expect(failed.inTransaction).toBe(false);
    expect(await sessionSays()).toBe(false);
  });

  it('an error that does not end the transaction leaves it open, and its warnings readable', async () => {
    expect(await after('BEGIN')).toBe(true);
    const failed = await runStatement(b, session, 'SELECT * FROM no_such_table');
    expect(failed.state).toBe('error');
    expect(failed.inTransaction).toBe(true);
    // Reading the state did not clear the error the user may want to see with SHOW WARNINGS.
    const warnings = await runStatement(b, session, 'SHOW WARNINGS');
    const rows = await resultRows(b, warnings.queryId);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([['Error', '1146']]);
    expect(await after('ROLLBACK')).toBe(false);
  });

  it('with autocommit off, the first statement on a table opens one and ROLLBACK ends it', async () => {
    expect(await after('SET autocommit = 0')).toBe(false);
    // No table read: no transaction yet.
    expect(await after('SELECT 1')).toBe(false);
    expect(await after('SELECT id FROM t')).toBe(true);
    expect(await after('ROLLBACK')).toBe(false);
    expect(await after('SET autocommit = 1')).toBe(false);
  });
});
