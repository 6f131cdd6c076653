import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { client, rowOf, snapshotWhen, start, type Client } from './processlist-helpers';

failOnUnhandledErrors();

const DB = 'sl_proc_analyze';
const servers = testServers();

describe.each([
  ['MariaDB 10.11', servers.mariadb],
  ['MariaDB 11.8', servers.mariadb118!],
] as Array<[string, ServerEndpoint]>)('SHOW ANALYZE of a running statement on %s', (_n, server) => {
  let b: BackendUnderTest;
  let sessionId: string;
  let runner: Client;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
         INSERT INTO ${DB}.t SELECT seq, seq FROM ${DB}.seq_1_to_200;
         ANALYZE TABLE ${DB}.t;`,
      ),
    );
    runner = await client(server);
    b = await startBackend();
    sessionId = await openSession(b, server, 'processlist');
  });

  afterAll(async () => {
    runner?.conn.destroy();
    await withConnection(server, async (c) => {
      if (runner) await c.query(`KILL ${runner.id}`).catch(() => undefined);
      await c.query(`DROP DATABASE IF EXISTS ${DB}`);
    });
    await b?.dispose();
  });

  it('shows the plan with the rows read so far, and refuses a session with nothing running', async () => {
    const done = start(runner, `SELECT COUNT(*) FROM ${DB}.t WHERE SLEEP(0.05) = 0`);
    // 200 rows at 50 ms each: after 0.8 s the scan is under way and far from done.
    await snapshotWhen(b, sessionId, (s) => (rowOf(s, runner.id)?.timeMs ?? 0) > 800);
    const r = await b.call('processlist.explain', { sessionId, id: runner.id, analyze: true });
    if (!r.ok) throw new Error(r.error.message);
    await withConnection(server, (c) => c.query(`KILL QUERY ${runner.id}`));
    await done;
    expect(r.value.explainSql).toBe(`SHOW ANALYZE FORMAT=JSON FOR ${runner.id}`);
    expect(r.value.dialect).toBe('mariadb-json');
    const doc = JSON.parse(r.value.document) as {
      r_query_time_in_progress_ms: number;
      query_block: { nested_loop: Array<{ table: { rows: number; r_rows: number } }> };
    };
    expect(doc.r_query_time_in_progress_ms).toBeGreaterThanOrEqual(800);
    const table = r.value.report.root.children[0]!;
    // The estimate is the server's (InnoDB statistics can say 199 for 200 rows): the plan shows
    // exactly what the server wrote.
    expect(table).toMatchObject({
      kind: 'table',
      table: 't',
      rows: doc.query_block.nested_loop[0]!.table.rows,
    });
    expect(table.rows).toBeGreaterThan(150);
    expect(table.condition).toBe('sleep(0.05) = 0');
    // The figures are those measured so far: rows read up to now, in the one loop running.
    const readSoFar = doc.query_block.nested_loop[0]!.table.r_rows;
    expect(table.actual).toMatchObject({ executed: true, loops: 1, rows: readSoFar });
    expect(readSoFar).toBeGreaterThanOrEqual(10);
    expect(readSoFar).toBeLessThan(200);

    const idle = await b.call('processlist.explain', { sessionId, id: runner.id, analyze: true });
    // The server's own answer for a session between statements.
    expect(idle).toEqual({
      ok: false,
      error: {
        code: 'SERVER_ERROR',
        message:
          'The server reported an error: Target is not executing an operation with a query plan (1933, SQLSTATE HY000).',
        serverCode: 1933,
        sqlState: 'HY000',
      },
    });
  });
});

describe('SHOW ANALYZE asked of MySQL 9.7', () => {
  const server = servers.mysql;
  let b: BackendUnderTest;
  let sessionId: string;

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, server, 'processlist');
  });

  afterAll(async () => {
    await b?.dispose();
  });

  it('is refused with the next step, before anything is sent', async () => {
    const r = await b.call('processlist.explain', { sessionId, id: 1, analyze: true });
    expect(r).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'INVALID_REQUEST',
        message:
          'Analyzing a running statement is a MariaDB feature (SHOW ANALYZE); on MySQL use Explain, or EXPLAIN ANALYZE the statement from an editor.',
      }),
    });
  });
});
