import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import { picosToMs } from '../../../shared/tuning/digest-row';
import type { DigestCounters } from '../../../shared/tuning/statement-identity';

/** Sessions' connections found to have no STATEMENT_DIGEST(): not asked again. */
const withoutDigestFunction = new WeakSet<Connection>();

/** Server errors that mean "no such function": ER_SP_DOES_NOT_EXIST, ER_PARSE_ERROR. */
const NO_FUNCTION_ERRNOS = new Set([1305, 1064]);

/**
 * The server's DIGEST of `sql` and the connection's default schema, from MySQL's
 * STATEMENT_DIGEST() (8.0.4+; a cheap function: the statement is only parsed). MariaDB has no
 * such function: it is not asked, and neither is a server that once said it has none. Null
 * when the digest cannot be known (the caller then falls back to the statement's shape).
 */
export async function statementDigest(
  conn: Connection,
  server: ServerInfo,
  sql: string,
): Promise<{ digest: string; schema: string | null } | null> {
  if (server.flavor === 'mariadb' || withoutDigestFunction.has(conn)) return null;
  try {
    const [rows] = await conn.query({
      sql: 'SELECT STATEMENT_DIGEST(?) AS d, DATABASE() AS s',
      values: [sql],
    });
    const row = (rows as Array<Record<string, unknown>>)[0];
    const digest = row?.d;
    if (typeof digest !== 'string' || digest === '') return null;
    const schema = row?.s;
    return { digest, schema: typeof schema === 'string' ? schema : null };
  } catch (e) {
    const errno = (e as { errno?: unknown }).errno;
    if (typeof errno === 'number' && NO_FUNCTION_ERRNOS.has(errno)) withoutDigestFunction.add(conn);
    return null;
  }
}

/**
 * A digest's counters now (since the server started counting it), or undefined when the
 * server has no row for it (never ran, evicted) or the table cannot be read.
 */
export async function readDigestCounters(
  conn: Connection,
  digest: string,
  schema: string | null,
): Promise<DigestCounters | undefined> {
  try {
    const [rows] = await conn.query({
      sql: `SELECT COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_statements_summary_by_digest
        WHERE DIGEST = ? AND SCHEMA_NAME <=> ?`,
      values: [digest, schema],
      rowsAsArray: true,
    });
    const row = (rows as unknown[][])[0];
    if (!row) return undefined;
    const calls = Number(row[0]);
    if (!Number.isFinite(calls) || calls < 0) return undefined;
    return { calls, totalLatencyMs: picosToMs(row[1], 'SUM_TIMER_WAIT') };
  } catch {
    return undefined;
  }
}
