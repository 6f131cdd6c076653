import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cell, QueryStatus } from '../../../src/shared/api/query';
import type { OriginalValue, RowEdit } from '../../../src/shared/result-edit/edit-model';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();

/** A cell as the original value an edit carries. */
function original(cell: Cell): OriginalValue {
  if (cell === null) return null;
  if (typeof cell === 'string') return { text: cell };
  if (cell.t === 'bin') return cell.partial ? 'unknown' : { hex: cell.hex };
  return 'unknown';
}

describe.each([
  ['MySQL 9.7', () => servers.mysql],
  ['MariaDB 10.11', () => servers.mariadb],
] as const)('editing a result in place, on %s', (_name, server) => {
  let b: BackendUnderTest;
  let session: string;
  const DB = `sl_edit_${Math.random().toString(36).slice(2, 8)}`;

  /** Rows of `sql` read on a connection of the test's own. */
  const read = (sql: string): Promise<unknown[][]> =>
    withConnection(server(), async (c) => {
      const [rows] = await c.query({ sql, rowsAsArray: true });
      return rows as unknown[][];
    });
  const run = async (sql: string): Promise<{ status: QueryStatus; rows: Cell[][] }> => {
    const status = await runStatement(b, session, sql);
    if (status.state !== 'done') throw new Error(status.error?.message ?? status.state);
    return { status, rows: await resultRows(b, status.queryId) };
  };
  const editability = async (sql: string, sessionId = session) => {
    const status = await runStatement(b, sessionId, sql);
    const r = await b.call('result.editability', {
      sessionId,
      sql,
      columns: status.columns ?? [],
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const preview = (status: QueryStatus, edits: RowEdit[], sessionId = session) =>
    b.call('result.previewEdits', {
      sessionId,
      sql: status.sql,
      columns: status.columns ?? [],
      edits,
    });

  beforeAll(async () => {
    b = await startBackend();
    await withConnection(server(), (c) =>
      c.query(
        `CREATE DATABASE \`${DB}\`;` +
          `CREATE TABLE \`${DB}\`.items (id BIGINT UNSIGNED PRIMARY KEY, name VARCHAR(50) NULL,` +
          ` price DECIMAL(30,10) NOT NULL DEFAULT 0, data VARBINARY(16) NULL, doc JSON NULL,` +
          ` made DATETIME(6) NULL) DEFAULT CHARSET=utf8mb4;` +
          `CREATE TABLE \`${DB}\`.tags (item_id BIGINT UNSIGNED, tag VARCHAR(20));` +
          `CREATE TABLE \`${DB}\`.autos (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10),` +
          ` g INT AS (LENGTH(v)) VIRTUAL, code CHAR(36) NOT NULL DEFAULT (UUID()),` +
          ` UNIQUE KEY uq_code (code));` +
          `CREATE TABLE \`${DB}\`.flags (id INT PRIMARY KEY, on_off BIT(1), mask BIT(64));` +
          `INSERT INTO \`${DB}\`.flags VALUES (1, b'1', X'FFFFFFFFFFFFFFFF');` +
          `CREATE TABLE \`${DB}\`.floats (f FLOAT PRIMARY KEY, v VARCHAR(10));` +
          `CREATE TABLE \`${DB}\`.stamps (ts TIMESTAMP PRIMARY KEY, v VARCHAR(10));` +
          `CREATE TABLE \`${DB}\`.stamps2 (ts TIMESTAMP PRIMARY KEY, code INT NOT NULL,` +
          ` v VARCHAR(10), UNIQUE KEY uq_code (code));` +
          `CREATE VIEW \`${DB}\`.items_v AS SELECT id, name FROM \`${DB}\`.items;`,
      ),
    );
    session = await openSession(b, server(), 'edit', { defaultSchema: DB });
  });
  beforeEach(async () => {
    await withConnection(server(), (c) =>
      c.query(
        `DELETE FROM \`${DB}\`.items; INSERT INTO \`${DB}\`.items (id, name, price, data) VALUES ` +
          `(1, 'one', 1.5, X'00FF'), (2, 'two', 2.5, NULL), (3, NULL, 3.5, NULL)`,
      ),
    );
  });
  afterAll(async () => {
    await withConnection(server(), (c) => c.query(`DROP DATABASE IF EXISTS \`${DB}\``));
    await b?.dispose();
  });

  it('a SELECT of one table with its primary key is editable; the key and each column are named', async () => {
    const v = await editability('SELECT id, name, price, UPPER(name) AS shout FROM items');
    expect(v).toMatchObject({
      editable: true,
      schema: DB,
      table: 'items',
      key: { name: 'PRIMARY', columns: [0], names: ['id'] },
      columns: [
        { editable: true, name: 'id', dataType: 'bigint' },
        { editable: true, name: 'name', dataType: 'varchar' },
        { editable: true, name: 'price', dataType: 'decimal' },
        { editable: false, reason: 'an expression, not a table column' },
      ],
    });
  });

  it("checking a result leaves the session's own diagnostics alone (FOUND_ROWS, warnings)", async () => {
    const v = await editability(
      'SELECT id, name, CAST(name AS SIGNED) AS n FROM items WHERE id > 1',
    );
    expect(v.editable).toBe(true);
    const found = await run('SELECT FOUND_ROWS()');
    expect(found.rows).toEqual([['2']]);
  });

  it('joins, views, grouping and tables without a key are not editable, and say why', async () => {
    expect(
      await editability('SELECT i.id, t.tag FROM items i JOIN tags t ON t.item_id = i.id'),
    ).toEqual({
      editable: false,
      reason: 'it joins tables: a row of a join is not a row of one table',
    });
    expect(await editability('SELECT id, name FROM items_v')).toEqual({
      editable: false,
      reason: 'its rows come from the view `items_v`',
    });
    expect(await editability('SELECT item_id, tag FROM tags')).toEqual({
      editable: false,
      reason: '`tags` has no primary key or NOT NULL unique key to name a row by',
    });
    expect(await editability('SELECT name FROM items')).toEqual({
      editable: false,
      reason: 'the result lacks `id` of the primary key, which names each row',
    });
    expect(await editability('SELECT id, name FROM items GROUP BY id, name')).toEqual({
      editable: false,
      reason: 'it is grouped (GROUP BY): its rows are groups, not table rows',
    });
  });

  it('applies an update, a delete and an insert in one transaction, exactly as previewed', async () => {
    const { status, rows } = await run('SELECT id, name, price, data, made FROM items ORDER BY id');
    const edits: RowEdit[] = [
      {
        op: 'update',
        original: rows[0]!.map(original),
        values: [
          { column: 1, value: { text: "O'Brien \\ 😀" } },
          { column: 2, value: { text: '12345678901234567890.0123456789' } },
        ],
      },
      {
        op: 'update',
        original: rows[2]!.map(original),
        values: [{ column: 1, value: { text: '' } }],
      },
      { op: 'delete', original: rows[1]!.map(original) },
      {
        op: 'insert',
        values: [
          { column: 0, value: { text: '18446744073709551615' } },
          { column: 1, value: null },
          { column: 3, value: { hex: 'cafe00' } },
          { column: 4, value: { text: '2024-02-29 23:59:59.123456' } },
        ],
      },
    ];
    const p = await preview(status, edits);
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.statements).toEqual([
      `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'O''Brien \\\\ 😀', \`price\` = 12345678901234567890.0123456789 WHERE \`id\` = 1 AND \`name\` <=> 'one' AND \`price\` <=> 1.5000000000 LIMIT 1`,
      `UPDATE \`${DB}\`.\`items\` SET \`name\` = '' WHERE \`id\` = 3 AND \`name\` <=> NULL LIMIT 1`,
      `DELETE FROM \`${DB}\`.\`items\` WHERE \`id\` = 2 LIMIT 1`,
      `INSERT INTO \`${DB}\`.\`items\` (\`id\`, \`name\`, \`data\`, \`made\`) VALUES (18446744073709551615, NULL, X'CAFE00', '2024-02-29 23:59:59.123456')`,
    ]);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value).toEqual({
      applied: true,
      rows: [
        [
          '1',
          "O'Brien \\ 😀",
          '12345678901234567890.0123456789',
          { t: 'bin', hex: '00ff', bytes: 2, partial: false },
          null,
        ],
        ['3', '', '3.5000000000', null, null],
        null,
        [
          '18446744073709551615',
          null,
          '0.0000000000',
          { t: 'bin', hex: 'cafe00', bytes: 3, partial: false },
          '2024-02-29 23:59:59.123456',
        ],
      ],
    });
    expect(
      await read(
        `SELECT CAST(id AS CHAR), name, CAST(price AS CHAR), HEX(data), CAST(made AS CHAR) FROM \`${DB}\`.items ORDER BY id`,
      ),
    ).toEqual([
      ['1', "O'Brien \\ 😀", '12345678901234567890.0123456789', '00FF', null],
      ['3', '', '3.5000000000', null, null],
      ['18446744073709551615', null, '0.0000000000', 'CAFE00', '2024-02-29 23:59:59.123456'],
    ]);
    // A plan runs once.
    const again = await b.call('result.applyEdits', { planId: p.value.planId });
    expect(again.ok ? again.value : again.error.code).toBe('NOT_FOUND');
    const s = await b.call('session.status', { sessionId: session });
    expect(s.ok && s.value.inTransaction).toBe(false);
  });

  it('an AUTO_INCREMENT key left out of an INSERT is read back; generated columns are read-only', async () => {
    const { status } = await run('SELECT id, v, g FROM autos');
    const r = await b.call('result.editability', {
      sessionId: session,
      sql: status.sql,
      columns: status.columns ?? [],
    });
    expect(r.ok && r.value).toMatchObject({
      editable: true,
      key: { name: 'PRIMARY', columns: [0] },
      columns: [
        { editable: true },
        { editable: true },
        { editable: false, reason: 'a generated column' },
      ],
    });
    // Without the primary key, the NOT NULL unique key names the rows.
    const byCode = await editability('SELECT code, v FROM autos');
    expect(byCode).toMatchObject({
      editable: true,
      key: { name: 'uq_code', columns: [0], names: ['code'] },
    });

    const p = await preview(status, [
      { op: 'insert', values: [{ column: 1, value: { text: 'abc' } }] },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.statements).toEqual([`INSERT INTO \`${DB}\`.\`autos\` (\`v\`) VALUES ('abc')`]);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    if (!applied.ok) throw new Error(applied.error.message);
    const id = (await read(`SELECT CAST(MAX(id) AS CHAR) FROM \`${DB}\`.autos`))[0]?.[0];
    expect(applied.value).toEqual({ applied: true, rows: [[id, 'abc', null]] });
  });

  it('an update to the value the row already has applies: the row matched, nothing changed', async () => {
    const { status, rows } = await run('SELECT id, name FROM items WHERE id = 1');
    const p = await preview(status, [
      {
        op: 'update',
        original: rows[0]!.map(original),
        values: [{ column: 1, value: { text: 'one' } }],
      },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.statements).toEqual([
      `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'one' WHERE \`id\` = 1 AND \`name\` <=> 'one' LIMIT 1`,
    ]);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value).toEqual({ applied: true, rows: [['1', 'one']] });
  });

  it('a row changed by someone else since it was read fails its statement and rolls everything back', async () => {
    const { status, rows } = await run('SELECT id, name FROM items ORDER BY id');
    const p = await preview(status, [
      { op: 'delete', original: rows[2]!.map(original) },
      {
        op: 'update',
        original: rows[0]!.map(original),
        values: [{ column: 1, value: { text: 'mine' } }],
      },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    await withConnection(server(), (c) =>
      c.query(`UPDATE \`${DB}\`.items SET name = 'theirs' WHERE id = 1`),
    );
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value).toEqual({
      applied: false,
      statementIndex: 1,
      statement: `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'mine' WHERE \`id\` = 1 AND \`name\` <=> 'one' LIMIT 1`,
      message:
        'Statement 2 of 2 changed 0 rows instead of 1 (no row matched: it was changed or deleted by someone else since it was read). Everything was rolled back; nothing changed.',
      error: null,
    });
    // The delete that had succeeded was rolled back with it.
    expect(await read(`SELECT id, name FROM \`${DB}\`.items ORDER BY id`)).toEqual([
      [1, 'theirs'],
      [2, 'two'],
      [3, null],
    ]);
    const s = await b.call('session.status', { sessionId: session });
    expect(s.ok && s.value.inTransaction).toBe(false);
  });

  it('Cancel stops an apply waiting for a locked table and rolls everything back', async () => {
    const { status, rows } = await run('SELECT id, name FROM items ORDER BY id');
    const p = await preview(status, [
      {
        op: 'update',
        original: rows[1]!.map(original),
        values: [{ column: 1, value: { text: 'never' } }],
      },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    const before = await read(`SELECT id, name FROM \`${DB}\`.items ORDER BY id`);
    // Another session holds the table: the UPDATE waits for it (a year, by default).
    await withConnection(server(), async (locker) => {
      await locker.query(`LOCK TABLES \`${DB}\`.items WRITE`);
      const applying = b.call('result.applyEdits', { planId: p.value.planId });
      // Cancelled once the UPDATE is seen waiting on the server.
      for (let i = 0; ; i++) {
        const [waiting] = await locker.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'UPDATE %never%'",
        );
        if (Number((waiting as Array<{ n: unknown }>)[0]!.n) === 1) break;
        if (i > 200) throw new Error('the UPDATE never reached the server');
        await new Promise((r) => setTimeout(r, 25));
      }
      const cancel = await b.call('result.cancelApply', { sessionId: session });
      expect(cancel).toEqual({ ok: true, value: { cancelled: true } });
      const applied = await applying;
      if (!applied.ok) throw new Error(applied.error.message);
      expect(applied.value).toMatchObject({
        applied: false,
        statementIndex: 0,
        message:
          'Cancelled (KILL QUERY) at statement 1 of 1. Everything was rolled back; nothing changed.',
        error: { serverCode: 1317 },
      });
      await locker.query('UNLOCK TABLES');
    });
    expect(await read(`SELECT id, name FROM \`${DB}\`.items ORDER BY id`)).toEqual(before);
    const s = await b.call('session.status', { sessionId: session });
    expect(s.ok && s.value.inTransaction).toBe(false);
    // Nothing runs now: nothing to cancel.
    expect(await b.call('result.cancelApply', { sessionId: session })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });

  it('a connection lost before COMMIT says nothing changed (the server rolled it back)', async () => {
    const { status, rows } = await run('SELECT id, name FROM items ORDER BY id');
    const p = await preview(status, [
      {
        op: 'update',
        original: rows[1]!.map(original),
        values: [{ column: 1, value: { text: 'lost' } }],
      },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    const before = await read(`SELECT id, name FROM \`${DB}\`.items ORDER BY id`);
    await withConnection(server(), async (locker) => {
      await locker.query(`LOCK TABLES \`${DB}\`.items WRITE`);
      const applying = b.call('result.applyEdits', { planId: p.value.planId });
      let id = 0;
      for (let i = 0; id === 0; i++) {
        const [waiting] = await locker.query(
          "SELECT ID AS id FROM information_schema.PROCESSLIST WHERE INFO LIKE 'UPDATE %lost%'",
        );
        id = Number((waiting as Array<{ id: unknown }>)[0]?.id ?? 0);
        if (i > 200) throw new Error('the UPDATE never reached the server');
        if (id === 0) await new Promise((r) => setTimeout(r, 25));
      }
      // The link dies under the waiting UPDATE, before any COMMIT.
      await locker.query(`KILL CONNECTION ${id}`);
      const applied = await applying;
      expect(applied.ok).toBe(false);
      if (!applied.ok) {
        expect(applied.error.code).toBe('CONNECTION_LOST');
        expect(applied.error.message).toMatch(
          /^Not applied: the connection was lost before COMMIT, so the server rolls the transaction back and nothing changed\. \(.+\)$/,
        );
      }
      await locker.query('UNLOCK TABLES');
    });
    expect(await read(`SELECT id, name FROM \`${DB}\`.items ORDER BY id`)).toEqual(before);
  });

  it('a server error (duplicate key) rolls everything back and names the statement', async () => {
    const { status, rows } = await run('SELECT id, name FROM items ORDER BY id');
    const p = await preview(status, [
      {
        op: 'update',
        original: rows[0]!.map(original),
        values: [{ column: 1, value: { text: 'changed' } }],
      },
      { op: 'insert', values: [{ column: 0, value: { text: '2' } }] },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value).toMatchObject({
      applied: false,
      statementIndex: 1,
      error: { code: 'SERVER_ERROR' },
    });
    expect(applied.ok && !applied.value.applied && applied.value.message).toMatch(
      /^Statement 2 of 2 failed: .*Duplicate entry '2'.*Everything was rolled back; nothing changed\.$/,
    );
    expect(await read(`SELECT name FROM \`${DB}\`.items WHERE id = 1`)).toEqual([['one']]);
  });

  it('quotes for NO_BACKSLASH_ESCAPES when the session has it', async () => {
    const nbe = await openSession(b, server(), 'nbe', {
      defaultSchema: DB,
      initSql: "SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES,ANSI_QUOTES')",
    });
    const status = await runStatement(b, nbe, 'SELECT id, name FROM items WHERE id = 1');
    const rows = await resultRows(b, status.queryId);
    const p = await preview(
      status,
      [
        {
          op: 'update',
          original: rows[0]!.map(original),
          values: [{ column: 1, value: { text: 'a\\\'b"c' } }],
        },
      ],
      nbe,
    );
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.statements).toEqual([
      `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'a\\''b"c' WHERE \`id\` = 1 AND \`name\` <=> 'one' LIMIT 1`,
    ]);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    expect(applied.ok && applied.value.applied).toBe(true);
    expect(await read(`SELECT name FROM \`${DB}\`.items WHERE id = 1`)).toEqual([['a\\\'b"c']]);
  });

  it('changes BIT values, compared and written as integers (MariaDB refuses X literals there)', async () => {
    const { status, rows } = await run('SELECT id, on_off, mask FROM flags');
    const p = await preview(status, [
      {
        op: 'update',
        original: rows[0]!.map(original),
        values: [
          { column: 1, value: { hex: '00' } },
          { column: 2, value: { hex: '8000000000000001' } },
        ],
      },
    ]);
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.statements).toEqual([
      `UPDATE \`${DB}\`.\`flags\` SET \`on_off\` = 0, \`mask\` = 9223372036854775809 WHERE \`id\` = 1 AND \`on_off\` <=> 1 AND \`mask\` <=> 18446744073709551615 LIMIT 1`,
    ]);
    const applied = await b.call('result.applyEdits', { planId: p.value.planId });
    expect(applied.ok && applied.value.applied).toBe(true);
    expect(await read(`SELECT HEX(on_off), HEX(mask) FROM \`${DB}\`.flags`)).toEqual([
      ['0', '8000000000000001'],
    ]);
  });

  it('a FLOAT key does not name rows: the server sends FLOAT rounded to 6 digits', async () => {
    expect(await editability('SELECT f, v FROM floats')).toEqual({
      editable: false,
      reason:
        'its primary key holds the FLOAT column `f`, which the server sends rounded to 6 digits, so a row shown cannot be named exactly',
    });
  });

  it('a TIMESTAMP key does not name rows: it reads as the session time zone’s wall clock', async () => {
    expect(await editability('SELECT ts, v FROM stamps')).toEqual({
      editable: false,
      reason:
        'its primary key holds the TIMESTAMP column `ts`, which the server sends as the session time zone’s wall-clock time (the same text for two instants in a DST fall-back hour, another instant after a time_zone change), so a row shown cannot be named exactly',
    });
    const other = await editability('SELECT ts, code, v FROM stamps2');
    expect(other.editable && other.key).toEqual({
      name: 'uq_code',
      columns: [1],
      names: ['code'],
    });
  });

  it('is refused on a connection marked read-only and while a transaction is open', async () => {
    const ro = await openSession(b, server(), 'ro', { defaultSchema: DB, readOnly: true });
    const status = await runStatement(b, ro, 'SELECT id, name FROM items WHERE id = 1');
    const rows = await resultRows(b, status.queryId);
    const edit: RowEdit = { op: 'delete', original: rows[0]!.map(original) };
    const r = await preview(status, [edit], ro);
    expect(r.ok ? r.value : r.error).toEqual({
      code: 'INVALID_REQUEST',
      message: '“ro” is marked read-only: changes to a result are not applied on it.',
    });

    const trx = await openSession(b, server(), 'trx', { defaultSchema: DB });
    await runStatement(b, trx, 'BEGIN');
    const inTrx = await runStatement(b, trx, 'SELECT id, name FROM items WHERE id = 1');
    const refused = await preview(inTrx, [edit], trx);
    expect(refused.ok ? refused.value : refused.error).toEqual({
      code: 'INVALID_REQUEST',
      message:
        'A transaction is open in this session: the changes would become part of it. COMMIT or ROLLBACK it first.',
    });
    await runStatement(b, trx, 'ROLLBACK');
    expect(await read(`SELECT COUNT(*) FROM \`${DB}\`.items`)).toEqual([[3]]);
  });
});
