import type { Connection } from 'mysql2/promise';
import type { AlterBlocker } from '../../../shared/api/alter';
import {
  countOf,
  selectRows,
  textOf,
  textOrNull,
  type MetadataRow,
} from '../schema/metadata-query';

/** ER_UNKNOWN_TABLE / ER_NO_SUCH_TABLE: the server has no such view (a plugin not loaded). */
const NO_SUCH_VIEW = new Set([1109, 1146]);

/**
 * MySQL: who holds or waits for the table's metadata lock, from performance_schema (the MDL
 * instrument is on by default since 8.0), with each session's open transaction.
 */
const MYSQL_MDL = `
SELECT t.PROCESSLIST_ID AS ID, t.PROCESSLIST_USER AS USER, t.PROCESSLIST_HOST AS HOST,
       t.PROCESSLIST_DB AS DB, t.PROCESSLIST_COMMAND AS COMMAND, t.PROCESSLIST_TIME AS TIME,
       t.PROCESSLIST_STATE AS STATE, t.PROCESSLIST_INFO AS INFO,
       ml.LOCK_TYPE, ml.LOCK_STATUS, trx.trx_started AS TRX_STARTED
  FROM performance_schema.metadata_locks ml
  JOIN performance_schema.threads t ON t.THREAD_ID = ml.OWNER_THREAD_ID
  LEFT JOIN information_schema.INNODB_TRX trx ON trx.trx_mysql_thread_id = t.PROCESSLIST_ID
 WHERE ml.OBJECT_TYPE = 'TABLE' AND ml.OBJECT_SCHEMA = ? AND ml.OBJECT_NAME = ?
   AND t.PROCESSLIST_ID IS NOT NULL AND t.PROCESSLIST_ID <> CONNECTION_ID()
 ORDER BY ml.LOCK_STATUS = 'GRANTED' DESC, t.PROCESSLIST_TIME DESC`;

/** MariaDB with the metadata_lock_info plugin. */
const MARIADB_MDL = `
SELECT p.ID, p.USER, p.HOST, p.DB, p.COMMAND, p.TIME, p.STATE, p.INFO,
       m.LOCK_TYPE, 'GRANTED' AS LOCK_STATUS, trx.trx_started AS TRX_STARTED
  FROM information_schema.METADATA_LOCK_INFO m
  JOIN information_schema.PROCESSLIST p ON p.ID = m.THREAD_ID
  LEFT JOIN information_schema.INNODB_TRX trx ON trx.trx_mysql_thread_id = p.ID
 WHERE m.TABLE_SCHEMA = ? AND m.TABLE_NAME = ? AND p.ID <> CONNECTION_ID()`;

/**
 * MariaDB without the plugin: which transaction touched the table cannot be known, so every open
 * transaction is named as one that may hold the lock.
 */
const OPEN_TRANSACTIONS = `
SELECT p.ID, p.USER, p.HOST, p.DB, p.COMMAND, p.TIME, p.STATE, p.INFO,
       NULL AS LOCK_TYPE, 'OPEN' AS LOCK_STATUS, trx.trx_started AS TRX_STARTED
  FROM information_schema.INNODB_TRX trx
  JOIN information_schema.PROCESSLIST p ON p.ID = trx.trx_mysql_thread_id
 WHERE p.ID <> CONNECTION_ID()
 ORDER BY trx.trx_started`;

/** Sessions waiting for a metadata lock (any table: the processlist does not say which). */
const MDL_WAITERS = `
SELECT ID, USER, HOST, DB, COMMAND, TIME, STATE, INFO, NULL AS LOCK_TYPE, 'PENDING' AS LOCK_STATUS,
       NULL AS TRX_STARTED
  FROM information_schema.PROCESSLIST
 WHERE STATE LIKE 'Waiting for table metadata lock%' AND ID <> CONNECTION_ID()`;

function toBlocker(r: MetadataRow): AlterBlocker {
  const status = textOf(r.LOCK_STATUS);
  return {
    processId: countOf(r.ID) ?? 0,
    user: textOf(r.USER),
    host: textOf(r.HOST),
    db: textOrNull(r.DB),
    command: textOf(r.COMMAND),
    timeSeconds: countOf(r.TIME) ?? 0,
    state: textOrNull(r.STATE) || null,
    info: textOrNull(r.INFO),
    trxStarted:
      r.TRX_STARTED instanceof Date ? r.TRX_STARTED.toISOString() : textOrNull(r.TRX_STARTED),
    lockType: textOrNull(r.LOCK_TYPE),
    relation: status === 'GRANTED' ? 'holds' : status === 'PENDING' ? 'waits' : 'open-transaction',
  };
}

/**
 * Sessions the ALTER would wait behind (or waits behind): holders of the table's metadata lock
 * and their open transactions, then sessions waiting for it. `exclude` leaves out the ALTER's
 * own connection. Each session appears once, its strongest relation first.
 */
export async function readBlockers(
  conn: Connection,
  flavor: 'mysql' | 'mariadb',
  schema: string,
  table: string,
  exclude: readonly number[],
): Promise<AlterBlocker[]> {
  let rows: MetadataRow[];
  try {
    rows = await selectRows(conn, flavor === 'mysql' ? MYSQL_MDL : MARIADB_MDL, [schema, table]);
  } catch (e) {
    if (!NO_SUCH_VIEW.has((e as { errno?: number }).errno ?? 0)) throw e;
    rows = [
      ...(await selectRows(conn, OPEN_TRANSACTIONS)),
      ...(await selectRows(conn, MDL_WAITERS)),
    ];
  }
  const seen = new Set<number>(exclude);
  const blockers: AlterBlocker[] = [];
  for (const r of rows) {
    const b = toBlocker(r);
    if (seen.has(b.processId)) continue;
    seen.add(b.processId);
    blockers.push(b);
  }
  return blockers;
}
