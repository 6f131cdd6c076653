import type { Connection, RowDataPacket } from 'mysql2/promise';
import { channelFromStatusRow } from '../../../shared/replication/status-columns';
import type { ReplicationChannel } from '../../../shared/replication/replication-channel';
import { withHeartbeatLag } from '../../../shared/replication/heartbeat-lag';
import { withTrueLag, type ApplierSnapshot } from '../../../shared/replication/true-lag';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import type { ServerInfo } from '../../../shared/server/server-info';
import { replicaStatusStatement } from '../../../shared/replication/status-statements';
import { requireGtidText } from './require-gtid-text';

export { replicaStatusStatement };

/**
 * Every replication channel of the server, normalised, with true lag and worker errors from
 * performance_schema where the server has them (a failure there keeps Seconds_Behind).
 */
export async function readChannels(
  conn: Connection,
  server: ServerInfo,
): Promise<ReplicationChannel[]> {
  const [rows] = await conn.query<RowDataPacket[]>(replicaStatusStatement(server));
  let channels = rows.map((row) => checkedGtids(channelFromStatusRow(row), server));
  if (channels.length === 0) return channels;
  if (server.capabilities.replicationTransactionTimestamps) {
    const snapshots = await readApplierSnapshots(conn).catch(() => null);
    if (snapshots) {
      channels = channels.map((c) => {
        const s = snapshots.get(c.name);
        return s ? withTrueLag(c, s) : c;
      });
    }
  }
  if (channels.some((c) => c.lag.source !== 'commit-timestamps')) {
    const ages = await readHeartbeatAges(conn).catch(() => null);
    if (ages)
      channels = channels.map((c) => withHeartbeatLag(c, ages.get(c.sourceServerId) ?? null));
  }
  return channels;
}

/**
 * The channel once its GTID columns read as whole sets (MariaDB: lists). The replica status
 * statements print them whole on MySQL 9.7 and MariaDB 10.11/11.8, unlike SHOW VARIABLES.
 */
function checkedGtids(channel: ReplicationChannel, server: ServerInfo): ReplicationChannel {
  const grammar = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const [retrieved, executed] =
    grammar === 'mariadb'
      ? ['Gtid_IO_Pos', 'Gtid_Slave_Pos']
      : ['Retrieved_Gtid_Set', 'Executed_Gtid_Set'];
  requireGtidText(retrieved, channel.retrievedGtids, grammar);
  requireGtidText(executed, channel.executedGtids, grammar);
  return channel;
}

/**
 * Seconds since each source's last pt-heartbeat row (by server_id), from the first table named
 * `heartbeat` with `ts` and `server_id` columns; null when there is no such table.
 */
async function readHeartbeatAges(conn: Connection): Promise<Map<number, number> | null> {
  const [tables] = await conn.query<RowDataPacket[]>(
    `SELECT TABLE_SCHEMA AS db FROM information_schema.COLUMNS
      WHERE TABLE_NAME = 'heartbeat' AND COLUMN_NAME IN ('ts', 'server_id')
      GROUP BY TABLE_SCHEMA HAVING COUNT(*) = 2 ORDER BY TABLE_SCHEMA LIMIT 1`,
  );
  const db = tables[0]?.db;
  if (typeof db !== 'string') return null;
  const [rows] = await conn.query<RowDataPacket[]>(
    `SELECT server_id AS serverId, UNIX_TIMESTAMP(NOW(6)) - UNIX_TIMESTAMP(MAX(ts)) AS age
       FROM ${qualifiedName(db, 'heartbeat')} GROUP BY server_id`,
  );
  return new Map(
    rows
      .filter((r) => r.age !== null && Number.isFinite(Number(r.age)))
      .map((r) => [Number(r.serverId), Number(r.age)]),
  );
}

// Timestamps as UNIX_TIMESTAMP decimals on the replica's clock, so no driver time zone applies;
// a zero timestamp (a source that writes none) reads as 0 and is treated as unknown.
const CONNECTION_SQL = `SELECT CHANNEL_NAME AS channel,
  UNIX_TIMESTAMP(NOW(6)) AS now,
  QUEUEING_TRANSACTION AS queueing,
  UNIX_TIMESTAMP(QUEUEING_TRANSACTION_ORIGINAL_COMMIT_TIMESTAMP) AS queueingCommit,
  LAST_QUEUED_TRANSACTION AS lastQueued,
  UNIX_TIMESTAMP(LAST_QUEUED_TRANSACTION_ORIGINAL_COMMIT_TIMESTAMP) AS lastQueuedCommit
FROM performance_schema.replication_connection_status`;
const WORKER_SQL = `SELECT CHANNEL_NAME AS channel, WORKER_ID AS workerId,
  LAST_ERROR_NUMBER AS errorNumber, LAST_ERROR_MESSAGE AS errorMessage,
  CAST(LAST_ERROR_TIMESTAMP AS CHAR) AS errorTimestamp,
  APPLYING_TRANSACTION AS applying,
  UNIX_TIMESTAMP(APPLYING_TRANSACTION_ORIGINAL_COMMIT_TIMESTAMP) AS applyingCommit
FROM performance_schema.replication_applier_status_by_worker`;

async function readApplierSnapshots(conn: Connection): Promise<Map<string, ApplierSnapshot>> {
  const [connections] = await conn.query<RowDataPacket[]>(CONNECTION_SQL);
  const [workers] = await conn.query<RowDataPacket[]>(WORKER_SQL);
  const byChannel = new Map<string, ApplierSnapshot>();
  for (const r of connections) {
    const queueing = String(r.queueing ?? '');
    byChannel.set(String(r.channel), {
      channel: String(r.channel),
      now: Number(r.now),
      queueingOriginalCommit: queueing === '' ? null : epochOrNull(r.queueingCommit),
      lastQueuedTransaction: String(r.lastQueued ?? ''),
      lastQueuedOriginalCommit: epochOrNull(r.lastQueuedCommit),
      workers: [],
    });
  }
  for (const w of workers) {
    const snapshot = byChannel.get(String(w.channel));
    if (!snapshot) continue;
    snapshot.workers.push({
      workerId: Number(w.workerId),
      errorNumber: Number(w.errorNumber ?? 0),
      errorMessage: String(w.errorMessage ?? ''),
      errorTimestamp: w.errorTimestamp === null ? '' : String(w.errorTimestamp),
      applyingTransaction: String(w.applying ?? ''),
      applyingOriginalCommit: epochOrNull(w.applyingCommit),
    });
  }
  return byChannel;
}

function epochOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}
