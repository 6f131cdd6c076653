import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorShape } from '../../../src/shared/api/errors';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, runStatement, waitDone } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();
/** Init SQL that turned on multi-statement mode before the fix: any will do. */
const INIT = "SET @sightline_guard := 'on'";
/** Init SQL after which a backslash no longer escapes a quote. */
const NO_BACKSLASH_INIT =
  "SET @sightline_guard := 'on'; SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'";
/** One SELECT of a string where a backslash escapes; a SELECT, a DELETE and a comment where not. */
const HIDDEN_DELETE = "SELECT 'a\\'; DELETE FROM t WHERE id = 2; -- '";

/** The refusal of a call, failing the test when the call succeeded. */
function refusal(r: { ok: true } | { ok: false; error: ApiErrorShape }): ApiErrorShape {
  if (r.ok) throw new Error('the call succeeded; it should have been refused');
  return r.error;
}

describe.each([
  ['MariaDB 10.11', () => servers.mariadb],
  ['MySQL 9.7', () => servers.mysql],
] as const)('every path that sends user SQL is guarded, on %s', (_name, server) => {
  let b: BackendUnderTest;
  const DB = `sl_guard_${Math.random().toString(36).slice(2, 8)}`;

  /** The ids left in table t, read on a connection of the test's own. */
  const idsLeft = (): Promise<number[]> =>
    withConnection(server(), async (c) => {
      const [rows] = await c.query(`SELECT id FROM \`${DB}\`.t ORDER BY id`);
      return (rows as Array<{ id: number }>).map((r) => r.id);
    });
  const tablesLeft = (): Promise<string[]> =>
    withConnection(server(), async (c) => {
      const [rows] = await c.query(
        'SELECT TABLE_NAME AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY 1',
        [DB],
      );
      return (rows as Array<{ n: string }>).map((r) => r.n);
    });
  const open = (name: string, options: Parameters<typeof openSession>[3]) =>
    openSession(b, server(), name, { defaultSchema: DB, ...options });

  beforeAll(async () => {
    b = await startBackend();
    await withConnection(server(), (c) =>
      c.query(
        `CREATE DATABASE \`${DB}\`; CREATE TABLE \`${DB}\`.t (id INT PRIMARY KEY);` +
          `CREATE TABLE \`${DB}\`.t2 (id INT PRIMARY KEY); CREATE TABLE \`${DB}\`.t3 (id INT)`,
      ),
    );
  });
  beforeEach(async () => {
    await withConnection(server(), (c) =>
      c.query(`DELETE FROM \`${DB}\`.t; INSERT INTO \`${DB}\`.t VALUES (1), (2), (3)`),
    );
  });
  afterAll(async () => {
    await withConnection(server(), (c) => c.query(`DROP DATABASE IF EXISTS \`${DB}\``));
    await b?.dispose();
  });

  it('explain.run ANALYZE of "SELECT 1; DELETE ..." on a read-only connection with init SQL is refused, naming the DELETE', async () => {
    const session = await open('read-only with init', { readOnly: true, initSql: INIT });
    const r = await b.call('explain.run', {
      sessionId: session,
      sql: 'SELECT 1; DELETE FROM t WHERE id = 2',
      analyze: true,
    });
    expect(await idsLeft()).toEqual([1, 2, 3]);
    expect(refusal(r)).toEqual({
      code: 'INVALID_REQUEST',
      field: 'sql',
      message:
        'EXPLAIN ANALYZE takes one statement, and this text holds 2: nothing was run. ' +
        'The second starts at line 1, column 11: “DELETE FROM t WHERE id = 2”.',
    });
    // The session still explains and analyzes single statements.
    const ok = await b.call('explain.run', {
      sessionId: session,
      sql: 'SELECT id FROM t',
      analyze: true,
    });
    expect(ok.ok).toBe(true);
  });

  it('explain.run without ANALYZE refuses a second statement too', async () => {
    const session = await open('writable with init', { initSql: INIT });
    const r = await b.call('explain.run', {
      sessionId: session,
      sql: 'SELECT 1; DELETE FROM t WHERE id = 2',
      analyze: false,
    });
    expect(await idsLeft()).toEqual([1, 2, 3]);
    expect(refusal(r).message).toContain('“DELETE FROM t WHERE id = 2”');
  });

  it('splits with the session’s sql_mode: a DELETE hidden behind a backslash is seen and refused', async () => {
    const session = await open('read-only, no backslash escapes', {
      readOnly: true,
      initSql: NO_BACKSLASH_INIT,
    });
    const r = await b.call('explain.run', {
      sessionId: session,
      sql: HIDDEN_DELETE,
      analyze: true,
    });
    expect(await idsLeft()).toEqual([1, 2, 3]);
    expect(refusal(r)).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
    expect(refusal(r).message).toContain(
      'The second starts at line 1, column 14: “DELETE FROM t WHERE id = 2”.',
    );
  });

  it('query.start runs one statement per call: "SELECT 1; SELECT 2" and a trailing DELETE are refused', async () => {
    const session = await open('writable with init', { initSql: INIT });
    for (const sql of ['SELECT 1; DELETE FROM t WHERE id = 2', 'SELECT 1; SELECT 2']) {
      const r = await b.call('query.start', { sessionId: session, sql });
      expect(refusal(r)).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
      expect(refusal(r).message).toMatch(
        /^A statement is run on its own .* this text holds 2: nothing was run\./,
      );
    }
    expect(await idsLeft()).toEqual([1, 2, 3]);
    // What the editor's "Run all" sends, one statement per call, still runs.
    for (const sql of ['SELECT 1', 'SELECT 2;', 'DELETE FROM t WHERE id = 3']) {
      expect((await runStatement(b, session, sql)).state).toBe('done');
    }
    expect(await idsLeft()).toEqual([1, 2]);
  });

  it('query.start on a read-only connection runs a possible write only when confirmed a second time', async () => {
    const session = await open('read-only', { readOnly: true, initSql: INIT });
    const refused = await b.call('query.start', {
      sessionId: session,
      sql: 'DELETE FROM t WHERE id = 2',
    });
    expect(refusal(refused)).toEqual({
      code: 'INVALID_REQUEST',
      message:
        '“read-only” is marked read-only and this statement is not known to only read (DELETE removes rows): confirm a second time to run it anyway.',
    });
    expect(await idsLeft()).toEqual([1, 2, 3]);
    expect((await runStatement(b, session, 'SELECT COUNT(*) FROM t')).state).toBe('done');
    const confirmed = await b.call('query.start', {
      sessionId: session,
      sql: 'DELETE FROM t WHERE id = 2',
      readOnlyConfirmed: true,
    });
    if (!confirmed.ok) throw new Error(confirmed.error.message);
    expect((await waitDone(b, confirmed.value.queryId)).state).toBe('done');
    expect(await idsLeft()).toEqual([1, 3]);
  });

  it('an export does not run again a statement that lexes as two under the session’s new sql_mode', async () => {
    const session = await open('export', { initSql: INIT });
    const first = await runStatement(b, session, HIDDEN_DELETE);
    expect(first.state).toBe('done');
    expect(
      (await runStatement(b, session, "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'")).state,
    ).toBe('done');
    const r = await b.call('query.export', {
      confirmedFolder: true,
      queryId: first.queryId,
      format: 'csv',
      path: `${b.dataDir}/export.csv`,
    });
    expect(await idsLeft()).toEqual([1, 2, 3]);
    expect(refusal(r)).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
    expect(refusal(r).message).toMatch(
      /^An export runs one statement again, and this text holds 2/,
    );
  });

  it('tuning.explain and tuning.experiment refuse a second statement before anything runs', async () => {
    const tool = await open('scratch tool', { scratch: true, initSql: INIT });
    const sql = 'SELECT * FROM t WHERE id > 0; DELETE FROM t WHERE id = 2';
    const explained = await b.call('tuning.explain', { sessionId: tool, schema: DB, sql });
    expect(refusal(explained).message).toContain('“DELETE FROM t WHERE id = 2”');
    const tried = await b.call('tuning.experiment', {
      sessionId: tool,
      schema: DB,
      sql,
      candidate: { schema: DB, table: 't', columns: ['id'] },
    });
    expect(refusal(tried).message).toContain('“DELETE FROM t WHERE id = 2”');
    expect(await idsLeft()).toEqual([1, 2, 3]);
    const indexes = await withConnection(server(), async (c) => {
      const [rows] = await c.query(
        "SELECT COUNT(*) AS n FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND INDEX_NAME LIKE 'sl\\_try\\_%'",
        [DB],
      );
      return Number((rows as Array<{ n: unknown }>)[0]?.n);
    });
    expect(indexes).toBe(0);
  });

  it('alter.run refuses a statement hidden in the ALTER by the session’s sql_mode', async () => {
    const session = await open('alter, no backslash escapes', { initSql: NO_BACKSLASH_INIT });
    const r = await b.call('alter.run', {
      sessionId: session,
      sql: "ALTER TABLE t2 COMMENT 'a\\'; DROP TABLE t3; -- '",
      lockWaitTimeoutSeconds: 10,
      enableStageInstruments: false,
    });
    expect(await tablesLeft()).toEqual(['t', 't2', 't3']);
    expect(refusal(r)).toMatchObject({ code: 'INVALID_REQUEST', field: 'sql' });
    expect(refusal(r).message).toContain('One ALTER TABLE at a time, and this text holds 2');
    expect(refusal(r).message).toContain('“DROP TABLE t3”');
  });
});
