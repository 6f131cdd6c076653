import type { Connection, RowDataPacket } from 'mysql2/promise';
import {
  requireGtidSet,
  gtidSubtract,
  gtidIntersection,
  formatGtidSet,
} from '../../../shared/gtid';
import { qualifiedName, quoteString } from '../../../shared/sql/quote-identifier';
import type { ServerInfo } from '../../../shared/server/server-info';

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

const mariadb = (s: DriftServer) => s.info.flavor === 'mariadb';

/** ER_LOCK_WAIT_TIMEOUT: a lock (here a table lock) was not granted within its timeout. */
const ER_LOCK_WAIT_TIMEOUT = 1205;

/**
 * STOP / START of the replica's applier for the channel, in the server's words. MariaDB takes
 * `UNTIL master_gtid_pos` only with both threads stopped and started together (it answers
 * "Slave is already running" or error 1277 otherwise), so there both threads are stopped; its
 * IO thread then fetches again from the point it had.
 */
function applierStatement(
  server: DriftServer,
  verb: 'STOP' | 'START',
  channel: string,
  until?: string,
): string {
  if (mariadb(server)) {
    const name = channel === '' ? '' : ` ${quoteString(channel)}`;
    const untilPart = until === undefined ? '' : ` UNTIL master_gtid_pos = ${quoteString(until)}`;
    return `${verb} SLAVE${name}${untilPart}`;
  }
  const word = server.info.capabilities.replicaStatements ? 'REPLICA' : 'SLAVE';
  const untilPart = until === undefined ? '' : ` UNTIL SQL_AFTER_GTIDS = ${quoteString(until)}`;
  return `${verb} ${word} SQL_THREAD${untilPart} FOR CHANNEL ${quoteString(channel)}`;
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
  const statement = mariadb(server)
    ? 'SHOW ALL SLAVES STATUS'
    : server.info.capabilities.replicaStatements
      ? 'SHOW REPLICA STATUS'
      : 'SHOW SLAVE STATUS';
  const [rows] = await conn.query<RowDataPacket[]>(statement);
  const row = rows.find((r) => String(r.Channel_Name ?? r.Connection_name ?? '') === channel);
  if (!row) return null;
  const sql = String(row.Replica_SQL_Running ?? row.Slave_SQL_Running) === 'Yes';
  if (!mariadb(server)) return sql;
  return sql && String(row.Slave_IO_Running) === 'Yes';
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
 *    the executed set read, and a snapshot transaction started, then the lock released: every
 *    write to the table is either in the point and the snapshot, or in neither;
 * 3. the replica's applier runs until exactly that point (SQL_AFTER_GTIDS / master_gtid_pos)
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
  let restarted = false;
  const restart = async () => {
    if (restarted || stoppedAt === 0) return;
    restarted = true;
    await control.query(applierStatement(replica, 'START', channel));
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
    await control.query(applierStatement(replica, 'STOP', channel));
    stoppedAt = performance.now();

    const lockLink = await source.open();
    opened.push(lockLink);
    const lock = lockLink.conn;
    sourceSnap = await source.open();
    opened.push(sourceSnap);
    let point: string;
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
      await startSnapshot(sourceSnap.conn);
    } finally {
      await lock.query('UNLOCK TABLES').catch(() => undefined);
    }

    await control.query(applierStatement(replica, 'START', channel, point));
    const seconds = Math.max(1, Math.ceil(options.catchUpTimeoutMs / 1000));
    const waited = mariadb(replica)
      ? await single(control, 'SELECT MASTER_GTID_WAIT(?, ?)', [point, seconds])
      : await single(control, 'SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?)', [point, seconds]);
    if (Number(waited) !== 0)
      throw new PinError(
        `The replica did not reach the source’s point within ${seconds} s (it is too far behind); try again when its lag is lower.`,
      );
    // The applier stops by itself at the point; wait for it to have stopped.
    for (let i = 0; (await applierRunning(control, replica, channel)) === true; i++) {
      if (i > 100) throw new PinError('The replica’s applier did not stop at the point.');
      await new Promise((r) => setTimeout(r, 20));
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
    await restart().catch(() => undefined);
    for (const c of opened) await c.close().catch(() => undefined);
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
