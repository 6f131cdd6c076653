import type mysql from 'mysql2/promise';
import { connectTo, queryRow, withConnection } from './connect';
import type { RunningServer } from './instance';
import { programOf } from './server-kind';

/**
 * Makes `replica` replicate from `source` by GTID auto-positioning, as root over loopback, and
 * starts the replication threads. MySQL: `SOURCE_AUTO_POSITION=1` (`GET_SOURCE_PUBLIC_KEY=1` so a
 * password account would work without TLS); MariaDB: `MASTER_USE_GTID=slave_pos`.
 */
export async function replicateFrom(replica: RunningServer, source: RunningServer): Promise<void> {
  await withConnection(replica, async (connection) => {
    if (programOf(replica.kind) === 'mysql') {
      await connection.query(
        `CHANGE REPLICATION SOURCE TO SOURCE_HOST = ?, SOURCE_PORT = ?, SOURCE_USER = ?, SOURCE_PASSWORD = ?,
           SOURCE_AUTO_POSITION = 1, GET_SOURCE_PUBLIC_KEY = 1`,
        [source.host, source.port, source.user, source.password],
      );
      await connection.query('START REPLICA');
    } else {
      await connection.query(
        `CHANGE MASTER TO MASTER_HOST = ?, MASTER_PORT = ?, MASTER_USER = ?, MASTER_PASSWORD = ?,
           MASTER_USE_GTID = slave_pos`,
        [source.host, source.port, source.user, source.password],
      );
      await connection.query('START SLAVE');
    }
  });
}

/** The replication state that matters for waiting, under both flavors' column names. */
export interface ReplicaThreads {
  ioRunning: string;
  sqlRunning: string;
  lastIoError: string;
  lastSqlError: string;
}

/**
 * Reads `SHOW REPLICA STATUS` (MySQL) / `SHOW SLAVE STATUS` (MariaDB), of the named channel
 * when one is given (`FOR CHANNEL` / `SHOW SLAVE 'name' STATUS`); null when there is none.
 */
export async function replicaThreads(
  connection: mysql.Connection,
  kind: RunningServer['kind'],
  channel = '',
): Promise<ReplicaThreads | null> {
  const mysqlFlavor = programOf(kind) === 'mysql';
  const named = channel === '' ? null : connection.escape(channel);
  const [rows] = await connection.query<mysql.RowDataPacket[]>(
    mysqlFlavor
      ? `SHOW REPLICA STATUS${named ? ` FOR CHANNEL ${named}` : ''}`
      : named
        ? `SHOW SLAVE ${named} STATUS`
        : 'SHOW SLAVE STATUS',
  );
  const row = rows[0];
  if (!row) return null;
  const prefix = mysqlFlavor ? 'Replica' : 'Slave';
  return {
    ioRunning: String(row[`${prefix}_IO_Running`]),
    sqlRunning: String(row[`${prefix}_SQL_Running`]),
    lastIoError: String(row.Last_IO_Error ?? ''),
    lastSqlError: String(row.Last_SQL_Error ?? ''),
  };
}

/**
 * Waits until the replica's IO and SQL threads both run, failing with the replica's own error
 * (wrong port, duplicate server_uuid, ...) instead of a bare timeout.
 */
export async function waitForReplicaThreads(
  replica: RunningServer,
  timeoutMs = 30_000,
): Promise<void> {
  await withConnection(replica, async (connection) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const threads = await replicaThreads(connection, replica.kind);
      if (threads?.ioRunning === 'Yes' && threads.sqlRunning === 'Yes') return;
      if (Date.now() > deadline) {
        throw new Error(
          `replication threads of ${replica.name} on port ${replica.port} not running: ${JSON.stringify(threads)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/**
 * Waits until `replica` has applied everything `source` has executed so far (by GTID: MySQL
 * `WAIT_FOR_EXECUTED_GTID_SET`, MariaDB `MASTER_GTID_WAIT`). Call after writing on the source.
 */
export async function waitForCatchUp(
  source: RunningServer,
  replica: RunningServer,
  timeoutMs = 30_000,
): Promise<void> {
  const mysqlFlavor = programOf(source.kind) === 'mysql';
  const position = await withConnection(source, async (connection) =>
    String(
      (
        await queryRow(
          connection,
          mysqlFlavor
            ? 'SELECT @@GLOBAL.gtid_executed AS p'
            : 'SELECT @@GLOBAL.gtid_binlog_pos AS p',
        )
      ).p,
    ),
  );
  const seconds = Math.ceil(timeoutMs / 1000);
  const waited = await withConnection(replica, async (connection) =>
    Number(
      (
        await queryRow(
          connection,
          mysqlFlavor
            ? 'SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?) AS r'
            : 'SELECT MASTER_GTID_WAIT(?, ?) AS r',
          [mysqlFlavor ? descendingIntervals(position) : position, seconds],
        )
      ).r,
    ),
  );
  if (waited !== 0) {
    const threads = await withConnection(replica, (connection) =>
      replicaThreads(connection, replica.kind),
    );
    throw new Error(
      `${replica.name} on port ${replica.port} did not reach the source's GTID position ${position} ` +
        `within ${seconds} s: ${JSON.stringify(threads)}`,
    );
  }
}

/**
 * Ends the binlog dump threads serving replicas of `server` (MySQL). MySQL 9.7 takes about 10 s
 * to shut down while a replica is attached, waiting on those threads; ending them first makes it
 * take about 1 s. Replicas see the same disconnect a shutdown causes and retry as usual.
 * Best effort, bounded to a few seconds: a hung server is then simply stopped by signal.
 */
export async function disconnectReplicas(server: RunningServer): Promise<void> {
  const connection = await connectTo(server, { connectTimeout: 2000 });
  const work = (async () => {
    const [rows] = await connection.query<mysql.RowDataPacket[]>(
      "SELECT ID FROM information_schema.PROCESSLIST WHERE COMMAND LIKE 'Binlog Dump%'",
    );
    for (const row of rows) await connection.query('KILL ?', [row.ID]).catch(() => undefined);
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), 3000)),
  );
  try {
    if ((await Promise.race([work, timeout])) === 'timeout') connection.destroy();
    // A clean COM_QUIT: a connection dropped abruptly delays MySQL's shutdown by seconds.
    else await connection.end();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A MySQL GTID set as printed (`uuid:1-5:7,\nuuid2:tag:3`) with each run of intervals in
 * descending order: the same set, but MySQL 9.7 reads 10^5 intervals given this way in 13 ms
 * instead of about 9 s in ascending order (WAIT_FOR_EXECUTED_GTID_SET, SET gtid_purged).
 */
export function descendingIntervals(set: string): string {
  return set
    .split(',')
    .map((member) => {
      const [uuid = '', ...parts] = member.trim().split(':');
      const out = [uuid];
      let run: string[] = [];
      for (const part of parts) {
        if (/^\s*\d/.test(part)) {
          run.push(part);
          continue;
        }
        out.push(...run.reverse(), part);
        run = [];
      }
      out.push(...run.reverse());
      return out.join(':');
    })
    .filter((member) => member !== '')
    .join(',');
}
