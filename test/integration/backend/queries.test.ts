import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryStatus, QueryUpdate } from '../../../src/shared/api/query';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { threadRunning } from '../../servers/running-statement';

import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement, waitDone } from './session-helpers';

failOnUnhandledErrors();

describe('queries through the backend (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let session: string;
  const servers = testServers();

  beforeAll(async () => {
    b = await startBackend({ resultLimits: { maxRows: 1_000_000, maxBytes: 512 * 1024 * 1024 } });
    session = await openSession(b, servers.mysql, 'mysql');
    await runStatement(b, session, 'CREATE DATABASE IF NOT EXISTS sl_query_test');
    await runStatement(b, session, 'USE sl_query_test');
  });
  afterAll(async () => {
    await runStatement(b, session, 'DROP DATABASE IF EXISTS sl_query_test');
    await b.dispose();
  });

  it('keeps every type exact: NULL vs "NULL", BIGINT, DECIMAL, dates as text, JSON text, bytes as hex', async () => {
    await runStatement(
      b,
      session,
      `CREATE TABLE types (
        n_null VARCHAR(10), s_null VARCHAR(10), big BIGINT UNSIGNED, neg BIGINT, dec65 DECIMAL(65,30),
        f FLOAT, d DOUBLE, dt DATETIME(6), ts TIMESTAMP(3) NULL, dd DATE, tm TIME, y YEAR,
        j JSON, bin BINARY(4), vb VARBINARY(8), bl BLOB, bits BIT(10), e ENUM('a','b'), st SET('x','y'), txt TEXT)`,
    );
    const inserted = await runStatement(
      b,
      session,
      `INSERT INTO types VALUES (NULL, 'NULL', 18446744073709551615, -9223372036854775808,
        12345678901234567890123456789012345.123456789012345678901234567890, 0.1, 1e308,
        '2024-02-29 23:59:59.999999', '2038-01-19 03:14:07.499', '0001-01-01', '-838:59:59', 2155,
        '{"b": [1, 2.50], "a": "ü"}', 0x00FF10, 0xDEADBEEF, 0x00, b'1010101010', 'b', 'x,y', 'héllo')`,
    );
    expect(inserted).toMatchObject({ state: 'done', affectedRows: 1, columns: null });
    const status = await runStatement(b, session, 'SELECT * FROM types');
    expect(status.state).toBe('done');
    expect(status.columns!.map((c) => `${c.name}:${c.typeName}`)).toEqual([
      'n_null:VARCHAR',
      's_null:VARCHAR',
      'big:BIGINT UNSIGNED',
      'neg:BIGINT',
      'dec65:DECIMAL',
      'f:FLOAT',
      'd:DOUBLE',
      'dt:DATETIME',
      'ts:TIMESTAMP',
      'dd:DATE',
      'tm:TIME',
      'y:YEAR',
      'j:JSON',
      'bin:BINARY',
      'vb:VARBINARY',
      'bl:BLOB',
      'bits:BIT',
      'e:ENUM',
      'st:SET',
      'txt:TEXT',
    ]);
    const [row] = await resultRows(b, status.queryId);
    expect(row).toEqual([
      null,
      'NULL',
      '18446744073709551615',
      '-9223372036854775808',
      '12345678901234567890123456789012345.123456789012345678901234567890',
      '0.1',
      '1e308',
      '2024-02-29 23:59:59.999999',
      '2038-01-19 03:14:07.499',
      '0001-01-01',
      '-838:59:59',
      '2155',
      // The server's own JSON text: keys sorted, 2.50 normalised to 2.5.
      '{"a": "ü", "b": [1, 2.5]}',
      { t: 'bin', hex: '00ff1000', bytes: 4, partial: false },
      { t: 'bin', hex: 'deadbeef', bytes: 4, partial: false },
      { t: 'bin', hex: '00', bytes: 1, partial: false },
      { t: 'bin', hex: '02aa', bytes: 2, partial: false },
      'b',
      'x,y',
      'héllo',
    ]);
    expect(status.columns!.filter((c) => c.numeric).map((c) => c.name)).toEqual([
      'big',
      'neg',
      'dec65',
      'f',
      'd',
      'y',
    ]);
  });

  it('reports insert ids beyond 2^53 exactly, and warnings', async () => {
    await runStatement(
      b,
      session,
      'CREATE TABLE ids (id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY) AUTO_INCREMENT = 9007199254740993',
    );
    const ins = await runStatement(b, session, 'INSERT INTO ids VALUES ()');
    expect(ins).toMatchObject({ affectedRows: 1, insertId: '9007199254740993' });
    const warned = await runStatement(b, session, 'SELECT 1/0 AS x');
    expect(warned.warnings).toEqual([{ level: 'Warning', code: 1365, message: 'Division by 0' }]);
  });

  it('reports a server error with its code, SQLSTATE and message', async () => {
    const failed = await runStatement(b, session, 'SELECT * FROM no_such_table');
    expect(failed.state).toBe('error');
    expect(failed.error).toMatchObject({
      code: 'SERVER_ERROR',
      serverCode: 1146,
      sqlState: '42S02',
    });
    expect(failed.error!.message).toContain("Table 'sl_query_test.no_such_table' doesn't exist");
  });

  it('streams 1,000,000 rows and serves any page of them', async () => {
    await runStatement(b, session, 'SET SESSION cte_max_recursion_depth = 1000000');
    const status = await runStatement(
      b,
      session,
      "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000000) SELECT n, CONCAT('row-', n) AS label FROM s",
      60_000,
    );
    expect(status).toMatchObject({ state: 'done', rowCount: 1_000_000, truncated: null });
    expect(await resultRows(b, status.queryId, 999_998, 10)).toEqual([
      ['999999', 'row-999999'],
      ['1000000', 'row-1000000'],
    ]);
    await b.call('query.discard', { queryId: status.queryId });
  });

  it('serves a long value in slices and previews it in the page', async () => {
    const status = await runStatement(
      b,
      session,
      "SELECT REPEAT('abcde', 20000) AS big, UNHEX(REPEAT('ab', 1000)) AS bytes",
    );
    const [row] = await resultRows(b, status.queryId);
    expect(row![0]).toEqual({ t: 'long', text: 'abcde'.repeat(400), chars: 100_000 });
    expect(row![1]).toEqual({ t: 'bin', hex: 'ab'.repeat(256), bytes: 1000, partial: true });
    const slice = await b.call('query.cell', {
      queryId: status.queryId,
      row: 0,
      column: 0,
      offset: 99_995,
      length: 100,
    });
    expect(slice).toEqual({
      ok: true,
      value: { kind: 'text', total: 100_000, offset: 99_995, data: 'abcde' },
    });
    const bytes = await b.call('query.cell', {
      queryId: status.queryId,
      row: 0,
      column: 1,
      offset: 998,
      length: 10,
    });
    expect(bytes).toEqual({
      ok: true,
      value: { kind: 'binary', total: 1000, offset: 998, data: 'abab' },
    });
  });

  it('cancels SELECT SLEEP(30) within 2 s with KILL QUERY, and the session stays usable', async () => {
    const started = await b.call('query.start', {
      sessionId: session,
      sql: 'SELECT SLEEP(30) AS slept',
    });
    if (!started.ok) throw new Error(started.error.message);
    await new Promise((r) => setTimeout(r, 300));
    const busy = await b.call('query.start', { sessionId: session, sql: 'SELECT 1' });
    expect(busy).toMatchObject({ ok: false, error: { code: 'SESSION_BUSY' } });
    const t0 = Date.now();
    expect(await b.call('query.cancel', { queryId: started.value.queryId })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    const ended = await waitDone(b, started.value.queryId, 5000);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(ended.state).toBe('cancelled');
    expect(ended.error).toEqual({ code: 'CANCELLED', message: 'Cancelled by user.' });
    expect(await b.call('query.cancel', { queryId: started.value.queryId })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    const after = await runStatement(b, session, 'SELECT DATABASE() AS db');
    expect(await resultRows(b, after.queryId)).toEqual([['sl_query_test']]);
  });

  it('keeps the rows received when a statement is killed from elsewhere, with the error', async () => {
    await runStatement(b, session, 'SET SESSION cte_max_recursion_depth = 100000');
    const started = await b.call('query.start', {
      sessionId: session,
      // Wide rows flush the server's network buffer every few rows, so rows arrive while it runs.
      sql: "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5000) SELECT n, REPEAT('x', 4000) AS pad, SLEEP(0.002) AS z FROM s",
    });
    if (!started.ok) throw new Error(started.error.message);
    await expect
      .poll(
        async () => {
          const s = await b.call('query.status', { queryId: started.value.queryId });
          return s.ok ? s.value.rowCount : 0;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(20);
    const thread = await threadRunning(servers.mysql, 'SLEEP(0.002)');
    await withConnection(servers.mysql, (c) => c.query(`KILL QUERY ${thread}`));
    const ended = await waitDone(b, started.value.queryId);
    expect(ended.state).toBe('error');
    expect(ended.error).toMatchObject({ code: 'SERVER_ERROR', serverCode: 1317 });
    expect(ended.rowCount).toBeGreaterThan(20);
    expect(ended.rowCount).toBeLessThan(5000);
    const [first] = await resultRows(b, ended.queryId, 0, 1);
    expect(first![0]).toBe('1');
    const after = await runStatement(b, session, 'SELECT 1');
    expect(after.state).toBe('done');
  });

  it('pushes query.update events as a statement runs and ends', async () => {
    const status = await runStatement(b, session, 'SELECT 42 AS answer');
    const updates = b.events
      .filter(
        (e) => e.name === 'query.update' && (e.payload as QueryStatus).queryId === status.queryId,
      )
      .map((e) => (e.payload as QueryStatus).state);
    expect(updates.at(-1)).toBe('done');
    expect(updates.slice(0, -1).every((s) => s === 'running')).toBe(true);
  });

  it('sends the columns of a 4,000-column result once, not with every progress update', async () => {
    const columns = Array.from({ length: 4000 }, (_, i) => `'wide' AS column_number_${i}`);
    await runStatement(
      b,
      session,
      `CREATE VIEW wide_rows AS WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 6)
       SELECT ${columns.join(', ')} FROM s`,
    );
    // Rows wider than the server's 16 KB send buffer, one every 0.4 s: each is sent as it is
    // made, so progress updates (every 200 ms at most) come between the columns and the end.
    // A short statement: what is measured is the column list, not the statement's text.
    const status = await runStatement(b, session, 'SELECT *, SLEEP(0.4) AS pause FROM wide_rows');
    expect(status.state).toBe('done');
    expect(status.rowCount).toBe(6);
    expect(status.columns).toHaveLength(4001);
    const updates = b.events
      .filter(
        (e) => e.name === 'query.update' && (e.payload as QueryUpdate).queryId === status.queryId,
      )
      .map((e) => e.payload as QueryUpdate);
    const running = updates.filter((u) => u.state === 'running');
    const withColumns = running.filter((u) => u.columns && u.columns.length > 0);
    expect(withColumns).toHaveLength(1);
    const progress = running.filter((u) => u.rowCount > 0);
    expect(progress.length).toBeGreaterThan(0);
    for (const u of progress) {
      expect(u.columns).toBeUndefined();
      // Nor the statement: it came with the first update (a 64 MiB one would weigh on each).
      expect(u.sql).toBeUndefined();
      expect(JSON.stringify(u).length).toBeLessThan(16 * 1024);
    }
    // The last update has them, for a screen that joined late.
    expect(updates.at(-1)).toMatchObject({ state: 'done', rowCount: 6 });
    expect(updates.at(-1)!.columns).toHaveLength(4001);
    expect(updates[0]!.sql).toBe('SELECT *, SLEEP(0.4) AS pause FROM wide_rows');
    expect(updates.at(-1)!.sql).toBe('SELECT *, SLEEP(0.4) AS pause FROM wide_rows');
  });
});

describe('result limits', () => {
  let b: BackendUnderTest;
  let session: string;
  const servers = testServers();

  beforeAll(async () => {
    b = await startBackend({ resultLimits: { maxRows: 1000, maxBytes: 200_000 } });
    session = await openSession(b, servers.mariadb, 'mariadb');
    await runStatement(b, session, 'SET SESSION max_recursive_iterations = 1000000');
  });
  afterAll(async () => b?.dispose());

  it('stops at the row limit, says so, and leaves the session usable', async () => {
    const status = await runStatement(
      b,
      session,
      'WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 500000) SELECT n FROM s',
    );
    expect(status).toMatchObject({
      state: 'done',
      rowCount: 1000,
      truncated: 'rows',
      error: null,
      warnings: [],
    });
    expect((await resultRows(b, status.queryId, 998, 5)).map((r) => r[0])).toEqual(['999', '1000']);
    const after = await runStatement(b, session, 'SELECT 7');
    expect(await resultRows(b, after.queryId)).toEqual([['7']]);
  });

  it('stops at the memory limit', async () => {
    const status = await runStatement(
      b,
      session,
      "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 900) SELECT n, REPEAT('x', 1000) FROM s",
    );
    expect(status.state).toBe('done');
    expect(status.truncated).toBe('bytes');
    // Rows are kept as the server sent them: a 1-byte length before n, a 3-byte one before the
    // 1,000 x's, plus an 8 KiB row index. Rows 1-9 take 1,005 bytes, 10-99 take 1,006 and the
    // rest 1,007: 190 rows fit in 200,000 bytes.
    expect(status.rowCount).toBe(190);
  });
});
