import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { startTcpRelay } from '../../servers/tcp-relay';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

/**
 * The editor's session means what the mysql and mariadb clients' sessions mean: a statement
 * tried in Sightline does there what it does in the client (and later in the application).
 */
const DB = 'sl_client_like';
const servers = testServers();
const targets: Array<[string, ServerEndpoint]> = [
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ...(servers.mariadb118 ? [['MariaDB 11.8', servers.mariadb118] as [string, ServerEndpoint]] : []),
];

describe.each(targets)("the editor's session is a client's session (%s)", (label, server) => {
  let b: BackendUnderTest;
  let session: string;

  /** The first row of `sql`'s result, as the result grid has it. */
  const firstRow = async (sql: string) => {
    const status = await runStatement(b, session, sql);
    expect(status).toMatchObject({ state: 'done', error: null });
    return (await resultRows(b, status.queryId, 0, 1))[0];
  };

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, server, 'client-like');
    await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}`);
    await runStatement(b, session, `CREATE DATABASE ${DB}`);
    await runStatement(b, session, `USE ${DB}`);
  });
  afterAll(async () => {
    await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}`);
    await b.dispose();
  });

  it("runs with the server's sql_mode, without IGNORE_SPACE", async () => {
    // A client's session starts with the global sql_mode; mysql2 would add IGNORE_SPACE.
    const [session_, global] = (await firstRow('SELECT @@SESSION.sql_mode, @@GLOBAL.sql_mode'))!;
    expect(session_).toBe(global);
    expect(String(session_)).not.toContain('IGNORE_SPACE');

    // A space before `(` is a syntax error after COUNT in the client; IGNORE_SPACE let it run.
    const spaced = await runStatement(b, session, 'SELECT COUNT (*) FROM (SELECT 1 AS x) AS d');
    expect(spaced).toMatchObject({ state: 'error', error: { serverCode: 1064 } });
    // Function names are names here: a table may be called `count`, `now ()` is a stored function.
    expect(await runStatement(b, session, 'CREATE TABLE count (i INT)')).toMatchObject({
      state: 'done',
      error: null,
    });
    const created = await runStatement(
      b,
      session,
      "CREATE FUNCTION now () RETURNS CHAR(6) DETERMINISTIC RETURN 'stored'",
    );
    expect(created).toMatchObject({ state: 'done', error: null });
    expect(await firstRow(`SELECT now (), ${DB}.now()`)).toEqual(['stored', 'stored']);
  });

  it("compares text in the server's own default collation for utf8mb4", async () => {
    const expected: Record<string, string> = {
      'MySQL 9.7': 'utf8mb4_0900_ai_ci',
      'MariaDB 10.11': 'utf8mb4_general_ci',
      'MariaDB 11.8': 'utf8mb4_uca1400_ai_ci',
    };
    const [collation, results] = (await firstRow(
      'SELECT @@collation_connection, @@character_set_results',
    ))!;
    expect(collation).toBe(expected[label]);
    expect(results).toBe('utf8mb4');
    // NO PAD on MySQL 8+ (the mysql client says 0); PAD SPACE on MariaDB's defaults.
    const [padded] = (await firstRow("SELECT 'a' = 'a '"))!;
    expect(padded).toBe(label.startsWith('MySQL') ? '0' : '1');
  });

  it('counts affected rows as the clients do, and says how many matched', async () => {
    await runStatement(b, session, 'CREATE TABLE counted (i INT, v INT)');
    await runStatement(b, session, 'INSERT INTO counted VALUES (1, 0), (2, 5), (3, 5)');
    // Matches 3 rows, changes 1: the clients say "1 row affected", "Rows matched: 3  Changed: 1".
    const updated = await runStatement(b, session, 'UPDATE counted SET v = 5');
    expect(updated).toMatchObject({
      state: 'done',
      affectedRows: 1,
      info: 'Rows matched: 3  Changed: 1  Warnings: 0',
    });
    expect(await firstRow('SELECT ROW_COUNT()')).toEqual(['1']);
    // The info of a multi-row INSERT, as the client prints it; a SELECT has none.
    const inserted = await runStatement(b, session, 'INSERT INTO counted VALUES (4, 0), (5, 0)');
    expect(inserted).toMatchObject({
      affectedRows: 2,
      info: 'Records: 2  Duplicates: 0  Warnings: 0',
    });
    expect(await runStatement(b, session, 'SELECT 1')).toMatchObject({ info: null });
  });

  it('refuses LOAD DATA LOCAL as the clients do by default: the server asks for no file', async () => {
    await runStatement(b, session, 'CREATE TABLE loaded (line VARCHAR(200))');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sl-local-infile-'));
    try {
      const file = path.join(dir, 'secret.txt');
      await writeFile(file, 'local secret\n');
      const status = await runStatement(
        b,
        session,
        `LOAD DATA LOCAL INFILE '${file}' INTO TABLE loaded`,
      );
      // MySQL: "Loading local data is disabled; this must be enabled on both the client and
      // server sides"; MariaDB: "... has disabled the local infile capability".
      expect(status).toMatchObject({
        state: 'error',
        error: { serverCode: server.kind === 'mysql' ? 3948 : 4166 },
      });
      expect(await firstRow('SELECT COUNT(*) FROM loaded')).toEqual(['0']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a server that asks for a local file anyway gets none (MariaDB 10.11)', () => {
  it('sends nothing of the file and says why the statement failed', async () => {
    const server = servers.mariadb;
    // Someone in the middle turns CLIENT_LOCAL_FILES on in the login packet (the first the
    // client sends: this server offers no TLS), so the real server asks for the file.
    const fromClient: Buffer[] = [];
    const relay = await startTcpRelay((client, track) => {
      const upstream = connect(server.port, server.host);
      track(upstream);
      let first = true;
      client.on('data', (chunk: Buffer) => {
        fromClient.push(Buffer.from(chunk));
        if (first && chunk.length >= 8) {
          first = false;
          chunk[4] = chunk[4]! | 0x80;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk) => client.write(chunk));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    const b = await startBackend();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sl-local-infile-'));
    try {
      const session = await openSession(b, { ...server, port: relay.port }, 'hostile');
      await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}_relay`);
      await runStatement(b, session, `CREATE DATABASE ${DB}_relay`);
      await runStatement(b, session, `CREATE TABLE ${DB}_relay.loaded (line VARCHAR(200))`);
      const file = path.join(dir, 'secret.txt');
      await writeFile(file, 'local-secret-7f3a\n');
      const status = await runStatement(
        b,
        session,
        `LOAD DATA LOCAL INFILE '${file}' INTO TABLE ${DB}_relay.loaded`,
      );
      expect(status.state).toBe('error');
      expect(status.error?.message).toBe(
        `The server asked for the local file '${file}' (LOAD DATA LOCAL INFILE). Sightline never sends files from this computer: nothing of it was read or sent, and the server was given an empty file instead. To load a local file, use the mysql or mariadb client with --local-infile.`,
      );
      // The session goes on, and the server loaded nothing.
      const count = await runStatement(b, session, `SELECT COUNT(*) FROM ${DB}_relay.loaded`);
      expect(await resultRows(b, count.queryId)).toEqual([['0']]);
      expect(Buffer.concat(fromClient).includes('local-secret-7f3a')).toBe(false);
      await runStatement(b, session, `DROP DATABASE ${DB}_relay`);
    } finally {
      await b.dispose();
      await relay.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
