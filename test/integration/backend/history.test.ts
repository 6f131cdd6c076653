import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { MethodParams } from '../../../src/shared/api/contract';
import type { HistoryEntry } from '../../../src/shared/api/history';
import type { QueryStatus } from '../../../src/shared/api/query';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';

failOnUnhandledErrors();

const DB = 'sl_history_test';
const USER = 'sl_history_u';

async function saveConnection(
  b: BackendUnderTest,
  s: ServerEndpoint,
  name: string,
  user = s.user,
  password = s.password,
): Promise<string> {
  const saved = await b.call('connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name,
      color: 'teal',
      endpoint: { kind: 'tcp', host: s.host, port: s.port },
      user,
      passwordMode: password === '' ? 'none' : 'saved',
    },
    secrets: password === '' ? {} : { password },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value.id;
}

async function openSession(b: BackendUnderTest, connectionId: string): Promise<string> {
  const opened = await b.call('session.open', { connectionId });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.sessionId;
}

async function waitDone(b: BackendUnderTest, queryId: string): Promise<QueryStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await b.call('query.status', { queryId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline) throw new Error(`still running: ${s.value.sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function run(b: BackendUnderTest, sessionId: string, sql: string): Promise<QueryStatus> {
  const started = await b.call('query.start', { sessionId, sql });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  return waitDone(b, started.value.queryId);
}

async function search(
  b: BackendUnderTest,
  params: MethodParams<'history.search'>,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const r = await b.call('history.search', params);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe('query history through the backend (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let rootId: string;
  let limitedId: string;
  let session: string;
  let startedAt: number;
  const servers = testServers();

  beforeAll(async () => {
    b = await startBackend();
    rootId = await saveConnection(b, servers.mysql, 'History root');
    session = await openSession(b, rootId);
    const setup = await openSession(b, rootId);
    await run(b, setup, `DROP DATABASE IF EXISTS ${DB}`);
    await run(b, setup, `DROP USER IF EXISTS '${USER}'@'%'`);
    await b.call('session.close', { sessionId: setup });
    await b.call('history.clear', {});
    startedAt = Date.now();
  });

  afterAll(async () => {
    if (session) {
      await run(b, session, `DROP DATABASE IF EXISTS ${DB}`);
      await run(b, session, `DROP USER IF EXISTS '${USER}'@'%'`);
    }
    await b?.dispose();
  });

  it('records every statement with its connection, schema, timing, rows and outcome', async () => {
    const statements = [
      'SELECT 1 AS one',
      `CREATE DATABASE ${DB}`,
      `USE ${DB}`,
      'CREATE TABLE t (a INT PRIMARY KEY)',
      'INSERT INTO t VALUES (1), (2), (3)',
      'SELECT * FROM t ORDER BY a',
      'SELECT * FROM no_such_table',
    ];
    const statuses: QueryStatus[] = [];
    for (const sql of statements) statuses.push(await run(b, session, sql));
    expect(statuses.map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'done',
      'error',
    ]);

    const started = await b.call('query.start', { sessionId: session, sql: 'SELECT SLEEP(20)' });
    if (!started.ok) throw new Error(started.error.message);
    await new Promise((r) => setTimeout(r, 300));
    await b.call('query.cancel', { queryId: started.value.queryId });
    const cancelled = await waitDone(b, started.value.queryId);
    expect(cancelled.state).toBe('cancelled');

    const { entries, nextCursor } = await search(b, { limit: 100 });
    expect(nextCursor).toBeNull();
    // Numbers go on after a clear (the setup's two statements were 0 and 1).
    expect(entries.map((e) => e.seq)).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
    const common = {
      connectionId: rootId,
      connectionName: 'History root',
      connectionColor: 'teal',
      sqlTruncated: false,
    };
    const expected = [
      {
        sql: 'SELECT SLEEP(20)',
        schema: DB,
        state: 'cancelled',
        rows: cancelled.columns ? cancelled.rowCount : null,
        affectedRows: cancelled.columns ? null : cancelled.affectedRows,
      },
      { sql: 'SELECT * FROM no_such_table', schema: DB, state: 'error', rows: null },
      { sql: 'SELECT * FROM t ORDER BY a', schema: DB, state: 'done', rows: 3, affectedRows: null },
      {
        sql: 'INSERT INTO t VALUES (1), (2), (3)',
        schema: DB,
        state: 'done',
        rows: null,
        affectedRows: 3,
        error: null,
      },
      { sql: 'CREATE TABLE t (a INT PRIMARY KEY)', schema: DB, rows: null, affectedRows: 0 },
      // The schema a statement started in: USE itself ran without one.
      { sql: `USE ${DB}`, schema: null, state: 'done', rows: null, affectedRows: 0 },
      { sql: `CREATE DATABASE ${DB}`, schema: null, rows: null, affectedRows: 1 },
      { sql: 'SELECT 1 AS one', schema: null, state: 'done', rows: 1, affectedRows: null },
    ];
    expect(entries).toMatchObject(
      expected.map((e) => ({ ...common, ...e, sqlLength: e.sql.length })),
    );
    expect(entries[0]!.error).toEqual({ code: 'CANCELLED', message: 'Cancelled by user.' });
    expect(entries[1]!.error).toEqual({
      code: 'SERVER_ERROR',
      serverCode: 1146,
      sqlState: '42S02',
      message: `The server reported an error: Table '${DB}.no_such_table' doesn't exist (1146, SQLSTATE 42S02).`,
    });
    expect(entries[1]!.rows).toBeNull();
    expect(entries[1]!.affectedRows).toBeNull();

    // Times: ISO with the zone, in order, and durations as the statuses reported them.
    for (const e of entries) {
      expect(e.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(e.startedAt)).toBeGreaterThanOrEqual(startedAt - 5);
      expect(Date.parse(e.startedAt)).toBeLessThanOrEqual(Date.now());
    }
    const starts = entries.map((e) => Date.parse(e.startedAt));
    expect([...starts].sort((x, y) => y - x)).toEqual(starts);
    expect(entries.map((e) => e.durationMs)).toEqual(
      [cancelled, ...statuses.slice().reverse()].map((s) => s.elapsedMs),
    );
    expect(entries[0]!.durationMs).toBeGreaterThan(250);
  });

  it('finds statements by text and error message, by connection, a page at a time', async () => {
    expect((await search(b, { text: 'NO_SUCH', limit: 10 })).entries.map((e) => e.sql)).toEqual([
      'SELECT * FROM no_such_table',
    ]);
    expect((await search(b, { text: "doesn't EXIST", limit: 10 })).entries).toHaveLength(1);
    const first = await search(b, { text: 'select', limit: 2 });
    expect(first.entries.map((e) => e.sql)).toEqual([
      'SELECT SLEEP(20)',
      'SELECT * FROM no_such_table',
    ]);
    const second = await search(b, { text: 'select', limit: 2, before: first.nextCursor! });
    expect(second.entries.map((e) => e.sql)).toEqual([
      'SELECT * FROM t ORDER BY a',
      'SELECT 1 AS one',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await search(b, { connectionId: 'someone-else', limit: 10 })).entries).toEqual([]);
    expect(await b.call('history.search', { limit: 501 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', field: 'limit' },
    });
  });

  it('follows the default schema across a reconnect', async () => {
    const other = await openSession(b, rootId);
    const id = await run(b, session, 'SELECT CONNECTION_ID()');
    const rows = await b.call('query.rows', { queryId: id.queryId, offset: 0, limit: 1 });
    if (!rows.ok) throw new Error(rows.error.message);
    await run(b, other, `KILL ${String(rows.value.rows[0]![0])}`);
    await b.nextEvent('session.lost');
    // The session had run USE: said once, not run, before anything runs in the default schema.
    const refused = await run(b, session, 'SELECT DATABASE()');
    expect(refused.error?.code).toBe('SESSION_RESET');
    const after = await run(b, session, 'SELECT DATABASE()');
    const db = await b.call('query.rows', { queryId: after.queryId, offset: 0, limit: 1 });
    expect(db.ok && db.value.rows).toEqual([[null]]);
    await b.call('session.close', { sessionId: other });

    const { entries } = await search(b, { text: 'database()', limit: 1 });
    expect(entries[0]).toMatchObject({ sql: 'SELECT DATABASE()', schema: null, state: 'done' });
    const connectionId = await search(b, { text: 'connection_id', limit: 1 });
    expect(connectionId.entries[0]!.schema).toBe(DB);
    await run(b, session, `USE ${DB}`);
  });

  it('keeps passwords out of the history file, masked in statements and errors', async () => {
    await run(b, session, `CREATE USER '${USER}'@'%' IDENTIFIED BY 'Secret-Pw-1'`);
    // A syntax error quotes the statement back, secret included.
    const typo = await run(b, session, `CREATE USERR '${USER}'@'%' IDENTIFIED BY 'Secret-Pw-3'`);
    expect(typo.error?.message).toContain('Secret-Pw-3');
    // As a user without the privilege, so the shared server's replication is left alone.
    limitedId = await saveConnection(b, servers.mysql, 'History limited', USER, 'Secret-Pw-1');
    const limited = await openSession(b, limitedId);
    const change = await run(
      b,
      limited,
      "CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD='Secret-Pw-2'",
    );
    expect(change.state).toBe('error');
    await b.call('session.close', { sessionId: limited });

    const { entries } = await search(b, { limit: 3 });
    expect(entries.map((e) => [e.sql, e.connectionName, e.state, e.error?.serverCode])).toEqual([
      [
        "CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD='***'",
        'History limited',
        'error',
        change.error!.serverCode,
      ],
      [`CREATE USERR '${USER}'@'%' IDENTIFIED BY '***'`, 'History root', 'error', 1064],
      [`CREATE USER '${USER}'@'%' IDENTIFIED BY '***'`, 'History root', 'done', undefined],
    ]);
    expect(entries[1]!.error!.message).toContain("near '***' at line 1");
    expect((await search(b, { text: 'secret-pw', limit: 10 })).entries).toEqual([]);

    const file = path.join(b.dataDir, 'history.jsonl');
    // The line is written just after the statement is reported finished.
    await expect.poll(() => readFile(file, 'utf8')).toContain("SOURCE_PASSWORD='***'");
    const bytes = await readFile(file);
    for (const secret of ['Secret-Pw-1', 'Secret-Pw-2', 'Secret-Pw-3']) {
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("clears one connection's history, then all of it", async () => {
    const before = (await search(b, { limit: 500 })).entries.length;
    expect(await b.call('history.clear', { connectionId: limitedId })).toEqual({
      ok: true,
      value: { removed: 1 },
    });
    const left = (await search(b, { limit: 500 })).entries;
    expect(left).toHaveLength(before - 1);
    expect(left.every((e) => e.connectionId === rootId)).toBe(true);
    expect(await b.call('history.clear', {})).toEqual({
      ok: true,
      value: { removed: before - 1 },
    });
    expect((await search(b, { limit: 500 })).entries).toEqual([]);
    expect(await readFile(path.join(b.dataDir, 'history.jsonl'), 'utf8')).toBe('');
  });
});
