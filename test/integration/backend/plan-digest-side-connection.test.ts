// The editor's explain asks STATEMENT_DIGEST() on the session's side connection: in the
// editor's schema, and leaving the side connection where it was for its other users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const server = testServers().mysql;
const tag = Math.random().toString(36).slice(2, 8);
const HOME = `sl_dig_home_${tag}`;
const WORK = `sl_dig_work_${tag}`;
const SQL = 'SELECT v FROM t WHERE id = 1';

describe('the digest of an editor’s explain (MySQL 9.7)', () => {
  let b: BackendUnderTest;

  /** The connections whose default schema is `schema` now, by thread id. */
  const threadsIn = (schema: string) =>
    withConnection(server, async (c) => {
      const [rows] = await c.query(
        'SELECT PROCESSLIST_ID AS id FROM performance_schema.threads WHERE PROCESSLIST_DB = ? ORDER BY 1',
        [schema],
      );
      return (rows as Array<{ id: number }>).map((r) => Number(r.id));
    });

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      for (const db of [HOME, WORK]) {
        await c.query(`CREATE DATABASE ${db}`);
        await c.query(`CREATE TABLE ${db}.t (id INT PRIMARY KEY, v INT)`);
      }
    });
    b = await startBackend();
  });
  afterAll(async () => {
    await withConnection(server, async (c) => {
      for (const db of [HOME, WORK]) await c.query(`DROP DATABASE IF EXISTS ${db}`);
    });
    await b?.dispose();
  });

  it('is asked in the editor’s schema, and the side connection goes back to its own', async () => {
    // The connection's default schema is HOME: its side connection starts there.
    const editor = await openSession(b, server, 'editor', { defaultSchema: HOME });
    await runStatement(b, editor, `USE ${WORK}`);
    const self = await runStatement(b, editor, 'SELECT CONNECTION_ID()');
    const editorThread = Number((await resultRows(b, self.queryId))[0]?.[0]);
    const explained = await b.call('explain.run', { sessionId: editor, sql: SQL, analyze: false });
    if (!explained.ok) throw new Error(explained.error.message);

    // Only the editor is in WORK; the side connection (it asked) is back in HOME.
    expect(await threadsIn(WORK)).toEqual([editorThread]);
    const home = await threadsIn(HOME);
    expect(home).toHaveLength(1);
    expect(home[0]).not.toBe(editorThread);

    // The plan is kept under the digest the server gives the statement run in WORK.
    await runStatement(b, editor, SQL);
    const digest = await withConnection(server, async (c) => {
      const [rows] = await c.query(
        `SELECT DIGEST FROM performance_schema.events_statements_summary_by_digest
          WHERE SCHEMA_NAME = ? AND DIGEST_TEXT LIKE ?`,
        [WORK, 'SELECT `v` FROM `t` WHERE `id` = ?%'],
      );
      return (rows as Array<{ DIGEST: string }>).map((r) => r.DIGEST);
    });
    expect(digest).toHaveLength(1);
    const history = await b.call('plans.history', { sql: SQL, connectionId: null });
    if (!history.ok) throw new Error(history.error.message);
    expect(history.value.records.map((r) => [r.schema, r.digest])).toEqual([[WORK, digest[0]]]);
  });
});
