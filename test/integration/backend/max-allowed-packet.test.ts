// A statement bigger than the session's max_allowed_packet makes the server drop the connection,
// rolling back the session's open transaction. The backend refuses it instead, before sending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryStatus } from '../../../src/shared/api/query';
import { queryRow, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { ServerKind } from '../../servers/server-kind';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const MiB = 1024 * 1024;
const kinds: Array<[string, ServerKind]> = [
  ['MariaDB 10.11', 'mariadb'],
  ['MySQL 9.7', 'mysql'],
];

/** `SELECT LENGTH('aaa…')` taking `bytes` bytes in all. */
function selectOfSize(bytes: number): string {
  const head = "SELECT LENGTH('";
  const tail = "')";
  return head + 'a'.repeat(bytes - head.length - tail.length) + tail;
}

describe.each(kinds)('statements against max_allowed_packet (%s)', (_name, kind) => {
  // Starts small, so a 2 MiB statement is over it; raised later for new connections.
  const server = useDedicatedServer(kind, { extraArgs: ['--max-allowed-packet=1M'] });
  let b: BackendUnderTest;
  let session: string;

  /** The first row's value in `column` of what `sql` returns. */
  const one = async (sql: string, column = 0): Promise<unknown> => {
    const status = await runStatement(b, session, sql);
    if (status.state !== 'done') throw new Error(`${sql.slice(0, 60)}: ${status.error?.message}`);
    return (await resultRows(b, status.queryId))[0]?.[column];
  };
  const bytesReceived = async () =>
    Number(await one("SHOW SESSION STATUS LIKE 'Bytes_received'", 1));

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, server(), 'packet');
    await one('CREATE DATABASE sl_packet');
    await one('CREATE TABLE sl_packet.t (id INT PRIMARY KEY) ENGINE=InnoDB');
  });
  afterAll(async () => b?.dispose());

  it('refuses one over it with both sizes, sends nothing, and the open transaction goes on', async () => {
    const connectionId = await one('SELECT CONNECTION_ID()');
    await one('BEGIN');
    await one('INSERT INTO sl_packet.t VALUES (1)');
    const before = await bytesReceived();

    const started = await b.call('query.start', { sessionId: session, sql: selectOfSize(2 * MiB) });
    expect(started).toEqual({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        field: 'sql',
        message:
          'The statement is 2 MiB (2,097,152 bytes); this server takes at most 1.0 MiB ' +
          '(1,048,572 bytes) in one statement (max_allowed_packet = 1048576), so it was not ' +
          'sent: the server would have dropped the connection. Raise max_allowed_packet (SET ' +
          'GLOBAL applies to new connections, so reconnect after) or split the statement.',
      },
    });
    // Only the status queries themselves reached the server, not 2 MiB.
    expect((await bytesReceived()) - before).toBeLessThan(4096);
    expect(await one('SELECT CONNECTION_ID()')).toBe(connectionId);
    expect(await one('SELECT COUNT(*) FROM sl_packet.t')).toBe('1');
    // One just within it runs on the same connection, inside the transaction.
    const within = selectOfSize(MiB - 4);
    expect(await one(within)).toBe(String(within.length - "SELECT LENGTH('')".length));
    const commit: QueryStatus = await runStatement(b, session, 'COMMIT');
    expect(commit).toMatchObject({ state: 'done', inTransaction: false });
    expect(await one('SELECT CONNECTION_ID()')).toBe(connectionId);
    const committed = await withConnection(server(), (c) =>
      queryRow(c, 'SELECT COUNT(*) AS n FROM sl_packet.t'),
    );
    expect(Number(committed.n)).toBe(1);
  });

  it('reads the limit again on a new connection (SET GLOBAL applies to new ones)', async () => {
    const connectionId = await one('SELECT CONNECTION_ID()');
    await withConnection(server(), (c) => c.query('SET GLOBAL max_allowed_packet = 4194304'));
    const sql = selectOfSize(2 * MiB);
    // The session's connection keeps the value it started with.
    expect(await b.call('query.start', { sessionId: session, sql })).toMatchObject({
      ok: false,
      error: { field: 'sql', message: expect.stringContaining('max_allowed_packet = 1048576') },
    });
    await withConnection(server(), (c) => c.query(`KILL ${Number(connectionId)}`));
    const status = await b.call('session.status', { sessionId: session });
    expect(status).toMatchObject({ ok: true, value: { reconnected: true } });
    expect(await one(sql)).toBe(String(2 * MiB - "SELECT LENGTH('')".length));
  });
});
