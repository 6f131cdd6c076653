import type { ApiErrorShape } from '../../shared/api/errors';
import type { QueryStatus } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { errorLine } from '../ui/error-text';

/**
 * What happened to one statement of a script run: Workbench's Action Output, one line each.
 * `skipped`: not run because an earlier statement failed (and the run stops at errors) or the
 * user cancelled.
 */
export interface RunLogEntry {
  sql: string;
  /** Where the statement sat in the editor when the run started. */
  start: number;
  end: number;
  state: 'pending' | 'running' | 'done' | 'error' | 'cancelled' | 'skipped';
  queryId: string | null;
  /** `3 rows`, `2 rows affected`, or the server's error; empty until it ends. */
  outcome: string;
  warnings: number;
  elapsedMs: number | null;
}

export interface RunLog {
  entries: RunLogEntry[];
  continueOnError: boolean;
  /** Set once the run ends: why it ended there. */
  ended: null | 'finished' | 'stopped-at-error' | 'cancelled' | 'not-sent' | 'connection-lost';
}

/** A log with every statement waiting its turn. */
export function startLog(
  statements: ReadonlyArray<{ sql: string; start: number; end: number }>,
  continueOnError: boolean,
): RunLog {
  return {
    continueOnError,
    ended: null,
    entries: statements.map((s) => ({
      sql: s.sql,
      start: s.start,
      end: s.end,
      state: 'pending',
      queryId: null,
      outcome: '',
      warnings: 0,
      elapsedMs: null,
    })),
  };
}

const plural = (n: number, one: string, many: string) =>
  `${formatExactCount(n)} ${n === 1 ? one : many}`;

/** One line on what a statement did: rows returned, rows changed, or why it failed. */
export function outcomeOf(status: QueryStatus): string {
  if (status.state === 'error') return errorText(status.error);
  if (status.state === 'cancelled') return 'Cancelled';
  if (status.columns) return plural(status.rowCount, 'row', 'rows');
  if (status.affectedRows !== null) return `${plural(status.affectedRows, 'row', 'rows')} affected`;
  return 'OK';
}

function errorText(error: ApiErrorShape | null): string {
  // "Error 1146: Table 't' doesn't exist.": the number once, first, as Workbench's log has it.
  return error ? errorLine(error) : 'Failed';
}

/** The log with statement `index` at `status` (running or ended). */
export function recordStatus(log: RunLog, index: number, status: QueryStatus): RunLog {
  const entries = log.entries.map((e, i) =>
    i !== index
      ? e
      : {
          ...e,
          state: status.state === 'running' ? ('running' as const) : status.state,
          queryId: status.queryId,
          outcome: status.state === 'running' ? '' : outcomeOf(status),
          warnings: status.warnings.length,
          elapsedMs: status.state === 'running' ? null : status.elapsedMs,
        },
  );
  return { ...log, entries };
}

/** The log with statement `index` sent and not yet ended. */
export function markRunning(log: RunLog, index: number): RunLog {
  const entries = log.entries.map((e, i) =>
    i === index ? { ...e, state: 'running' as const } : e,
  );
  return { ...log, entries };
}

/** The log with statement `index` refused before it reached the server (e.g. the link broke). */
export function recordNotSent(log: RunLog, index: number, error: ApiErrorShape): RunLog {
  const entries = log.entries.map((e, i) =>
    i === index ? { ...e, state: 'error' as const, outcome: errorText(error) } : e,
  );
  return { ...log, entries };
}

/** The log once the run ends: statements never reached are marked skipped. */
export function endLog(log: RunLog, ended: NonNullable<RunLog['ended']>): RunLog {
  return {
    ...log,
    ended,
    entries: log.entries.map((e) =>
      e.state === 'pending' || e.state === 'running' ? { ...e, state: 'skipped' } : e,
    ),
  };
}

/** `4 statements: 3 done, 1 failed · stopped at the error`, for the log's heading. */
export function logSummary(log: RunLog): string {
  const count = (state: RunLogEntry['state']) =>
    log.entries.filter((e) => e.state === state).length;
  const parts = [
    [count('done'), 'done'],
    [count('error'), 'failed'],
    [count('cancelled'), 'cancelled'],
    [count('skipped'), 'not run'],
    [count('running') + count('pending'), 'to go'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, word]) => `${n} ${word}`);
  const head = `${plural(log.entries.length, 'statement', 'statements')}: ${parts.join(', ')}`;
  const tail =
    log.ended === 'stopped-at-error'
      ? ' · stopped at the error'
      : log.ended === 'cancelled'
        ? ' · cancelled'
        : log.ended === 'not-sent'
          ? ' · stopped: a statement could not be sent'
          : log.ended === 'connection-lost'
            ? ' · stopped: the connection was lost'
            : '';
  return head + tail;
}

/**
 * Where a logged statement is in the editor's text now: where it was if the text there is
 * unchanged, else its nearest occurrence (the user edited above it), else null (it is gone).
 */
export function locateStatement(
  text: string,
  entry: Pick<RunLogEntry, 'sql' | 'start' | 'end'>,
): { start: number; end: number } | null {
  if (text.slice(entry.start, entry.end) === entry.sql)
    return { start: entry.start, end: entry.end };
  let best: number | null = null;
  for (let at = text.indexOf(entry.sql); at !== -1; at = text.indexOf(entry.sql, at + 1)) {
    if (best === null || Math.abs(at - entry.start) < Math.abs(best - entry.start)) best = at;
  }
  return best === null ? null : { start: best, end: best + entry.sql.length };
}
