import type { Connection } from 'mysql2/promise';
import { detectFlavor } from '../../shared/server/flavor';
import type { LexerOptions } from '../../shared/sql/lexer';

/**
 * How the server lexes SQL on this connection right now: its flavor (MariaDB's `/*M!` comments,
 * MySQL's `$$` quoting) and the two sql_mode flags that move where strings end (ANSI_QUOTES,
 * NO_BACKSLASH_ESCAPES). sql_mode is the session's current value, so read it again after
 * anything that may have changed it.
 */
export async function readSessionLexing(conn: Connection): Promise<LexerOptions> {
  const [rows] = await conn.query({
    sql: 'SELECT VERSION(), @@version_comment, @@session.sql_mode',
    rowsAsArray: true,
  });
  const [version, comment, sqlMode] = ((rows as unknown[][])[0] ?? []).map((v) => String(v ?? ''));
  const flavor = detectFlavor(version ?? '', comment ?? '')?.flavor;
  const modes = (sqlMode ?? '').toUpperCase().split(',');
  return {
    flavor: flavor === 'mariadb' ? 'mariadb' : 'mysql',
    ansiQuotes: modes.includes('ANSI_QUOTES'),
    noBackslashEscapes: modes.includes('NO_BACKSLASH_ESCAPES'),
  };
}

/**
 * Whether sql_mode can change how `sql` lexes: ANSI_QUOTES only matters where a `"` is, and
 * NO_BACKSLASH_ESCAPES only where a backslash is.
 */
export function lexingDependsOnSqlMode(sql: string): boolean {
  return sql.includes('"') || sql.includes('\\');
}
