import { randomBytes } from 'node:crypto';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { z } from 'zod';
import { ApiError } from '../../shared/api/errors';
import { sameServerRun, type ServerRun } from '../../shared/server/server-run';
import { isFatal } from './fatal-error';

/**
 * A connection as the server knows it: which run of which server, its id there, and the user and
 * client address (host:port for TCP) the server shows for it. Read by the connection itself
 * right after it opened, and compared later, from another connection, before anything names it
 * in a KILL.
 */
export interface ThreadIdentity {
  run: ServerRun;
  threadId: number;
  user: string;
  host: string;
  /**
   * A user-level lock the connection holds for its whole life (GET_LOCK), null if the server
   * refused one. IS_USED_LOCK names its holder exactly, even where a fast restart keeps the
   * start time within tolerance and a socket connection has no client port to tell it apart.
   */
  marker: string | null;
}

/** What a second connection finds under a thread id it is about to KILL. */
export type ThreadCheck =
  | { verdict: 'same' }
  /** The server restarted, or the address now leads to another server: the id means nothing. */
  | { verdict: 'other-run'; now: ServerRun }
  /** No connection has that id any more: ours ended. */
  | { verdict: 'gone' }
  /** Another connection holds that id (same run: only after 2^32 connections, or a bug). */
  | { verdict: 'other-connection'; user: string; host: string }
  /** The id is the checking connection's own. */
  | { verdict: 'self' };

const wholeNumber = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const Text = z.union([z.string(), z.null()]).transform((v) => v ?? '');

const OwnRow = z.object({
  id: wholeNumber,
  user: Text,
  host: Text,
  hostname: z.string(),
  serverId: z.union([z.number(), z.string()]).transform(String),
});

const UptimeRow = z.object({ Variable_name: z.string(), Value: z.string().regex(/^\d+$/) });

const ThreadRow = z.object({ user: Text, host: Text });

/**
 * The identity of `conn`'s own connection. Two round trips: its processlist row with the
 * server's name and id, then Uptime (SHOW STATUS works with performance_schema off).
 */
export async function readOwnThreadIdentity(conn: Connection): Promise<ThreadIdentity> {
  const startedAtMs = await readStartedAtMs(conn);
  const [rows] = await conn.query<RowDataPacket[]>(
    'SELECT ID AS id, USER AS user, HOST AS host, @@hostname AS hostname, @@server_id AS serverId ' +
      'FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()',
  );
  const own = parseRow(OwnRow, rows[0], 'its own row of information_schema.PROCESSLIST');
  return {
    run: { hostname: own.hostname, serverId: own.serverId, startedAtMs },
    threadId: own.id,
    user: own.user,
    host: own.host,
    marker: await takeMarker(conn),
  };
}

/** Takes a lock named for this connection alone; null where the server refuses (Galera). */
async function takeMarker(conn: Connection): Promise<string | null> {
  const name = `sightline.${randomBytes(16).toString('hex')}`;
  try {
    const [rows] = await conn.query<RowDataPacket[]>('SELECT GET_LOCK(?, 0) AS taken', [name]);
    return Number(rows[0]?.taken) === 1 ? name : null;
  } catch (err) {
    if (isFatal(err)) throw err;
    return null;
  }
}

/** Which run of which server `conn` is connected to now. */
export async function readServerRun(conn: Connection): Promise<ServerRun> {
  const [rows] = await conn.query<RowDataPacket[]>(
    'SELECT @@hostname AS hostname, @@server_id AS serverId',
  );
  const names = parseRow(
    OwnRow.pick({ hostname: true, serverId: true }),
    rows[0],
    '@@hostname, @@server_id',
  );
  return {
    hostname: names.hostname,
    serverId: names.serverId,
    startedAtMs: await readStartedAtMs(conn),
  };
}

/** When the server started, epoch ms by this clock: now − Uptime (whole seconds). */
async function readStartedAtMs(conn: Connection): Promise<number> {
  const [rows] = await conn.query<RowDataPacket[]>(
    "SHOW SESSION STATUS WHERE Variable_name = 'Uptime'",
  );
  const at = Date.now();
  const uptime = parseRow(UptimeRow, rows[0], "status variable 'Uptime'");
  return Math.max(0, at - Number(uptime.Value) * 1000);
}

/**
 * Checks from `conn` (a connection of its own) that `expected` still names the same connection
 * on the same run of the same server. Only a `same` verdict makes a KILL of that id safe.
 */
export async function checkThread(
  conn: Connection,
  expected: ThreadIdentity,
): Promise<ThreadCheck> {
  const now = await readServerRun(conn);
  if (!sameServerRun(now, expected.run)) return { verdict: 'other-run', now };
  if (expected.marker !== null) {
    const [held] = await conn.query<RowDataPacket[]>('SELECT IS_USED_LOCK(?) AS holder', [
      expected.marker,
    ]);
    const holder = held[0]?.holder as unknown;
    if (holder === null || holder === undefined) return { verdict: 'gone' };
    if (Number(holder) !== expected.threadId) return { verdict: 'gone' };
  }
  const [rows] = await conn.query<RowDataPacket[]>(
    'SELECT USER AS user, HOST AS host, ID = CONNECTION_ID() AS self ' +
      'FROM information_schema.PROCESSLIST WHERE ID = ?',
    [expected.threadId],
  );
  const first = rows[0] as { self?: unknown } | undefined;
  if (!first) return { verdict: 'gone' };
  if (Number(first.self) === 1) return { verdict: 'self' };
  const found = parseRow(ThreadRow, first, `the processlist row of thread ${expected.threadId}`);
  if (found.user !== expected.user || found.host !== expected.host) {
    return { verdict: 'other-connection', user: found.user, host: found.host };
  }
  return { verdict: 'same' };
}

function parseRow<T>(schema: z.ZodType<T>, row: unknown, what: string): T {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    code: 'INTERNAL',
    message: `The server's answer for ${what} was not what Sightline expects: ${row === undefined ? 'no row' : JSON.stringify(row).slice(0, 200)}.`,
  });
}
