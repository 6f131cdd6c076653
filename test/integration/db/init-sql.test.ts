import type { RowDataPacket } from 'mysql2';
import { describe, expect, it } from 'vitest';
import { openConnection } from '../../../src/main/db/open-connection';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor } from './settings';

failOnUnhandledErrors();

const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
] as const)('session init SQL on %s', (_name, server) => {
  it('runs each statement; a sql_mode set on the way decides how the rest is split', async () => {
    // Under NO_BACKSLASH_ESCAPES 'a\' is a whole string: split with the old mode, the rest
    // would be one broken statement.
    const initSql =
      "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES';\n" +
      "SET @p := 'a\\'; SET @q := 'b;c' /* ; */ -- ;\n" +
      ';; SET @r := "d;e"';
    const db = await openConnection(settingsFor(server, { initSql }), secretsFor(server));
    try {
      const [rows] = await db.conn.query<RowDataPacket[]>(
        'SELECT @p AS p, @q AS q, @r AS r, @@SESSION.sql_mode AS mode',
      );
      expect(rows[0]).toEqual({ p: 'a\\', q: 'b;c', r: 'd;e', mode: 'NO_BACKSLASH_ESCAPES' });
      await expect(db.conn.query('SELECT 1; SELECT 2')).rejects.toMatchObject({ errno: 1064 });
    } finally {
      await db.close();
    }
  });

  it('names the statement that failed, by number, line and (masked) text', async () => {
    const initSql =
      "SET @a := 1;\n-- a comment; with a semicolon\nSET @b := 'x;y'; ALTER USER nobody@nowhere IDENTIFIED BY 's3cret';\nSET @d := 4";
    const e = await apiFailure(
      openConnection(settingsFor(server, { initSql }), secretsFor(server)),
    );
    expect(e.code).toBe('SERVER_ERROR');
    // The user does not exist: the server says so without repeating the statement.
    expect(e.serverCode).toBe(1396);
    expect(e.message).toMatch(
      /^Session init SQL failed at statement 3 \(line 3: ALTER USER nobody@nowhere IDENTIFIED BY '\*\*\*'\): Operation ALTER USER failed for 'nobody'@'nowhere'.* \(1396, SQLSTATE HY000\)\.$/,
    );
    expect(e.message).not.toContain('s3cret');
  });
});
