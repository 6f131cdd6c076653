import type { ExportStatus } from '../../shared/api/export';
import type { QueryUpdate } from '../../shared/api/query';

/** What the status bar shows about one session: its running statement and its transaction. */
export interface SessionActivity {
  /** The statement running now, with when it started on this clock (performance.now()). */
  running: { queryId: string; sql: string; startedAt: number } | null;
  /** Whether a transaction is open, as the server last said; null when it did not say. */
  inTransaction: boolean | null;
  /** An export re-running a result's statement on this session (absent: none runs). */
  exporting?: { exportId: string; path: string; rows: number };
}

/** A session whose connection was lost: the server rolled back what it had open. */
export const LOST_SESSION: SessionActivity = { running: null, inTransaction: false };

/**
 * A session's activity after a statement update arrived at `now`. The start time is estimated
 * from the first update of a statement (now minus the elapsed time it reports) and kept after,
 * so the timer never jumps back and forth with the delivery delay of later updates.
 */
export function activityAfter(
  previous: SessionActivity | undefined,
  status: QueryUpdate,
  now: number,
): SessionActivity {
  const exporting = previous?.exporting ? { exporting: previous.exporting } : {};
  if (status.state !== 'running') {
    return { running: null, inTransaction: status.inTransaction, ...exporting };
  }
  const same = previous?.running?.queryId === status.queryId ? previous.running : null;
  return {
    running: same ?? {
      queryId: status.queryId,
      sql: status.sql ?? '',
      startedAt: now - status.elapsedMs,
    },
    inTransaction: status.inTransaction,
    ...exporting,
  };
}

/** A session's activity after an export update: a running export is kept, an ended one dropped. */
export function activityAfterExport(
  previous: SessionActivity | undefined,
  status: ExportStatus,
): SessionActivity {
  const { exporting: _, ...rest } = previous ?? { running: null, inTransaction: null };
  if (status.state !== 'running') {
    return previous?.exporting && previous.exporting.exportId !== status.exportId ? previous : rest;
  }
  return {
    ...rest,
    exporting: { exportId: status.exportId, path: status.path, rows: status.rows },
  };
}
