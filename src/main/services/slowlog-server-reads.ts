// The server's own slow log as a run's source: mysql.slow_log on a side connection, or the file
// named by @@slow_query_log_file read over the connection's SSH tunnel. Each is checked when
// asked for (refused with words saying why) and read when the run starts; an analysis and a
// comparison of two windows read them the same way.
import type { SFTPWrapper } from 'ssh2';
import { ApiError } from '../../shared/api/errors';
import type { SlowLogRun } from '../../shared/api/slowlog';
import type { SlowLogEntry, SlowLogProblem } from '../../shared/slowlog';
import { hostPort } from '../../shared/server/host-port';
import type { DbSession } from '../db/db-session';
import { errorToApi } from '../db/error-to-api';
import { readSlowLogSources, SlowLogSourceError } from '../slowlog/read-slowlog-sources';
import type { ConnectionStore } from '../store/connection-store';
import type { OpenSession } from './session-registry';
import { openServerSlowLog, serverSlowLogPath } from './slowlog-server-file';
import { slowLogVariables, type SlowLogVariables } from './slowlog-sources';
import { readSlowLogTable } from './slowlog-table';

/** Reads a run's source into `onEntry`, reporting progress; returns the problems met. */
export type SlowLogRead = (
  onEntry: (entry: SlowLogEntry, source: number) => void,
  signal: AbortSignal,
  progress: (done: number) => void,
) => Promise<{ done: number; problems: SlowLogProblem[]; problemCount: number }>;

/** A source ready to read: what the run shows as its path, its unit and size, and the read. */
export interface SlowLogServerRead {
  label: string;
  unit: SlowLogRun['unit'];
  total: number | null;
  read: SlowLogRead;
}

/** The server's slow-log variables, read on the side connection (the session may be busy). */
export async function serverVariables(session: DbSession): Promise<SlowLogVariables> {
  return session.withSideConnection(async (conn) => {
    const [rows] = await conn.query({
      sql: `SELECT @@global.slow_query_log, @@global.log_output, @@global.slow_query_log_file, @@global.datadir`,
      rowsAsArray: true,
    });
    return slowLogVariables((rows as unknown[])[0]);
  });
}

/** Runs `fn` on an SFTP session of the session's SSH tunnel, ended after; null without one. */
export async function withSftp<T>(
  session: DbSession,
  fn: (sftp: SFTPWrapper) => Promise<T>,
): Promise<T | null> {
  const sftp = await session.sftp();
  if (!sftp) return null;
  try {
    return await fn(sftp);
  } finally {
    sftp.end();
  }
}

/**
 * The server's own file over the connection's SSH tunnel (SFTP, read-only), opened now so a
 * missing or unreadable file is refused before the run starts.
 */
export async function openServerFileRead(
  store: ConnectionStore,
  owner: OpenSession,
): Promise<SlowLogServerRead> {
  const ssh = store.get(owner.connectionId).ssh;
  if (!ssh)
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: "This connection has no SSH tunnel: the server's own file cannot be read.",
    });
  const variables = await serverVariables(owner.session).catch((e: unknown) => {
    throw e instanceof ApiError ? e : errorToApi(e);
  });
  const file = serverSlowLogPath(variables.file, variables.datadir);
  if (!file)
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: 'The server did not say where its slow log file is (@@slow_query_log_file).',
    });
  const sftp = await owner.session.sftp();
  if (!sftp)
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: "This session's connection has no SSH tunnel.",
    });
  let opened;
  try {
    opened = await openServerSlowLog(sftp, file);
  } catch (error) {
    sftp.end();
    throw error;
  }
  const { size, stream } = opened;
  const label = `ssh://${ssh.user}@${hostPort(ssh.host, ssh.port)}${file}`;
  return {
    label,
    unit: 'bytes',
    total: size,
    read: async (onEntry, signal, progress) => {
      try {
        // The reader's stream source: one stream, named here rather than "standard input".
        const summary = await readSlowLogSources(['-'], (e) => onEntry(e, 0), {
          stdin: stream,
          signal,
          onProgress: (_source, bytes) => progress(bytes),
        });
        const { problems, problemCount } = summary.reader;
        return { done: summary.bytes, problems, problemCount };
      } catch (error) {
        if (error instanceof SlowLogSourceError)
          throw new SlowLogSourceError(error.message.replace(/^standard input/, label));
        throw error;
      } finally {
        stream.destroy();
        sftp.end();
      }
    },
  };
}

/**
 * mysql.slow_log, where the server's log_output includes TABLE: its rows streamed on the
 * session's own connection when the run starts.
 */
export async function openTableRead(owner: OpenSession): Promise<SlowLogServerRead> {
  const table = await owner.session
    .withSideConnection(async (conn) => {
      const [variables] = await conn.query({
        sql: `SELECT @@global.log_output`,
        rowsAsArray: true,
      });
      const output = String((variables as unknown[][])[0]?.[0] ?? '').toUpperCase();
      if (!output.split(',').includes('TABLE')) return null;
      const [count] = await conn.query({
        sql: `SELECT COUNT(*) FROM mysql.slow_log`,
        rowsAsArray: true,
      });
      const n = Number((count as unknown[][])[0]?.[0]);
      // MySQL has log_timestamps and its file's times are instants (UTC, or with their offset
      // under SYSTEM), so the table's are read as instants too (start_time would read in the
      // session's zone, which is neither); MariaDB has no such variable and writes local time.
      const zone = await conn
        .query({ sql: 'SELECT @@global.log_timestamps', rowsAsArray: true })
        .then(([r]) => String((r as unknown[][])[0]?.[0] ?? ''))
        .catch(() => null);
      return { rows: Number.isSafeInteger(n) && n >= 0 ? n : 0, utcTimes: zone !== null };
    })
    .catch((e: unknown) => {
      throw e instanceof ApiError ? e : errorToApi(e);
    });
  if (table === null)
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: "This server's log_output does not include TABLE: mysql.slow_log is not written.",
    });
  return {
    label: 'mysql.slow_log',
    unit: 'rows',
    total: table.rows,
    read: async (onEntry, signal, progress) => {
      const done = await readSlowLogTable(owner.session, (e) => onEntry(e, 0), {
        signal,
        onProgress: progress,
        utcTimes: table.utcTimes,
      });
      return { done, problems: [], problemCount: 0 };
    },
  };
}
