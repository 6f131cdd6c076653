import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../../src/shared/api/query';
import {
  copyCaveats,
  formatInserts,
  roundedColumns,
  type CopyValue,
} from '../../../src/renderer/results/copy-formats';
import { fullValue } from '../../../src/renderer/results/full-values';
import { generatedColumnsOf } from '../../../src/renderer/results/insert-generated-columns';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const DB = 'sl_copy_insert';

/**
 * Values a DBA copies and pastes back: exact decimals and integers, bytes that are not UTF-8,
 * zero dates (permissive sql_mode), extreme TIME, microseconds, NULL apart from 'NULL' and ''
 * - and two generated columns, which the server refuses values for.
 */
const FIXTURE = `
SET SESSION sql_mode = '';
DROP DATABASE IF EXISTS ${DB};
CREATE DATABASE ${DB} DEFAULT CHARACTER SET utf8mb4;
CREATE TABLE ${DB}.t (
  id INT PRIMARY KEY,
  d DECIMAL(65,30), u BIGINT UNSIGNED, bits BIT(64), vb VARBINARY(8), js JSON,
  dt DATE, tm TIME, dt6 DATETIME(6), y YEAR, st SET('a','b'), en ENUM('x','y''z'),
  s VARCHAR(10), f FLOAT, f4 FLOAT(7,4), dbl DOUBLE,
  twice BIGINT AS (id * 2) VIRTUAL,
  shout VARCHAR(20) AS (CONCAT(s, '!')) STORED
);
INSERT INTO ${DB}.t (id, d, u, bits, vb, js, dt, tm, dt6, y, st, en, s, f, f4, dbl) VALUES
  (1, 99999999999999999999999999999999999.999999999999999999999999999999, 18446744073709551615,
   b'1111111111111111111111111111111111111111111111111111111111111111', 0x00FF80C3,
   '{"a": [1, 2.5], "k": "ü"}', '0000-00-00', '-838:59:59', '2024-02-29 23:59:59.999999',
   2155, 'a,b', 'y''z', 'NULL', 1.5, 123.4567, 0.1),
  (2, -0.000000000000000000000000000001, 0, b'0', '', '[]', '1000-01-01', '838:59:59',
   '0000-00-00 00:00:00.000000', 1901, '', 'x', '', -2.25, -1.5, 1.7976931348623157e308),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
`;

/** Every row of the table as the server stores it (bytes; FLOATs with all their digits). */
async function stored(c: mysql.Connection): Promise<unknown[]> {
  const [rows] = await c.query({
    sql: `SELECT *, CAST(f AS DOUBLE) AS f_exact FROM ${DB}.t ORDER BY id`,
    rowsAsArray: true,
    typeCast: false,
  });
  return rows as unknown[];
}

const servers = testServers();
const FLAVORS: Array<{ label: string; server: ServerEndpoint }> = [
  { label: 'MySQL 9.7', server: servers.mysql },
  { label: 'MariaDB 10.11', server: servers.mariadb },
  ...(servers.mariadb118 ? [{ label: 'MariaDB 11.8', server: servers.mariadb118 }] : []),
];

describe.each(FLAVORS)('Copy as SQL INSERT, pasted back ($label)', ({ server }) => {
  let b: BackendUnderTest;
  let session: string;

  beforeAll(async () => {
    await withConnection(server, (c) => c.query(FIXTURE));
    b = await startBackend();
    session = await openSession(b, server, 'copy');
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
    await b?.dispose();
  });

  /** The result of `SELECT * FROM t` as the grid copies it: every value in full. */
  async function copied(): Promise<{ columns: ResultColumn[]; rows: CopyValue[][] }> {
    const done = await runStatement(b, session, `SELECT * FROM ${DB}.t ORDER BY id`);
    const cells = await resultRows(b, done.queryId);
    const rows: CopyValue[][] = [];
    for (const [r, row] of cells.entries()) {
      const out: CopyValue[] = [];
      for (const [c, cell] of row.entries()) {
        out.push(
          await fullValue(cell, r, c, async (row, column, offset, length) => {
            const slice = await b.call('query.cell', {
              queryId: done.queryId,
              row,
              column,
              offset,
              length,
            });
            if (!slice.ok) throw new Error(slice.error.message);
            return slice.value;
          }),
        );
      }
      rows.push(out);
    }
    return { columns: done.columns!, rows };
  }

  it('leaves the generated columns out, so the server takes the rows back exactly', async () => {
    const table = await copied();
    const generated = await generatedColumnsOf(table.columns, async (schema, name) => {
      const r = await b.call('schema.columns', { sessionId: session, schema, table: name });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    });
    expect([...generated].sort()).toEqual(['shout', 'twice']);
    const inserts = formatInserts(table, { generated });
    expect(inserts.split('\n')[2]).toBe(
      `INSERT INTO \`${DB}\`.\`t\` (\`id\`, \`d\`, \`u\`, \`bits\`, \`vb\`, \`js\`, \`dt\`, \`tm\`, \`dt6\`, \`y\`, \`st\`, \`en\`, \`s\`, \`f\`, \`f4\`, \`dbl\`) VALUES (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);`,
    );
    expect(copyCaveats('insert', table.columns, generated)[0]).toBe(
      'Left out the generated columns `twice` and `shout`: the server computes them.',
    );

    // The server is the judge: the rows pasted back are the rows copied, byte for byte.
    await withConnection(server, async (c) => {
      const before = await stored(c);
      await c.query(`SET SESSION sql_mode = ''; DELETE FROM ${DB}.t; ${inserts}`);
      expect(await stored(c)).toEqual(before);
    });
  });

  it('says which FLOAT columns arrive rounded (only those declared without decimals)', async () => {
    await withConnection(server, (c) =>
      c.query(`INSERT INTO ${DB}.t (id, f, f4, dbl) VALUES (4, 16777217, 1.5, 16777217)`),
    );
    const table = await copied();
    expect(roundedColumns(table.columns)).toEqual(['f']);
    // The server sends 16777216 (the FLOAT nearest 16777217) as 16777200: pasted back, that
    // is another number - hence the caveat.
    const row = table.rows.find((r) => r[0] === '4')!;
    expect(row.slice(13, 16)).toEqual(['16777200', '1.5000', '16777217']);
    expect(copyCaveats('csv', table.columns, new Set())).toEqual([
      'FLOAT `f` is copied as the server sends FLOAT, rounded to 6 significant digits, which may differ from what is stored: select CAST(f AS DOUBLE) to copy every digit.',
    ]);
  });
});
