import { hostWithoutPort } from './host-name';
import { rowKey } from './snapshot-diff';
import type { ProcessRow } from './process-row';

/** KILL QUERY stops the statement and keeps the connection; KILL CONNECTION ends both. */
export type KillMode = 'query' | 'connection';

/**
 * How a KILL is sent: the KILL statement, or the server's kill procedure (managed servers such as
 * Amazon RDS refuse KILL of other users' sessions and offer `mysql.rds_kill` instead).
 */
export type KillVia = 'statement' | 'procedure';

/** The kill procedures a managed server may offer, by mode (all in the `mysql` schema). */
export const KILL_PROCEDURES: Readonly<Record<KillMode, string>> = {
  connection: 'rds_kill',
  query: 'rds_kill_query',
};

/**
 * What a KILL does to the sessions it names, as its confirmation says it. KILL QUERY rolls back
 * only the statement it stops: a transaction the session has open stays open with its row and
 * metadata locks, so a blocker stays a blocker (the common mistake when clearing a lock pile-up).
 */
export function killEffect(mode: KillMode): string {
  return mode === 'query'
    ? 'Each statement below is stopped and its own changes rolled back; the sessions stay connected. A transaction open in one stays open and keeps its locks: sessions it blocks go on waiting (Kill connection ends the transaction).'
    : 'Each session below is disconnected: its statement and open transaction are rolled back.';
}

/** Exactly what a KILL will run: one statement per session, in id order. */
export interface KillPlan {
  mode: KillMode;
  ids: number[];
  statements: string[];
  /** All statements, one per line: what the confirmation shows and the backend compares. */
  sql: string;
}

/**
 * The KILL statements for these sessions (duplicates dropped, in id order): `KILL QUERY 12;`,
 * or with `via` 'procedure' `CALL mysql.rds_kill_query(12);` (`rds_kill` for a connection).
 */
export function killPlan(
  mode: KillMode,
  ids: readonly number[],
  via: KillVia = 'statement',
): KillPlan {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (const id of unique) {
    if (!Number.isSafeInteger(id) || id < 0) throw new Error(`not a processlist id: ${id}`);
  }
  const statements = unique.map((id) =>
    via === 'procedure'
      ? `CALL mysql.${KILL_PROCEDURES[mode]}(${id});`
      : `KILL ${mode === 'query' ? 'QUERY' : 'CONNECTION'} ${id};`,
  );
  return { mode, ids: unique, statements, sql: statements.join('\n') };
}

/** Which sessions a bulk KILL picks: e.g. every query of user X running over 60 s. */
export interface KillSelection {
  user?: string;
  /** Host with or without port, as in filters. */
  host?: string;
  schema?: string;
  /** Only sessions whose current command has run at least this long. */
  minSeconds?: number;
  /** Only sessions running a statement (not Sleep); default true. */
  runningOnly?: boolean;
}

/**
 * The sessions a bulk KILL selects from a snapshot: client sessions only (never the server's own
 * threads, never the connection doing the reading), narrowed by user, host, schema and time.
 */
export function selectForKill(rows: readonly ProcessRow[], selection: KillSelection): number[] {
  const host = selection.host?.trim() ?? '';
  const withPort = host !== '' && hostWithoutPort(host) !== host;
  return rows
    .filter(
      (r) =>
        r.kind === 'client' &&
        !r.self &&
        (selection.runningOnly === false || (r.command !== 'Sleep' && r.info !== null)) &&
        (!selection.user || r.user === selection.user) &&
        (!host || (withPort ? r.host === host : hostWithoutPort(r.host) === host)) &&
        (!selection.schema || r.db === selection.schema) &&
        (selection.minSeconds === undefined || r.timeMs >= selection.minSeconds * 1000),
    )
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

/**
 * The sessions a user ticked in the table, by row key (see `rowKey`), that are still in
 * `rows`: a ticked session that ended, or whose id now names another connection, is left out,
 * and so are the server's own threads and the connection doing the reading.
 */
export function tickedForKill(rows: readonly ProcessRow[], ticked: ReadonlySet<string>): number[] {
  // Nothing ticked (the usual case): no need to key every row of every poll.
  if (ticked.size === 0) return [];
  return rows
    .filter((r) => r.kind === 'client' && !r.self && ticked.has(rowKey(r)))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}
