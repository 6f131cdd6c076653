// One oversized statement used to close browser mode's WebSocket (16 MiB frames), and with it
// every session of the page: an open transaction in another editor was rolled back. Here a page's
// own transport and api client (run in Node over the `ws` WebSocket, which speaks the browser's
// API) send big statements in one session while another session of the same page holds an open
// transaction.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSocketTransport } from '../../src/renderer/app/ws-transport';
import { createApiClient, type ApiClient } from '../../src/shared/api/client';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { ApiError } from '../../src/shared/api/errors';
import { statusAfterUpdate, type QueryStatus } from '../../src/shared/api/query';
import { queryRow, withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import type { ServerKind } from '../servers/server-kind';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const kinds: Array<[string, ServerKind]> = [
  ['MariaDB 10.11', 'mariadb'],
  ['MySQL 9.7', 'mysql'],
];

/** The browser's WebSocket as a page of `app` has it: its Origin goes along. */
function pageWebSocket(app: RunningWebApp) {
  const origin = `http://127.0.0.1:${app.port}`;
  return class PageWebSocket extends WebSocket {
    constructor(url: string, protocols: string[]) {
      super(url, protocols, { origin });
    }
  };
}

/** Stands in once the test is over, so the transport's reconnect attempts go nowhere. */
class InertWebSocket {}

describe.each(kinds)('oversized statements beside an open transaction (%s)', (_name, kind) => {
  // 32 MiB: above the old 16 MiB frame limit and MariaDB's default, below the 64 MiB ceiling.
  const server = useDedicatedServer(kind, { extraArgs: ['--max-allowed-packet=32M'] });
  let app: RunningWebApp;
  let api: ApiClient;
  const states: string[] = [];
  let inTransaction: string;
  let big: string;

  /** Runs `sql` in `sessionId` and returns its final status (never the statement itself in a failure). */
  async function run(sessionId: string, sql: string): Promise<QueryStatus> {
    const started = await api.call('query.start', { sessionId, sql });
    if (started.state !== 'running') return started;
    return new Promise((resolve, reject) => {
      const off = api.on('query.update', (s) => {
        if (s.queryId !== started.queryId || s.state === 'running') return;
        off();
        resolve(statusAfterUpdate(started, s));
      });
      // The end may have been announced before this listened.
      api.call('query.status', { queryId: started.queryId }).then((s) => {
        if (s.state === 'running') return;
        off();
        resolve(s);
      }, reject);
    });
  }
  async function firstRow(sessionId: string, sql: string): Promise<unknown[]> {
    const status = await run(sessionId, sql);
    if (status.state !== 'done') throw new Error(`${sql.slice(0, 60)}: ${status.error?.message}`);
    const page = await api.call('query.rows', { queryId: status.queryId, offset: 0, limit: 1 });
    return page.rows[0] ?? [];
  }
  /** What `query.start` answered instead of starting the statement. */
  async function refusal(sessionId: string, sql: string): Promise<ApiError> {
    const e = await api.call('query.start', { sessionId, sql }).then(
      () => new Error('the statement was started'),
      (x: unknown) => x,
    );
    if (!(e instanceof ApiError)) throw e;
    return e;
  }
  const bytesReceived = async () =>
    Number((await firstRow(big, "SHOW SESSION STATUS LIKE 'Bytes_received'"))[1]);

  beforeAll(async () => {
    app = await startWebApp();
    (globalThis as { WebSocket?: unknown }).WebSocket = pageWebSocket(app);
    api = createApiClient(webSocketTransport(`ws://127.0.0.1:${app.port}/api`, app.token));
    api.onBackendState((s) => states.push(s));
    const s = server();
    const saved = await api.call('connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name: 'big statements',
        endpoint: { kind: 'tcp', host: s.host, port: s.port },
        // MariaDB here has no TLS; new connections default to 'required'.
        tls: { mode: 'preferred' },
        user: s.user,
        passwordMode: 'none',
      },
      secrets: {},
    });
    inTransaction = (await api.call('session.open', { connectionId: saved.id })).sessionId;
    big = (await api.call('session.open', { connectionId: saved.id })).sessionId;
    await run(inTransaction, 'CREATE DATABASE sl_big');
    await run(inTransaction, 'CREATE TABLE sl_big.t (id INT PRIMARY KEY) ENGINE=InnoDB');
    await run(inTransaction, 'BEGIN');
    expect(await run(inTransaction, 'INSERT INTO sl_big.t VALUES (1)')).toMatchObject({
      state: 'done',
      inTransaction: true,
    });
  });
  afterAll(async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = InertWebSocket;
    await app?.stop();
  });

  it('runs a 17 MB statement and one of 6M "€" in another session of the page', async () => {
    const ascii = await firstRow(big, `SELECT LENGTH('${'a'.repeat(17_000_000)}')`);
    expect(ascii).toEqual(['17000000']);
    const euros = await firstRow(
      big,
      `SELECT CHAR_LENGTH(s), LENGTH(s) FROM (SELECT '${'€'.repeat(6_000_000)}' AS s) AS d`,
    );
    expect(euros).toEqual(['6000000', '18000000']);

    // The other session kept its connection and its transaction: the row is still its own.
    expect(await firstRow(inTransaction, 'SELECT COUNT(*) FROM sl_big.t')).toEqual(['1']);
    const outside = await withConnection(server(), (c) =>
      queryRow(c, 'SELECT COUNT(*) AS n FROM sl_big.t'),
    );
    expect(Number(outside.n)).toBe(0);
    expect(states).toEqual([]);
  });

  it('refuses statements over max_allowed_packet or the ceiling before sending anything', async () => {
    const connection = await firstRow(big, 'SELECT CONNECTION_ID()');
    const before = await bytesReceived();

    const overPacket = await refusal(big, `SELECT LENGTH('${'a'.repeat(40_000_000)}')`);
    expect(overPacket).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
    expect(overPacket.message).toMatch(
      /^The statement is 38\.1 MiB \(40,000,017 bytes\); this server takes at most 32\.0 MiB \(33,554,428 bytes\) in one statement \(max_allowed_packet = 33554432\), so it was not sent/,
    );

    const overCeiling = await refusal(big, `SELECT LENGTH('${'a'.repeat(70_000_000)}')`);
    expect(overCeiling).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
    expect(overCeiling.message).toBe(
      'Invalid request to query.start: sql: The statement is 66.8 MiB (70,000,017 bytes) of ' +
        'UTF-8, more than the 64 MiB (67,108,864 bytes) Sightline sends in one statement; it was ' +
        'not sent.',
    );

    // JSON writes each control character as six bytes: this one is refused by the page itself,
    // as the WebSocket would have closed over it.
    const overFrame = await refusal(big, `SELECT '${'\u0001'.repeat(68_000_000)}'`);
    expect(overFrame).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(overFrame.message).toMatch(
      /^This request is 389\.\d MiB \([\d,]+ bytes\) as sent, more than the 384\.1 MiB \(402,718,720 bytes\) one message to the backend may take, so it was not sent/,
    );

    // Nothing of them reached the server (only the status queries did), on the same connection.
    expect((await bytesReceived()) - before).toBeLessThan(4096);
    expect(await firstRow(big, 'SELECT CONNECTION_ID()')).toEqual(connection);

    // The open transaction in the other session is intact and commits.
    expect(await firstRow(inTransaction, 'SELECT COUNT(*) FROM sl_big.t')).toEqual(['1']);
    expect(await run(inTransaction, 'COMMIT')).toMatchObject({
      state: 'done',
      inTransaction: false,
    });
    const outside = await withConnection(server(), (c) =>
      queryRow(c, 'SELECT COUNT(*) AS n FROM sl_big.t'),
    );
    expect(Number(outside.n)).toBe(1);
    expect(states).toEqual([]);
    expect(app.process.exitCode).toBeNull();
    expect(app.output()).not.toMatch(/restarting|uncaught|unhandled/i);
  });
});
