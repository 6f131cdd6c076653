import { describe, expect, it } from 'vitest';
import {
  qualifiedName,
  quoteIdentifier,
  quoteString,
} from '../../../src/shared/sql/quote-identifier';
import { testServers } from '../../servers/provided';
import { rowsOf, serverCases, withScratchDatabase } from './scratch-database';

// What the quoting functions write must mean, to the server, exactly the value given.

const VALUES = [
  '',
  'plain',
  "it's",
  "''",
  'back\\slash',
  'ends with \\',
  "\\'",
  '\\\\',
  'line\nbreak',
  'crlf\r\n',
  'nul\0byte',
  'ctrl-z\x1a',
  'tab\t',
  '"double" `tick`',
  '%_ like patterns',
  '日本語 ünïcödé 😀',
  "'; DROP TABLE t; --",
];

const NAMES = [
  't',
  'a`b',
  '``',
  'odd; name',
  'it\'s "quoted"',
  '日本 ünï',
  'select',
  'a.b',
  'sp ace',
];

describe.each(serverCases(testServers()))('%s', (_name, server) => {
  it.each([false, true])(
    'quoteString round-trips every value (NO_BACKSLASH_ESCAPES %s)',
    async (noBackslashEscapes) => {
      await withScratchDatabase(server, async (scratch) => {
        const connection = await scratch.connect();
        if (noBackslashEscapes) {
          await connection.query(
            "SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')",
          );
        }
        for (const value of VALUES) {
          const sql = `SELECT ${quoteString(value, { noBackslashEscapes })}, 1`;
          const [result] = await connection.query({ sql, rowsAsArray: true });
          expect(rowsOf(result), JSON.stringify(value)).toEqual([[value, '1']]);
        }
      });
    },
  );

  it('quoteIdentifier and qualifiedName name tables and columns exactly', async () => {
    await withScratchDatabase(server, async (scratch) => {
      const connection = await scratch.connect();
      for (const name of NAMES) {
        const table = qualifiedName(scratch.name, name);
        await connection.query(`CREATE TABLE ${table} (${quoteIdentifier(name)} INT)`);
        await connection.query(`INSERT INTO ${table} VALUES (7)`);
        const [result] = await connection.query({
          sql: `SELECT ${quoteIdentifier(name)} FROM ${table}`,
          rowsAsArray: true,
        });
        expect(rowsOf(result), name).toEqual([['7']]);
      }
      const [tables] = await connection.query({
        sql: 'SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1',
        rowsAsArray: true,
      });
      expect(
        rowsOf(tables)
          .map(([name]) => name)
          .sort(),
      ).toEqual([...NAMES].sort());
    });
  });

  it('cannot name anything with a character beyond the BMP (why quoteIdentifier refuses it)', async () => {
    await withScratchDatabase(server, async (scratch) => {
      const connection = await scratch.connect();
      const created = await connection.query('CREATE TABLE `e😀` (a INT)').then(
        () => true,
        () => false,
      );
      const [tables] = await connection.query({
        sql: 'SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
        rowsAsArray: true,
      });
      // MariaDB refuses it; MySQL creates another name.
      expect(rowsOf(tables)).toEqual(created ? [['e?']] : []);
    });
  });
});
