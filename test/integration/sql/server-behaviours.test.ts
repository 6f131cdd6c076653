import type mysql from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { significantTokens } from '../../../src/shared/sql/lexer';
import { splitStatements } from '../../../src/shared/sql/split-statements';
import { testServers } from '../../servers/provided';
import { openScratchDatabase, rowsOf, serverCases } from './scratch-database';

// The lexical rules the splitter was built on, asked of the servers themselves.

/** The rows of `sql` run as one statement. */
async function rows(connection: mysql.Connection, sql: string): Promise<unknown[][]> {
  const [result] = await connection.query({ sql, rowsAsArray: true });
  return rowsOf(result);
}

/** The server's error number for `sql`, or null when it succeeds. */
async function errnoOf(connection: mysql.Connection, sql: string): Promise<number | null> {
  try {
    await connection.query(sql);
    return null;
  } catch (error) {
    return (error as { errno?: number }).errno ?? -1;
  }
}

const SYNTAX_ERROR = 1064;

describe.each(serverCases(testServers()))('%s', (_name, server, flavor) => {
  let connection: mysql.Connection;
  beforeAll(async () => {
    const scratch = await openScratchDatabase(server);
    connection = await scratch.connect();
    return () => scratch.close();
  });

  it('takes -- as a comment only before a space, a control character or the end', async () => {
    expect(await errnoOf(connection, 'SELECT 1 --x')).toBe(1054); // unknown column x
    expect(await rows(connection, 'SELECT 2--1')).toEqual([['3']]);
    expect(await rows(connection, 'SELECT 1 -- x\n, 2')).toEqual([['1', '2']]);
    expect(await rows(connection, 'SELECT 1 --\tx\n, 2')).toEqual([['1', '2']]);
    expect(await rows(connection, 'SELECT 1 --\x01x\n, 2')).toEqual([['1', '2']]);
    // What the splitter sends for `SELECT 6 --;`.
    expect(splitStatements('SELECT 6 --;')[0]!.text).toBe('SELECT 6 --');
    expect(await rows(connection, 'SELECT 6 --')).toEqual([['6']]);
    // The lexer agrees on each.
    expect(significantTokens('SELECT 1 --x').map((t) => t.kind)).toEqual([
      'word',
      'word',
      'punctuation',
      'punctuation',
      'word',
    ]);
    expect(significantTokens('SELECT 1 --\x01x')).toHaveLength(2);
  });

  it('ends a statement at a ; inside /*! */ whose content it runs, so splitting there loses nothing', async () => {
    expect(await errnoOf(connection, 'SELECT 1 /*! ; SELECT 2 */')).toBe(SYNTAX_ERROR);
    expect(await errnoOf(connection, 'SELECT 1 /*!50000 ; SELECT 2 */')).toBe(SYNTAX_ERROR);
    // A version the server does not have: it skips the text, `;` included. The command-line
    // clients still split there, and so does the splitter (documented).
    expect(await rows(connection, 'SELECT 1 /*!99999 ; */')).toEqual([['1']]);
    expect(splitStatements('SELECT 1 /*!99999 ; */')).toHaveLength(2);
    // Content of an executable comment is SQL, comments inside it too.
    expect(await rows(connection, 'SELECT 1 /*!, 2 /* ; */ */')).toEqual([['1', '2']]);
    expect(await errnoOf(connection, 'SELECT 1 /*!, 2 # */\n */')).toBe(null);
  });

  it(`reads /*M! as ${flavor === 'mariadb' ? 'SQL' : 'a comment'}, as the splitter does for ${flavor}`, async () => {
    const sql = 'SELECT 1 /*M! ; SELECT 2 */';
    if (flavor === 'mariadb') {
      expect(await errnoOf(connection, sql)).toBe(SYNTAX_ERROR);
      expect(await rows(connection, 'SELECT 1 /*M!, 3 */')).toEqual([['1', '3']]);
    } else {
      expect(await rows(connection, sql)).toEqual([['1']]);
      expect(await rows(connection, 'SELECT 1 /*M!, 3 */')).toEqual([['1']]);
    }
    expect(splitStatements(sql, { flavor })).toHaveLength(flavor === 'mariadb' ? 2 : 1);
  });

  it('runs BEGIN NOT ATOMIC ... END only whole (MariaDB), and never on MySQL', async () => {
    const script = 'BEGIN NOT ATOMIC DECLARE x INT DEFAULT 2; SELECT x * 21 AS y; END;\nSELECT 1;';
    const [compound] = splitStatements(script, { flavor });
    expect(compound!.text).toBe(
      'BEGIN NOT ATOMIC DECLARE x INT DEFAULT 2; SELECT x * 21 AS y; END',
    );
    // The piece the mysql client would send without DELIMITER.
    const clientPiece = 'BEGIN NOT ATOMIC DECLARE x INT DEFAULT 2';
    expect(await errnoOf(connection, clientPiece)).toBe(SYNTAX_ERROR);
    if (flavor === 'mariadb') {
      expect(await rows(connection, compound!.text)).toEqual([['42']]);
    } else {
      expect(await errnoOf(connection, compound!.text)).toBe(SYNTAX_ERROR);
    }
  });

  it('accepts a stored program whole, and not cut at its first ; as the client would without DELIMITER', async () => {
    const program = 'CREATE PROCEDURE two_rows() BEGIN SELECT 1; SELECT 2; END';
    expect(splitStatements(`${program};`)[0]!.text).toBe(program);
    expect(await errnoOf(connection, 'CREATE PROCEDURE two_rows() BEGIN SELECT 1')).toBe(
      SYNTAX_ERROR,
    );
    expect(await errnoOf(connection, program)).toBe(null);
    expect(await rows(connection, 'CALL two_rows()')).toEqual([['1']]);
  });

  it('has no /*!M form: it is /*! with content that starts with M', async () => {
    // `M` becomes the alias of 1 on both flavors.
    const [result] = await connection.query('SELECT 1 /*!M, 4 */');
    expect(Object.keys((result as Array<Record<string, unknown>>)[0]!)).toEqual(['4', 'M']);
    expect(splitStatements('SELECT 1 /*!M; */', { flavor })).toHaveLength(2);
  });

  it('accepts a statement of nothing but a comment, so skipping those loses nothing', async () => {
    expect(await errnoOf(connection, '/* only a comment */')).toBe(null);
    expect(await errnoOf(connection, '-- only a comment')).toBe(null);
    expect(splitStatements('/* only a comment */;')).toEqual([]);
  });
});
