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
 * The columns read, in order: the time, durations in seconds. (TIME_TO_SEC drops the
 * microseconds on MySQL and keeps them on MariaDB: not used.) The time is what the file's reader
 * takes from `# Time:`, whole seconds. start_time reads in the session's time zone; MySQL's file
 * times are instants (UTC, or with their offset under log_timestamps=SYSTEM), so on MySQL the
 * time is read as seconds since the epoch and written in UTC here (`utcTimes`); MariaDB's file
 * writes the server's local time, and its table's wall clock is kept.
 */
export function slowLogTableSql(utcTimes: boolean): string {
  const time = utcTimes
    ? 'UNIX_TIMESTAMP(start_time)'
    : "DATE_FORMAT(start_time, '%Y-%m-%dT%H:%i:%s')";
  return `SELECT ${time}, user_host, ${seconds('query_time')}, ${seconds('lock_time')}, rows_sent, rows_examined, db, sql_text FROM mysql.slow_log`;
}

const EPOCH = /^\d+(?:\.\d+)?$/;

/** A time as the file's reader takes it: `2026-11-25T10:00:00`, UTC for seconds since the epoch. */
function entryTime(value: string): string {
  if (!EPOCH.test(value)) return value;
  return new Date(Math.floor(Number(value)) * 1000).toISOString().slice(0, 19);
}

/**
 * Server command names (MySQL's and MariaDB's): mysql.slow_log holds an administrator command
 * (a client's Quit, Ping, Change user) as its bare name where the file writes
 * `# administrator command: Quit;`. No SQL statement is written exactly so (SHUTDOWN and KILL
 * statements are logged as typed, with their arguments and case).
 */
const COMMAND_NAMES = new Set([
  'Sleep',
  'Quit',
  'Init DB',
  'Field List',
  'Create DB',
  'Drop DB',
  'Refresh',
  'Shutdown',
  'Statistics',
  'Processlist',
  'Connect',
  'Kill',
  'Debug',
  'Ping',
  'Time',
  'Delayed insert',
  'Change user',
  'Binlog Dump',
  'Binlog Dump GTID',
  'Table Dump',
  'Connect Out',
  'Register Replica',
  'Register Slave',
  'Prepare',
  'Execute',
  'Long Data',
  'Close stmt',
  'Reset stmt',
  'Set option',
  'Fetch',
  'Daemon',
  'Reset Connection',
]);

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
  const statement = bytes(sql ?? null).replace(/;\s*$/, '');
  const admin = COMMAND_NAMES.has(statement);
  return {
    statement: admin ? `administrator command: ${statement}` : statement,
    command: admin ? 'Admin' : 'Query',
    ...(time !== null && time !== undefined ? { time: entryTime(text(time)!) } : {}),
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
  options: { signal: AbortSignal; onProgress: (rows: number) => void; utcTimes: boolean },
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
        streamStatement(conn, ownStatement(slowLogTableSql(options.utcTimes)), {
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
