// mysql.slow_log (log_output includes TABLE) read as slow-log entries, streamed row by row on the
// tool's session, so the same digest gives the same classes as the file would.
import type { SlowLogEntry } from '../../shared/slowlog';
import type { DbSession } from '../db/db-session';
import { streamStatement, type RawCell } from '../db/stream-statement';
import { ownStatement } from '../db/tagged-connection';

/** Seconds of a TIME(6) column, microseconds kept, the same on MySQL and MariaDB. */
const seconds = (column: string) =>
  `HOUR(${column}) * 3600 + MINUTE(${column}) * 60 + SECOND(${column}) + MICROSECOND(${column}) * 0.000001`;

/**
 * The columns read, in order: times as the file writes them, durations in seconds. (TIME_TO_SEC
 * drops the microseconds on MySQL and keeps them on MariaDB: not used.)
 */
export const SLOW_LOG_TABLE_SQL = `SELECT DATE_FORMAT(start_time, '%Y-%m-%dT%H:%i:%s.%f'), user_host, ${seconds('query_time')}, ${seconds('lock_time')}, rows_sent, rows_examined, db, sql_text FROM mysql.slow_log`;

const USER_HOST = /^([^[]*)\[([^\]]*)\] @ ([^ ]*) \[([^\]]*)\]/;

const text = (v: RawCell) =>
  v === null ? undefined : typeof v === 'string' ? v : v.toString('utf8');
const bytes = (v: RawCell) =>
  v === null
    ? ''
    : typeof v === 'string'
      ? Buffer.from(v, 'utf8').toString('latin1')
      : v.toString('latin1');
const number = (v: RawCell) => {
  const n = Number(text(v) ?? 'NaN');
  return Number.isFinite(n) ? n : 0;
};

/**
 * One row of mysql.slow_log as the entry the file would hold: the statement as bytes (one char
 * per byte), `User@Host` split as the file's reader splits it, the four attributes the table
 * has. `index` stands in for the byte offset (the row's place in the table).
 */
export function slowLogTableEntry(values: readonly RawCell[], index: number): SlowLogEntry {
  const [time, userHost, queryTime, lockTime, rowsSent, rowsExamined, db, sql] = values;
  const who = USER_HOST.exec(text(userHost ?? null) ?? '');
  const dbName = text(db ?? null);
  return {
    statement: bytes(sql ?? null).replace(/;\s*$/, ''),
    command: 'Query',
    ...(time !== null && time !== undefined ? { time: text(time) } : {}),
    ...(who ? { user: who[1]!.trim() || who[2]!, host: who[3]!, ip: who[4]! } : {}),
    ...(dbName ? { db: dbName } : {}),
    attributes: new Map([
      ['Query_time', number(queryTime ?? null).toFixed(6)],
      ['Lock_time', number(lockTime ?? null).toFixed(6)],
      ['Rows_sent', String(Math.trunc(number(rowsSent ?? null)))],
      ['Rows_examined', String(Math.trunc(number(rowsExamined ?? null)))],
    ]),
    offset: index,
  };
}

/**
 * Streams mysql.slow_log through `onEntry` on the session's own connection. Cancel: abort
 * `signal`; the statement is stopped with KILL QUERY and the promise rejects.
 */
export async function readSlowLogTable(
  session: DbSession,
  onEntry: (entry: SlowLogEntry) => void,
  options: { signal: AbortSignal; onProgress: (rows: number) => void },
): Promise<number> {
  options.signal.throwIfAborted();
  let rows = 0;
  await session.run(
    (conn) =>
      new Promise<void>((resolve, reject) => {
        const threadId = session.threadId;
        const kill = () => {
          if (threadId !== null) void session.killQuery(threadId).catch(() => undefined);
        };
        options.signal.addEventListener('abort', kill, { once: true });
        // Streamed on the core connection, which sends text as given: tagged here.
        streamStatement(conn, ownStatement(SLOW_LOG_TABLE_SQL), {
          columns() {},
          row(values) {
            if (options.signal.aborted) return;
            onEntry(slowLogTableEntry(values, rows));
            rows += 1;
            if (rows % 1000 === 0) options.onProgress(rows);
          },
          end() {
            options.signal.removeEventListener('abort', kill);
            if (options.signal.aborted) reject(options.signal.reason as Error);
            else resolve();
          },
          error(err) {
            options.signal.removeEventListener('abort', kill);
            reject(options.signal.aborted ? (options.signal.reason as Error) : err);
          },
        });
      }),
  );
  options.onProgress(rows);
  return rows;
}
