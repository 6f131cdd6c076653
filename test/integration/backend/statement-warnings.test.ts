import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

/**
 * A statement's warnings come from SHOW WARNINGS only when the server's end packet counted
 * some: the round trip is not paid by every statement.
 */
describe.each(['mysql', 'mariadb'] as const)('warnings of a statement (%s)', (flavor) => {
  let b: BackendUnderTest;
  let session: string;

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, testServers()[flavor], `warnings-${flavor}`);
    await runStatement(b, session, 'DROP DATABASE IF EXISTS sl_warnings');
    await runStatement(b, session, 'CREATE DATABASE sl_warnings');
    await runStatement(b, session, 'USE sl_warnings');
    await runStatement(b, session, 'CREATE TABLE w (v TINYINT)');
  });
  afterAll(async () => {
    await runStatement(b, session, 'DROP DATABASE IF EXISTS sl_warnings');
    await b.dispose();
  });

  /** How many SHOW WARNINGS this session has run. */
  async function showWarningsCount(): Promise<number> {
    const status = await runStatement(b, session, "SHOW SESSION STATUS LIKE 'Com_show_warnings'");
    const [row] = await resultRows(b, status.queryId, 0, 1);
    return Number(row![1]);
  }

  it('asks for none when the server counted none, and lists those it counted', async () => {
    const before = await showWarningsCount();
    const clean = await runStatement(b, session, 'SELECT 1 AS x');
    expect(clean).toMatchObject({ state: 'done', warnings: [] });
    const inserted = await runStatement(b, session, 'INSERT INTO w VALUES (1)');
    expect(inserted).toMatchObject({ state: 'done', affectedRows: 1, warnings: [] });
    expect(await showWarningsCount()).toBe(before);

    // Counted in the EOF after a result set's rows.
    const divided = await runStatement(b, session, 'SELECT 1/0 AS x');
    expect(divided.warnings).toEqual([{ level: 'Warning', code: 1365, message: 'Division by 0' }]);
    // Counted in the OK packet of a statement without a result set.
    await runStatement(b, session, "SET SESSION sql_mode = ''");
    const clipped = await runStatement(b, session, 'INSERT INTO w VALUES (300)');
    expect(clipped.warnings).toEqual([
      { level: 'Warning', code: 1264, message: "Out of range value for column 'v' at row 1" },
    ]);
    expect(await showWarningsCount()).toBe(before + 2);
  });
});
