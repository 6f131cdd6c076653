import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import { quoteIdentifier } from '../../../shared/sql/quote-identifier';
import { picosToMs } from '../../../shared/tuning/digest-row';
import type { DigestCounters } from '../../../shared/tuning/statement-identity';

/** Sessions' connections found to have no STATEMENT_DIGEST(): not asked again. */
const withoutDigestFunction = new WeakSet<Connection>();

/** The server error that means "no such function": ER_SP_DOES_NOT_EXIST. */
const NO_FUNCTION_ERRNOS = new Set([1305]);

/**
 * The server's DIGEST of `sql` as a session in `schema` would run it, from MySQL's
 * STATEMENT_DIGEST() (8.0.4+; a cheap function: the statement is only parsed). The server
 * parses it only with a default schema (unqualified tables need one; which one does not change
 * the digest), so `conn` (a side connection, never the user's own) is moved to `schema` for the
 * call and back to where it was after, for the side connection's other users. A connection
 * with no default schema cannot be moved back to none (MySQL has no statement for that): it
 * stays in `schema`, which changes nothing for them, since without a default schema every
 * statement they send names its tables in full. A server without the function (MariaDB, MySQL
 * before 8.0.4: the capability table) is not asked, nor a connection that once said it has
 * none. Null when the digest cannot be known (the caller then falls back to the statement's
 * shape).
 */
export async function statementDigest(
  conn: Connection,
  server: ServerInfo,
  sql: string,
  schema: string | null,
): Promise<string | null> {
  if (!server.capabilities.statementDigestFunction || withoutDigestFunction.has(conn)) return null;
  try {
    const home = schema === null ? null : await currentSchema(conn);
    const moved = schema !== null && schema !== home;
    if (moved) await conn.query(`USE ${quoteIdentifier(schema)}`);
    try {
      const [rows] = await conn.query({
        sql: 'SELECT STATEMENT_DIGEST(?)',
        values: [sql],
        rowsAsArray: true,
      });
      const digest = (rows as unknown[][])[0]?.[0];
      return typeof digest === 'string' && digest !== '' ? digest : null;
    } finally {
      // A home schema dropped meanwhile cannot be gone back to: the digest still holds.
      if (moved && home !== null)
        await conn.query(`USE ${quoteIdentifier(home)}`).catch(() => undefined);
    }
  } catch (e) {
    const errno = (e as { errno?: unknown }).errno;
    if (typeof errno === 'number' && NO_FUNCTION_ERRNOS.has(errno)) withoutDigestFunction.add(conn);
    return null;
  }
}

/** The connection's default schema now (DATABASE()); null when it has none. */
async function currentSchema(conn: Connection): Promise<string | null> {
  const [rows] = await conn.query({ sql: 'SELECT DATABASE()', rowsAsArray: true });
  const db = (rows as unknown[][])[0]?.[0];
  return typeof db === 'string' ? db : null;
}

/**
 * The default schema of connection `threadId` as the server lists it (performance_schema
 * threads), read from another connection so the session itself runs nothing; undefined when
 * the server does not say (performance_schema off, thread gone).
 */
export async function schemaOfThread(
  conn: Connection,
  threadId: number,
): Promise<string | null | undefined> {
  try {
    const [rows] = await conn.query({
      sql: 'SELECT PROCESSLIST_DB FROM performance_schema.threads WHERE PROCESSLIST_ID = ?',
      values: [threadId],
      rowsAsArray: true,
    });
    const row = (rows as unknown[][])[0];
    if (!row) return undefined;
    return typeof row[0] === 'string' ? row[0] : null;
  } catch {
    return undefined;
  }
}

/**
 * A digest's counters now (since the server started counting it) in `schema` (or, `undefined`,
 * in the one schema it ran in); undefined when the server has no such row (never ran, evicted,
 * several schemas and none given) or the table cannot be read.
 */
export async function readDigestCounters(
  conn: Connection,
  digest: string,
  schema: string | null | undefined,
): Promise<DigestCounters | undefined> {
  try {
    const [rows] = await conn.query({
      sql: `SELECT COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_statements_summary_by_digest
        WHERE DIGEST = ?${schema === undefined ? '' : ' AND SCHEMA_NAME <=> ?'} LIMIT 2`,
      values: schema === undefined ? [digest] : [digest, schema],
      rowsAsArray: true,
    });
    const found = rows as unknown[][];
    if (found.length !== 1) return undefined;
    const row = found[0]!;
    const calls = Number(row[0]);
    if (!Number.isFinite(calls) || calls < 0) return undefined;
    return { calls, totalLatencyMs: picosToMs(row[1], 'SUM_TIMER_WAIT') };
  } catch {
    return undefined;
  }
}
