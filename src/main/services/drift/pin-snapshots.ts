import type { Connection, RowDataPacket } from 'mysql2/promise';
import {
  requireGtidSet,
  gtidSubtract,
  gtidIntersection,
  formatGtidSet,
} from '../../../shared/gtid';
import { qualifiedName, quoteString } from '../../../shared/sql/quote-identifier';
import { isFatal } from '../../db/fatal-error';
import type { ServerInfo } from '../../../shared/server/server-info';
import { ER_LOCK_WAIT_TIMEOUT } from '../../db/lock-wait-timeout';

/** A connection of a comparison's own, and how to close it (an SSH tunnel with it, say). */
export interface DriftConnection {
  conn: Connection;
  close(): Promise<void>;
}

/** One server of a comparison: how to open connections to it, and what it is. */
export interface DriftServer {
  /** A new connection of its own (closed by the caller). */
  open(): Promise<DriftConnection>;
  info: ServerInfo;
}

/** Both servers reading the table as of one GTID point, each in a snapshot transaction. */
export interface PinnedSnapshots {
  source: Connection;
  replica: Connection;
  /** The point both read at: the source's executed set (MySQL) or binlog position (MariaDB). */
  point: string;
  /** How long the replica's applier was held, in ms. */
  pausedMs: number;
  /** Ends both snapshots and closes their connections. */
  release(): Promise<void>;
}

/** Why pinning could not be done, in words for the user. */
export class PinError extends Error {}

/**
 * Pinning failed (`cause`) while the replica's applier was held, and starting it again failed
 * too: the replica may be left with its applier stopped until someone runs `statement`.
 */
export class ApplierNotRestarted extends Error {
  constructor(
    readonly statement: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const mariadb = (s: DriftServer) => s.info.flavor === 'mariadb';

/**
 * Where the replica's applier is told to stop: after a GTID set (MySQL's SQL_AFTER_GTIDS,
 * MariaDB's master_gtid_pos), or at the source's binary log coordinates.
 */
type Until = { gtids: string } | { file: string; position: number };

/**
 * STOP / START of the replica's applier for the channel, in the server's words: its SQL thread,
 * or on MariaDB both threads (`both`). MariaDB takes `UNTIL master_gtid_pos` only with both
 * threads stopped and started together (it answers "Slave is already running" or error 1277
 * otherwise), and a restarted IO thread throws away the relay log it had and fetches it again,
 * so there the SQL thread alone is held at the source's coordinates where they can be read.
 */
function applierStatement(
  server: DriftServer,
  verb: 'STOP' | 'START',
  channel: string,
  options: { both?: boolean; until?: Until } = {},
): string {
  const { both = false, until } = options;
  const untilPart = !until
    ? ''
    : 'gtids' in until
      ? mariadb(server)
        ? ` UNTIL master_gtid_pos = ${quoteString(until.gtids)}`
        : ` UNTIL SQL_AFTER_GTIDS = ${quoteString(until.gtids)}`
      : ` UNTIL MASTER_LOG_FILE = ${quoteString(until.file)}, MASTER_LOG_POS = ${until.position}`;
  if (mariadb(server)) {
    const name = channel === '' ? '' : ` ${quoteString(channel)}`;
    return `${verb} SLAVE${name}${both ? '' : ' SQL_THREAD'}${untilPart}`;
  }
  const word = server.info.capabilities.replicaStatements ? 'REPLICA' : 'SLAVE';
  return `${verb} ${word} SQL_THREAD${untilPart} FOR CHANNEL ${quoteString(channel)}`;
}

/** ER_SPECIFIC_ACCESS_DENIED_ERROR / ER_ACCESS_DENIED_ERROR: a privilege is missing. */
const ACCESS_DENIED = new Set([1227, 1045]);

/**
 * The source's binary log coordinates (`SHOW MASTER STATUS`), or null when this account may not
 * read them (MariaDB 10.5+ asks for BINLOG MONITOR) or the binary log is off.
 */
async function binlogCoordinates(
  conn: Connection,
): Promise<{ file: string; position: number } | null> {
  try {
    const [rows] = await conn.query<RowDataPacket[]>('SHOW MASTER STATUS');
    const row = rows[0];
    if (!row) return null;
    const position = Number(row.Position);
    if (typeof row.File !== 'string' || !Number.isSafeInteger(position)) return null;
    return { file: row.File, position };
  } catch (error) {
    if (ACCESS_DENIED.has(Number((error as { errno?: unknown }).errno))) return null;
    throw error;
  }
}

/** `*_Running` of the threads the comparison stops and starts again, or null without that channel. */
async function applierThreads(
  conn: Connection,
  server: DriftServer,
  channel: string,
): Promise<{ sql: string; io: string; file: string; position: number } | null> {
  const statement = mariadb(server)
    ? 'SHOW ALL SLAVES STATUS'
    : server.info.capabilities.replicaStatements
      ? 'SHOW REPLICA STATUS'
      : 'SHOW SLAVE STATUS';
  const [rows] = await conn.query<RowDataPacket[]>(statement);
  const row = rows.find((r) => String(r.Channel_Name ?? r.Connection_name ?? '') === channel);
  if (!row) return null;
  return {
    sql: String(row.Replica_SQL_Running ?? row.Slave_SQL_Running),
    io: String(row.Replica_IO_Running ?? row.Slave_IO_Running),
    // Where the applier is, in the source's binary log.
    file: String(row.Relay_Source_Log_File ?? row.Relay_Master_Log_File),
    position: Number(row.Exec_Source_Log_Pos ?? row.Exec_Master_Log_Pos),
  };
}

/**
 * Whether the threads the comparison stops and starts again are running (the SQL thread; on
 * MariaDB both), or null when there is no such channel.
 */
async function applierRunning(
  conn: Connection,
  server: DriftServer,
  channel: string,
): Promise<boolean | null> {
  const threads = await applierThreads(conn, server, channel);
  if (!threads) return null;
  return threads.sql === 'Yes' && (!mariadb(server) || threads.io === 'Yes');
}

/**
 * Whether the threads held have stopped (`both`: on MariaDB, both of them). Not the same as not
 * running: a MariaDB IO thread reads `Connecting` while it starts, and after `UNTIL
 * master_gtid_pos` one thread can stop before the other; a START issued before both are down
 * leaves them both stopped.
 */
async function applierStopped(
  conn: Connection,
  server: DriftServer,
  channel: string,
  both: boolean,
): Promise<boolean> {
  const threads = await applierThreads(conn, server, channel);
  if (!threads) return true;
  return threads.sql === 'No' && (!both || threads.io === 'No');
}

async function single(conn: Connection, sql: string, values: unknown[] = []): Promise<unknown> {
  const [rows] = await conn.query<RowDataPacket[]>(sql, values);
  const row = rows[0];
  return row ? Object.values(row)[0] : undefined;
}

async function startSnapshot(conn: Connection): Promise<void> {
  await conn.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  await conn.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
}

/**
 * Brings source and replica to one point for one table, changing nothing but the replica's
 * applier for a moment:
 * 1. the replica's applier (SQL thread) of the channel is stopped, so it cannot pass the point;
 * 2. on the source, the table is locked for reading (writers to it wait, for milliseconds),
 *    the executed set (and on MariaDB the binary log coordinates after it) read, and a snapshot
 *    transaction started, then the lock released: every write to the table is either in the
 *    point and the snapshot, or in neither;
 * 3. the replica's applier runs until exactly that point (SQL_AFTER_GTIDS; on MariaDB the
 *    coordinates, or master_gtid_pos with both threads where the coordinates may not be read)
 *    and stops; a snapshot is started there, and the applier is started again.
 * The applier is started again whatever fails. Refused when the applier is not running (the
 * user stopped it: not ours to start), and checked afterwards: a replica that went past the
 * point (it applied transactions of the source the point does not have) is an error.
 */
export async function pinSnapshots(
  source: DriftServer,
  replica: DriftServer,
  schema: string,
  table: string,
  options: { channel: string; catchUpTimeoutMs: number; lockWaitSeconds: number },
): Promise<PinnedSnapshots> {
  const { channel } = options;
  const controlLink = await replica.open();
  const control = controlLink.conn;
  const opened: DriftConnection[] = [controlLink];
  let sourceSnap: DriftConnection | null = null;
  let replicaSnap: DriftConnection | null = null;
  let stoppedAt = 0;
  // Set when a STOP may have reached the server: once it is sent, unless the server refused it.
  // A link that breaks while the STOP is on its way (a server frozen, then back) can still
  // run it, so the applier is then treated as held: started again, or the user told.
  let held = false;
  let restarted = false;
  // MariaDB: the SQL thread alone where the source's coordinates can be read, else both.
  let both = false;
  const restart = async () => {
    if (restarted || !held) return;
    restarted = true;
    await control.query(applierStatement(replica, 'START', channel, { both }));
  };
  try {
    const running = await applierRunning(control, replica, channel);
    if (running === null)
      throw new PinError(`The replica has no replication channel “${channel}”.`);
    if (!running)
      throw new PinError(
        mariadb(replica)
          ? 'The replica’s replication threads are not both running. Start them first: the comparison holds them for a moment and starts them again, and does not start threads someone stopped.'
          : 'The replica’s applier (SQL thread) is stopped. Start it first: the comparison holds it for a moment and starts it again, and does not start an applier someone stopped.',
      );
    const lockLink = await source.open();
    opened.push(lockLink);
    const lock = lockLink.conn;
    both = mariadb(replica) && (await binlogCoordinates(lock)) === null;
    held = true;
    await control.query(applierStatement(replica, 'STOP', channel, { both })).catch((error) => {
      // The server's own error: it refused the STOP, nothing is held.
      if (!isFatal(error) && typeof (error as { errno?: unknown }).errno === 'number') held = false;
      throw error;
    });
    stoppedAt = performance.now();

    sourceSnap = await source.open();
    opened.push(sourceSnap);
    let point: string;
    let until: Until;
    try {
      // The applier is held from here on: a transaction writing to the table would make the
      // lock wait for it (lock_wait_timeout is a year by default), so give up soon instead.
      await lock.query('SET SESSION lock_wait_timeout = ?', [options.lockWaitSeconds]);
      try {
        await lock.query(`LOCK TABLES ${qualifiedName(schema, table)} READ`);
      } catch (error) {
        if ((error as { errno?: unknown }).errno !== ER_LOCK_WAIT_TIMEOUT) throw error;
        throw new PinError(
          `${schema}.${table} could not be locked for reading within ${options.lockWaitSeconds} s: a transaction that writes to it is still open on the source. The replica's applier was started again; try when that transaction has ended.`,
        );
      }
      point = String(
        await single(
          lock,
          mariadb(source) ? 'SELECT @@GLOBAL.gtid_binlog_pos' : 'SELECT @@GLOBAL.gtid_executed',
        ),
      );
      // Read after the point, so the replica stopping there has passed it; writes to other
      // tables in between change nothing of this one, which is locked.
      const coordinates = mariadb(replica) && !both ? await binlogCoordinates(lock) : null;
      if (mariadb(replica) && !both && !coordinates)
        throw new PinError('The source’s binary log coordinates could no longer be read.');
      until = coordinates ?? { gtids: point };
      await startSnapshot(sourceSnap.conn);
    } finally {
      await lock.query('UNLOCK TABLES').catch(() => undefined);
    }

    await control.query(applierStatement(replica, 'START', channel, { both, until }));
    const seconds = Math.max(1, Math.ceil(options.catchUpTimeoutMs / 1000));
    // Held at coordinates, MariaDB waits for the point too (MASTER_POS_WAIT answers NULL when
    // the thread is not running, which it may no longer be): the coordinates are after the
    // point, and the loop below waits for the thread to stop at them.
    const waited = mariadb(replica)
      ? await single(control, 'SELECT MASTER_GTID_WAIT(?, ?)', [point, seconds])
      : await single(control, 'SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?)', [point, seconds]);
    if (Number(waited) !== 0)
      throw new PinError(
        `The replica did not reach the source’s point within ${seconds} s (it is too far behind); try again when its lag is lower.`,
      );
    // The applier stops by itself at the point (with master_gtid_pos, both threads do): wait
    // until it has, so the START below is not taken by threads still on their way down.
    for (let i = 0; !(await applierStopped(control, replica, channel, both)); i++) {
      if (i > 250) throw new PinError('The replica’s applier did not stop at the point.');
      await new Promise((r) => setTimeout(r, 20));
    }
    if ('file' in until) {
      // Exactly there: a parallel applier could have run past it.
      const at = await applierThreads(control, replica, channel);
      if (!at || at.file !== until.file || at.position !== until.position)
        throw new PinError(
          `The replica’s applier stopped at ${at ? `${at.file}:${at.position}` : 'an unknown position'}, not at the source’s point ${until.file}:${until.position}; try again.`,
        );
    }
    replicaSnap = await replica.open();
    opened.push(replicaSnap);
    await startSnapshot(replicaSnap.conn);
    if (!mariadb(replica)) await checkNotPast(replicaSnap.conn, sourceSnap.conn, point);
    await restart();
    const pausedMs = performance.now() - stoppedAt;
    // Back as it was before the next pin looks (the next table, or this one's next point):
    // right after START, the threads can still read as not running, which that pin would take
    // for threads someone stopped. Five seconds at most; a later pin says if they never came.
    for (let i = 0; i < 250 && (await applierRunning(control, replica, channel)) === false; i++)
      await new Promise((r) => setTimeout(r, 20));
    const pinnedSource = sourceSnap;
    const pinnedReplica = replicaSnap;
    await controlLink.close().catch(() => undefined);
    await lockLink.close().catch(() => undefined);
    return {
      source: pinnedSource.conn,
      replica: pinnedReplica.conn,
      point,
      pausedMs,
      release: async () => {
        for (const c of [pinnedSource, pinnedReplica]) {
          await c.conn.query('ROLLBACK').catch(() => undefined);
          await c.close().catch(() => undefined);
        }
      },
    };
  } catch (error) {
    const restartFailed = await restart().then(
      () => false,
      () => true,
    );
    for (const c of opened) await c.close().catch(() => undefined);
    if (restartFailed)
      throw new ApplierNotRestarted(applierStatement(replica, 'START', channel, { both }), error);
    throw error;
  }
}

/**
 * MySQL: the replica's executed set must hold the point and no transaction of the source
 * beyond it (its own errant ones are fine: they are what a comparison may be looking for).
 */
async function checkNotPast(replica: Connection, source: Connection, point: string): Promise<void> {
  const executed = requireGtidSet(String(await single(replica, 'SELECT @@GLOBAL.gtid_executed')));
  const sourceNow = requireGtidSet(String(await single(source, 'SELECT @@GLOBAL.gtid_executed')));
  const beyond = gtidIntersection(gtidSubtract(executed, requireGtidSet(point)), sourceNow);
  if (!beyond.isEmpty)
    throw new PinError(
      `The replica applied transactions past the point (${formatGtidSet(beyond).slice(0, 200)}); try again.`,
    );
}
