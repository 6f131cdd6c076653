import { STATEMENT_PREVIEW_CHARS } from '../../../shared/processlist/process-row';

/**
 * The statements of one poll. Column aliases are the names the shared row models read (see
 * src/shared/processlist/map-*.ts). Statements are cut at the preview length on the server, so a
 * 1 MB statement does not travel every poll; INFO_LENGTH keeps its real length.
 */

/**
 * MySQL 8.0.22+: performance_schema.processlist (no global mutex, unlike SHOW PROCESSLIST).
 * Its threads and current statements are read apart and joined by the client (see
 * joinPerformanceSchemaRows): a server-side join of these tables is ten times slower.
 */
export const PERFORMANCE_SCHEMA_PROCESSLIST = `SELECT ID, USER, HOST, DB, COMMAND, TIME, STATE,
  LEFT(INFO, ${STATEMENT_PREVIEW_CHARS + 1}) AS INFO, CHAR_LENGTH(INFO) AS INFO_LENGTH, EXECUTION_ENGINE
FROM performance_schema.processlist`;

/** The threads of some connections (a thread's id, name and type never change: cached). */
export const THREADS_OF = `SELECT THREAD_ID, PROCESSLIST_ID, NAME AS THREAD_NAME, TYPE AS THREAD_TYPE
FROM performance_schema.threads WHERE PROCESSLIST_ID IN (?)`;

/**
 * Figures of the statements running now. While END_EVENT_ID is NULL the statement runs and
 * TIMER_WAIT is its time so far (picoseconds).
 */
export const CURRENT_STATEMENTS = `SELECT THREAD_ID, 1 AS STATEMENT_RUNNING, TIMER_WAIT AS STATEMENT_PS,
  LOCK_TIME AS LOCK_PS, ROWS_EXAMINED, ROWS_SENT,
  CREATED_TMP_TABLES AS TMP_TABLES, CREATED_TMP_DISK_TABLES AS TMP_DISK_TABLES
FROM performance_schema.events_statements_current
WHERE NESTING_EVENT_ID IS NULL AND END_EVENT_ID IS NULL`;

/**
 * Per-session memory (threads.TOTAL_MEMORY, MySQL 8.0.31+) and the progress of stages that
 * estimate their work (events_stages_current, when that consumer is on), by processlist id:
 * one statement for both, what sys.x$processlist reads, without its per-event memory sum
 * (2,000 sessions × hundreds of memory instruments). Null when there is nothing to read.
 */
export function threadActivity(memory: boolean, stages: boolean): string | null {
  const stageColumns =
    's.EVENT_NAME AS STAGE_NAME, s.WORK_COMPLETED, s.WORK_ESTIMATED FROM performance_schema';
  if (memory) {
    return stages
      ? `SELECT t.PROCESSLIST_ID AS ID, t.TOTAL_MEMORY AS MEMORY_USED, t.MAX_TOTAL_MEMORY AS MAX_MEMORY_USED,
  ${stageColumns}.threads t
LEFT JOIN performance_schema.events_stages_current s ON s.THREAD_ID = t.THREAD_ID AND s.WORK_ESTIMATED > 0
WHERE t.PROCESSLIST_ID IS NOT NULL`
      : `SELECT PROCESSLIST_ID AS ID, TOTAL_MEMORY AS MEMORY_USED, MAX_TOTAL_MEMORY AS MAX_MEMORY_USED
FROM performance_schema.threads WHERE PROCESSLIST_ID IS NOT NULL`;
  }
  if (!stages) return null;
  return `SELECT t.PROCESSLIST_ID AS ID, ${stageColumns}.events_stages_current s
JOIN performance_schema.threads t ON t.THREAD_ID = s.THREAD_ID
WHERE s.WORK_ESTIMATED > 0 AND t.PROCESSLIST_ID IS NOT NULL`;
}

/** Whether the current-stage consumer is on (off by default): stage progress needs it. */
export const STAGES_CONSUMER = `SELECT ENABLED FROM performance_schema.setup_consumers
WHERE NAME = 'events_stages_current'`;

/** information_schema.PROCESSLIST, with MariaDB's extra columns when it has them. */
export function informationSchemaProcesslist(extras: boolean): string {
  const more = extras
    ? ', TIME_MS, STAGE, MAX_STAGE, PROGRESS, MEMORY_USED, MAX_MEMORY_USED, EXAMINED_ROWS, QUERY_ID'
    : '';
  return `SELECT ID, USER, HOST, DB, COMMAND, TIME, STATE,
  LEFT(INFO, ${STATEMENT_PREVIEW_CHARS + 1}) AS INFO, CHAR_LENGTH(INFO) AS INFO_LENGTH${more}
FROM information_schema.PROCESSLIST`;
}

/** InnoDB transactions; ages computed by the server, so its clock and time zone apply. */
export const INNODB_TRANSACTIONS = `SELECT trx_id, trx_state, trx_mysql_thread_id, trx_isolation_level,
  trx_rows_locked, trx_rows_modified, trx_tables_locked,
  TIMESTAMPDIFF(SECOND, trx_started, NOW()) AS AGE_SECONDS,
  TIMESTAMPDIFF(SECOND, trx_wait_started, NOW()) AS WAIT_SECONDS
FROM information_schema.INNODB_TRX`;

/** MySQL 8.0+: row-lock waits, by thread and lock id (joined by the client). */
export const DATA_LOCK_WAITS = `SELECT REQUESTING_THREAD_ID, BLOCKING_THREAD_ID,
  REQUESTING_ENGINE_LOCK_ID, BLOCKING_ENGINE_LOCK_ID
FROM performance_schema.data_lock_waits`;

/**
 * The locks named by some waits. ENGINE is given with the lock ids: MySQL 9.7 looking up
 * ENGINE_LOCK_ID alone (half of the table's key) missed the waiting lock of a pair.
 */
export const DATA_LOCKS_OF = `SELECT ENGINE_LOCK_ID, OBJECT_SCHEMA, OBJECT_NAME, INDEX_NAME, LOCK_MODE
FROM performance_schema.data_locks WHERE ENGINE = 'INNODB' AND ENGINE_LOCK_ID IN (?)`;

/** MariaDB (and MySQL before 8.0): row-lock waits from information_schema. */
export const INNODB_LOCK_WAITS = `SELECT rt.trx_mysql_thread_id AS WAITING_ID, bt.trx_mysql_thread_id AS BLOCKING_ID,
  rl.lock_table AS LOCK_TABLE, rl.lock_index AS LOCK_INDEX,
  rl.lock_mode AS WAITING_MODE, bl.lock_mode AS BLOCKING_MODE
FROM information_schema.INNODB_LOCK_WAITS w
JOIN information_schema.INNODB_TRX rt ON rt.trx_id = w.requesting_trx_id
JOIN information_schema.INNODB_TRX bt ON bt.trx_id = w.blocking_trx_id
LEFT JOIN information_schema.INNODB_LOCKS rl ON rl.lock_id = w.requested_lock_id
LEFT JOIN information_schema.INNODB_LOCKS bl ON bl.lock_id = w.blocking_lock_id`;

/** Metadata locks with their owners' processlist ids. */
export const METADATA_LOCKS = `SELECT m.OBJECT_TYPE, m.OBJECT_SCHEMA, m.OBJECT_NAME, m.LOCK_TYPE, m.LOCK_STATUS,
  t.PROCESSLIST_ID AS OWNER_ID
FROM performance_schema.metadata_locks m
JOIN performance_schema.threads t ON t.THREAD_ID = m.OWNER_THREAD_ID
WHERE t.PROCESSLIST_ID IS NOT NULL`;

/** Whether the metadata-lock instrument is on (MariaDB ships it off). */
export const MDL_INSTRUMENT = `SELECT ENABLED FROM performance_schema.setup_instruments
WHERE NAME = 'wait/lock/metadata/sql/mdl'`;
