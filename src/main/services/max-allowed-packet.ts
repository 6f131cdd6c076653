import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../shared/api/errors';
import { overPacketLimitMessage } from '../../shared/api/message-limits';
import type { DbSession } from '../db/db-session';
import { errorToApi } from '../db/error-to-api';

/** No server takes less: max_allowed_packet cannot be set below 1 KiB. */
const SMALLEST_PACKET_LIMIT = 1024;
/**
 * What a statement's packet holds besides the statement, plus one: COM_QUERY's command byte and,
 * with query attributes (MySQL 8.0.23+), two counts; and the packet must stay below
 * max_allowed_packet, not reach it (so MySQL 9.7 and MariaDB 10.11 behave, tried byte by byte).
 */
const PACKET_OVERHEAD = 4;

/**
 * Each connection's max_allowed_packet, read once: its session value is read-only, fixed from the
 * global value when the connection was made, so a new connection (after a reconnect) reads again.
 */
const limits = new WeakMap<Connection, number>();

/**
 * Refuses (INVALID_REQUEST, field `sql`) a statement bigger than the session's connection takes
 * in one packet, before anything is sent: the server would answer a bigger packet by dropping
 * the connection, and with it the session's open transaction, variables and temporary tables.
 *
 * The limit is read on the session's own connection, the first time a statement could exceed
 * the smallest possible one. `othersHoldSession`: other work holds the connection, so the caller
 * will refuse this statement anyway; the limit is then not read (it would wait behind that work).
 */
export async function refuseOverMaxAllowedPacket(
  session: DbSession,
  sql: string,
  othersHoldSession: boolean,
): Promise<void> {
  const bytes = Buffer.byteLength(sql, 'utf8');
  if (bytes + PACKET_OVERHEAD <= SMALLEST_PACKET_LIMIT) return;
  let limit: number | null;
  try {
    limit = await session.run(async (conn) => {
      const known = limits.get(conn);
      if (known !== undefined || othersHoldSession) return known ?? null;
      const read = await readMaxAllowedPacket(conn);
      limits.set(conn, read);
      return read;
    });
  } catch (err) {
    // The session has already turned a broken connection into CONNECTION_LOST.
    throw err instanceof ApiError ? err : errorToApi(err);
  }
  if (limit === null || bytes + PACKET_OVERHEAD <= limit) return;
  throw new ApiError({
    code: 'INVALID_REQUEST',
    field: 'sql',
    message: overPacketLimitMessage(bytes, limit - PACKET_OVERHEAD, limit),
  });
}

async function readMaxAllowedPacket(conn: Connection): Promise<number> {
  const [rows] = await conn.query({ sql: 'SELECT @@max_allowed_packet', rowsAsArray: true });
  const value = (rows as unknown[][])[0]?.[0];
  // An unsigned BIGINT: a number, or digits when mysql2 keeps big numbers as strings.
  const limit = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < SMALLEST_PACKET_LIMIT) {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server returned ${JSON.stringify(value)?.slice(0, 80) ?? String(value)} for @@max_allowed_packet, not a size in bytes, so a statement this large was not sent.`,
    });
  }
  return limit;
}
