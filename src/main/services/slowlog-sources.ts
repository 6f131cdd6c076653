// Which slow-log sources a connection offers, from its settings and the server's logging
// variables, each unavailable one with its reason in words.
import type { SlowLogSourceInfo } from '../../shared/api/slowlog';

/** The server's slow-log variables, as read (null where the server did not say). */
export interface SlowLogVariables {
  slowQueryLog: boolean | null;
  logOutput: string | null;
  file: string | null;
  datadir: string | null;
}

/** What reading the server's own file over SSH came to (null: not tried). */
export type ServerFileProbe =
  { readable: true; path: string } | { readable: false; reason: string };

/**
 * Reads the variables from a row of `SELECT @@slow_query_log, @@log_output,
 * @@slow_query_log_file, @@datadir`.
 */
export function slowLogVariables(row: unknown): SlowLogVariables {
  const values = Array.isArray(row) ? row : [];
  const text = (v: unknown) =>
    typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : null;
  const on = values[0];
  return {
    slowQueryLog:
      on === 1 || on === '1' || on === 'ON'
        ? true
        : on === 0 || on === '0' || on === 'OFF'
          ? false
          : null,
    logOutput: text(values[1]),
    file: text(values[2]),
    datadir: text(values[3]),
  };
}

/**
 * The three sources: a local file (always), the server's file over SSH (where the connection
 * has a tunnel, the server writes a file, and the SSH user can read it), mysql.slow_log.
 */
export function slowLogSources(
  hasSsh: boolean,
  variables: SlowLogVariables | null,
  serverFile: ServerFileProbe | null = null,
): SlowLogSourceInfo[] {
  const off =
    variables?.slowQueryLog === false ? 'The slow query log is off (slow_query_log=OFF). ' : '';
  const outputs = (variables?.logOutput ?? '').toUpperCase().split(',');
  const table = variables !== null && outputs.includes('TABLE');
  const writesFile = variables !== null && outputs.includes('FILE');
  const ssh: Pick<SlowLogSourceInfo, 'available' | 'reason'> = !hasSsh
    ? { available: false, reason: 'This connection has no SSH tunnel.' }
    : variables === null
      ? {
          available: false,
          reason: 'The server did not say where it logs (its variables could not be read).',
        }
      : serverFile?.readable
        ? { available: true, reason: `${off}${serverFile.path} over SFTP, read-only.`.trim() }
        : !writesFile && !variables.file
          ? {
              available: false,
              reason: `${off}log_output is ${variables.logOutput ?? 'unknown'}: the server writes no file.`,
            }
          : {
              available: false,
              reason: `${off}${serverFile?.reason ?? 'The file could not be read over SSH.'}`,
            };
  return [
    { kind: 'file', label: 'Local file', available: true, reason: null },
    { kind: 'ssh', label: "The server's file over SSH", ...ssh },
    {
      kind: 'table',
      label: 'mysql.slow_log',
      available: table,
      reason:
        variables === null
          ? 'The server did not say where it logs (log_output could not be read).'
          : !table
            ? `${off}log_output is ${variables.logOutput ?? 'unknown'}: the server writes no rows to mysql.slow_log.`
            : off
              ? `${off.trim()} The rows already in the table can still be read.`
              : null,
    },
  ];
}
