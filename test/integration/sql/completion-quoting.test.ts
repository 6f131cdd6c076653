import type mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { identifierText } from '../../../src/renderer/editor/completion/identifier-text';
import { quoteIdentifier } from '../../../src/shared/sql/quote-identifier';
import { testServers } from '../../servers/provided';
import { serverCases, withScratchDatabase } from './scratch-database';

// Completion writes a name bare when that reads the same to the server. The server is the
// judge: every word it knows as a keyword, and names shaped like numbers, become a table with
// a column of the same name, and are then written as completion writes them.

/** Names that look like numbers to the server when bare: a float, a hex or a bit literal. */
const NUMBER_SHAPED = ['1e5', '12E3', '0x1f', '0b101', '1e', '12abc', '0x1g', '0b12'];

/** Whether `sql` reads the one row of a table holding 7, as it should if `name` read as a name. */
async function readsSeven(connection: mysql.Connection, sql: string): Promise<boolean> {
  try {
    const [rows] = await connection.query({ sql, rowsAsArray: true });
    return JSON.stringify(rows) === '[[7]]';
  } catch {
    return false;
  }
}

describe.each(serverCases(testServers()))('%s', (_name, server) => {
  it('writes every name bare only where the server reads it as that name', async () => {
    const misread: string[] = [];
    await withScratchDatabase(server, async (scratch) => {
      const connection = await scratch.connect();
      const [keywords] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT WORD AS w FROM information_schema.KEYWORDS',
      );
      const names = [
        ...keywords.map((k) => String(k.w)).filter((w) => /^[A-Za-z_][A-Za-z0-9_$]*$/.test(w)),
        ...NUMBER_SHAPED,
      ];
      expect(names.length).toBeGreaterThan(600);
      for (const name of names) {
        // Bare names are the ones to check; quoted ones read as names whatever they are.
        const t = identifierText(name);
        if (t !== name) continue;
        const q = quoteIdentifier(name);
        await connection.query(`CREATE TABLE ${q} (${q} INT) ENGINE=MEMORY`);
        try {
          await connection.query(`INSERT INTO ${t} (${t}) VALUES (7)`);
        } catch {
          misread.push(`INSERT INTO ${t} (${t}) VALUES (7)`);
          await connection.query(`INSERT INTO ${q} VALUES (7)`);
        }
        const statements = [
          `SELECT ${t} FROM ${t}`,
          `SELECT ${t}.${t} FROM ${scratch.name}.${t} WHERE ${t} = 7`,
          `SELECT x.${t} FROM ${t} AS x ORDER BY ${t}`,
        ];
        for (const sql of statements) {
          if (!(await readsSeven(connection, sql))) misread.push(sql);
        }
        await connection.query(`DROP TABLE ${q}`);
      }
    });
    expect(misread).toEqual([]);
  });
});
