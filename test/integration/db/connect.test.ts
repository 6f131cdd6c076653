import { createServer, type Server, type Socket } from 'node:net';
import type { RowDataPacket } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection, type DbConnection } from '../../../src/main/db/open-connection';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { parseServerVersion } from '../../../src/shared/server';
import { queryRow, withConnection } from '../../servers/connect';
import { freePort } from '../../servers/free-port';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor } from './settings';

failOnUnhandledErrors();

const servers = testServers();
const cases: Array<[string, ServerEndpoint, 'mysql' | 'mariadb', string]> = [
  ['MySQL 9.7', servers.mysql, 'mysql', '9.7.'],
  ['MariaDB 10.11', servers.mariadb, 'mariadb', '10.11.'],
  // Optional in the harness (null when it could not be provisioned).
  ...(servers.mariadb118
    ? [
        ['MariaDB 11.8', servers.mariadb118, 'mariadb', '11.8.'] as [
          string,
          ServerEndpoint,
          'mariadb',
          string,
        ],
      ]
    : []),
  ...(servers.mariadb105
    ? [
        ['MariaDB 10.5', servers.mariadb105, 'mariadb', '10.5.'] as [
          string,
          ServerEndpoint,
          'mariadb',
          string,
        ],
      ]
    : []),
];

/** Whether connection `id` still exists on `server`, asked on a separate connection. */
async function sessionExists(server: ServerEndpoint, id: number): Promise<boolean> {
  const row = await withConnection(server, (c) =>
    queryRow(c, 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?', [id]),
  );
  return Number(row.n) > 0;
}

/** The option mysql2 was given for the session: whether one query may carry several statements. */
function driverMultipleStatements(db: DbConnection): unknown {
  return (db.conn as unknown as { connection: { config: { multipleStatements?: unknown } } })
    .connection.config.multipleStatements;
}

describe.each(cases)('%s', (_name, server, flavor, versionPrefix) => {
  it('connects and reads flavor, version and session facts', async () => {
    const db = await openConnection(settingsFor(server), secretsFor(server));
    try {
      const info = await readServerInfo(db.conn, db.viaSsh);
      // Read back independently, on a separate plain mysql2 connection.
      const other = await withConnection(server, (c) =>
        queryRow(
          c,
          'SELECT VERSION() AS version, @@version_comment AS comment, @@hostname AS hostname',
        ),
      );
      expect(info.flavor).toBe(flavor);
      expect(info.versionText).toBe(other.version);
      expect(info.versionText.startsWith(versionPrefix)).toBe(true);
      expect(info.version).toEqual(parseServerVersion(String(other.version)));
      expect(info.versionComment).toBe(other.comment);
      expect(info.hostname).toBe(other.hostname);
      const [rows] = await db.conn.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
      expect(info.connectionId).toBe(Number(rows[0]?.id));
      expect(info.uptimeSeconds).toBeGreaterThan(0);
      expect(info.tlsCipher).toBeNull();
      expect(info.viaSsh).toBe(false);
      expect(db.viaSsh).toBe(false);
      expect(info.timeZone).not.toBe('');
      expect(info.timeZone).not.toBe('SYSTEM');
      expect(info.capabilities.mysqlGtid).toBe(flavor === 'mysql');
      expect(info.capabilities.mariadbGtid).toBe(flavor === 'mariadb');
    } finally {
      await db.close();
    }
  });

  it('close() ends the server session', async () => {
    const db = await openConnection(settingsFor(server), secretsFor(server));
    const [rows] = await db.conn.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
    const id = Number(rows[0]?.id);
    expect(await sessionExists(server, id)).toBe(true);
    await db.close();
    // The server notices the QUIT asynchronously.
    await expect.poll(() => sessionExists(server, id), { timeout: 3000 }).toBe(false);
  });

  it('keeps BIGINT, DECIMAL and dates exact (as strings)', async () => {
    const db = await openConnection(settingsFor(server), secretsFor(server));
    try {
      const [rows] = await db.conn.query<RowDataPacket[]>(
        "SELECT CAST(18446744073709551615 AS UNSIGNED) AS big, CAST('12345678901234567890.123456789' AS DECIMAL(30,9)) AS dec_, " +
          "DATE('2024-02-29') AS d, CAST('2024-02-29 23:59:58.123456' AS DATETIME(6)) AS dt",
      );
      expect(rows[0]).toEqual({
        big: '18446744073709551615',
        dec_: '12345678901234567890.123456789',
        d: '2024-02-29',
        dt: '2024-02-29 23:59:58.123456',
      });
    } finally {
      await db.close();
    }
  });

  it('a wrong password is AUTH_FAILED 1045', async () => {
    const e = await apiFailure(
      // Over TLS where the server has it: without TLS, MySQL's caching_sha2_password asks for
      // the password itself, which is refused on our side (password-exposure.test.ts).
      openConnection(settingsFor(server, { tls: { mode: 'preferred' } }), {
        password: 'definitely-wrong',
      }),
    );
    expect(e.code).toBe('AUTH_FAILED');
    expect(e.serverCode).toBe(1045);
    expect(e.sqlState).toBe('28000');
    expect(e.message).toBe(
      `The server rejected user '${server.user}' — wrong password, or the user may not connect from this host (1045).`,
    );
  });

  it('a login with no password where one is needed says no password was sent (1045)', async () => {
    const user = `sl_nopw_${process.pid}`;
    await withConnection(server, (c) =>
      c.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'needs-one'`),
    );
    try {
      const e = await apiFailure(
        openConnection(settingsFor(server, { user, tls: { mode: 'preferred' } }), {}),
      );
      expect(e.code).toBe('AUTH_FAILED');
      expect(e.message).toBe(
        `The server rejected user '${user}' — no password was sent (none is set or saved for this connection), or the user may not connect from this host (1045).`,
      );
    } finally {
      await withConnection(server, (c) => c.query(`DROP USER '${user}'@'%'`));
    }
  });

  it("passwordMode 'ask' without a password is PASSWORD_REQUIRED before any connect", async () => {
    const e = await apiFailure(openConnection(settingsFor(server, { passwordMode: 'ask' }), {}));
    expect(e.code).toBe('PASSWORD_REQUIRED');
    expect(e.field).toBe('password');
  });

  it("passwordMode 'none' sends an empty password (root has none on the test servers)", async () => {
    expect(server.password).toBe('');
    const db = await openConnection(settingsFor(server, { passwordMode: 'none' }), {
      password: 'ignored',
    });
    await db.close();
  });

  it('an unknown default schema is SERVER_ERROR 1049 in plain words', async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { defaultSchema: 'no_such_schema_x' }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.serverCode).toBe(1049);
    expect(e.message).toBe(
      "The database 'no_such_schema_x' does not exist on the server (1049). Check the default schema in the connection settings.",
    );
  });

  it('a known default schema is selected', async () => {
    const db = await openConnection(
      settingsFor(server, { defaultSchema: 'mysql' }),
      secretsFor(server),
    );
    try {
      const [rows] = await db.conn.query<RowDataPacket[]>('SELECT DATABASE() AS db');
      expect(rows[0]?.db).toBe('mysql');
    } finally {
      await db.close();
    }
  });

  it('runs init SQL of several statements one by one (quotes and comments included), never in multi-statement mode', async () => {
    const initSql =
      "SET @a := 'x;y';\n-- a comment; with a semicolon\nSET @b := 'z' /* ; */ ;\n" +
      "SET SESSION sql_mode = 'ANSI_QUOTES,STRICT_TRANS_TABLES'";
    const db = await openConnection(settingsFor(server, { initSql }), secretsFor(server));
    try {
      expect(driverMultipleStatements(db)).toBe(false);
      await expect(db.conn.query('SELECT 1; SELECT 2')).rejects.toMatchObject({ errno: 1064 });
      const [rows] = await db.conn.query<RowDataPacket[]>(
        'SELECT @a AS a, @b AS b, @@SESSION.sql_mode AS mode',
      );
      expect(rows[0]).toEqual({ a: 'x;y', b: 'z', mode: 'ANSI_QUOTES,STRICT_TRANS_TABLES' });
    } finally {
      await db.close();
    }
  });

  it('without init SQL the session refuses multiple statements in one query', async () => {
    const db = await openConnection(settingsFor(server), secretsFor(server));
    try {
      expect(driverMultipleStatements(db)).toBe(false);
      await expect(db.conn.query('SELECT 1; SELECT 2')).rejects.toMatchObject({ errno: 1064 });
    } finally {
      await db.close();
    }
  });

  it('failing init SQL is SERVER_ERROR "Session init SQL failed: ..." and leaves nothing open', async () => {
    const marker = `init-fail-${Date.now()}`;
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { initSql: `SET @m := '${marker}'; SELEC 1` }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.serverCode).toBe(1064);
    expect(e.sqlState).toBe('42000');
    expect(e.message).toMatch(
      /^Session init SQL failed at statement 2 \(line 1: SELEC 1\): You have an error in your SQL syntax; .* \(1064, SQLSTATE 42000\)\.$/,
    );
    // The failed session is gone: no connection of ours is left sleeping on the server.
    const leftOpen = async () =>
      Number(
        (
          await withConnection(server, (c) =>
            queryRow(
              c,
              "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND COMMAND = 'Sleep' AND USER = ?",
              [server.user],
            ),
          )
        ).n,
      );
    await expect.poll(leftOpen, { timeout: 3000 }).toBe(0);
  });

  it('connects over the Unix socket', async () => {
    if (server.socket === null) return; // a server given by URL has no local socket
    const db = await openConnection(
      settingsFor(server, { endpoint: { kind: 'socket', path: server.socket } }),
      secretsFor(server),
    );
    try {
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.flavor).toBe(flavor);
    } finally {
      await db.close();
    }
  });
});

describe('connect failures', () => {
  const server = servers.mariadb;

  it('a port nobody listens on is CONNECTION_REFUSED naming host:port', async () => {
    const port = await freePort();
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { endpoint: { kind: 'tcp', host: '127.0.0.1', port } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe(
      `Nothing is listening on 127.0.0.1:${port} (connection refused). Is the server running, and is the port right?`,
    );
  });

  it('an unknown host is HOST_NOT_FOUND naming it', async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { endpoint: { kind: 'tcp', host: 'nonexistent.invalid', port: 3306 } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('HOST_NOT_FOUND');
    expect(e.message).toBe(
      "The host name 'nonexistent.invalid' could not be found (DNS lookup failed).",
    );
  });

  it('a missing socket file is CONNECTION_REFUSED naming the path', async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { endpoint: { kind: 'socket', path: '/tmp/sightline-no-such.sock' } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe('There is no server socket /tmp/sightline-no-such.sock (no such file).');
  });

  describe('a server that accepts and never speaks', () => {
    let blackhole: Server;
    let port = 0;
    const accepted: Socket[] = [];

    beforeAll(async () => {
      blackhole = createServer((socket) => {
        accepted.push(socket);
        socket.on('error', () => {});
        // Read and drop what the client sends, so its closing is seen ('end', then 'close').
        socket.resume();
      });
      await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
      port = (blackhole.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const s of accepted) s.destroy();
      await new Promise((resolve) => blackhole.close(resolve));
    });

    it('is TIMEOUT within connectTimeoutMs, and our socket is closed', async () => {
      const started = performance.now();
      const e = await apiFailure(
        openConnection(
          settingsFor(server, {
            endpoint: { kind: 'tcp', host: '127.0.0.1', port },
            connectTimeoutMs: 1000,
          }),
          secretsFor(server),
        ),
      );
      const elapsed = performance.now() - started;
      expect(e.code).toBe('TIMEOUT');
      expect(e.message).toBe(
        `Connecting to 127.0.0.1:${port} timed out after 1 s: the server accepted the connection but never sent its greeting.`,
      );
      expect(elapsed).toBeGreaterThanOrEqual(990);
      expect(elapsed).toBeLessThan(1400);
      expect(accepted).toHaveLength(1);
      // The blackhole sees our side close: nothing dangles.
      await expect
        .poll(() => accepted[0]?.closed ?? accepted[0]?.destroyed, { timeout: 1000 })
        .toBe(true);
    });
  });
});
