import type { Connection } from 'mysql2/promise';
import type { ProgressSample } from '../../../shared/alter/alter-progress';
import { selectRows, textOf, textOrNull, type MetadataRow } from '../schema/metadata-query';

/** What one poll saw of the connection running an ALTER. */
export interface ProgressReading {
  /** False once the connection is gone from the processlist. */
  present: boolean;
  /** Processlist state (`Waiting for table metadata lock`, `altering table`). */
  state: string | null;
  /** The statement it runs now. */
  info: string | null;
  sample: ProgressSample | null;
}

const MYSQL = `
SELECT t.PROCESSLIST_STATE AS STATE, t.PROCESSLIST_INFO AS INFO, s.EVENT_NAME AS STAGE,
       s.WORK_COMPLETED AS DONE, s.WORK_ESTIMATED AS EST
  FROM performance_schema.threads t
  LEFT JOIN performance_schema.events_stages_current s ON s.THREAD_ID = t.THREAD_ID
 WHERE t.PROCESSLIST_ID = ?`;

const MARIADB = `SELECT STATE, INFO, STAGE, MAX_STAGE, PROGRESS FROM information_schema.PROCESSLIST WHERE ID = ?`;

function num(v: unknown): number | null {
  const n = Number(textOrNull(v));
  return textOrNull(v) === null || !Number.isFinite(n) ? null : n;
}

/**
 * MySQL: the current stage event of the connection (WORK_COMPLETED / WORK_ESTIMATED, revised by
 * the server as it goes). MariaDB: STAGE of MAX_STAGE and the PROGRESS of that stage, which it
 * reports only for ALTERs that copy (in-place InnoDB ALTERs stay at stage 0 of 0).
 */
export async function readProgress(
  conn: Connection,
  source: 'stages' | 'processlist' | 'none',
  flavor: 'mysql' | 'mariadb',
  processId: number,
  atMs: number,
): Promise<ProgressReading> {
  const [r] = await selectRows(conn, flavor === 'mysql' ? MYSQL : MARIADB, [processId]);
  if (!r) return { present: false, state: null, info: null, sample: null };
  const state = textOrNull(r.STATE) || null;
  const info = textOrNull(r.INFO);
  const sample = source === 'none' ? null : progressSampleOf(r, flavor, atMs);
  return { present: true, state, info, sample };
}

/**
 * A progress reading from a processlist row: MySQL's STAGE / DONE / EST (events_stages_current
 * joined), MariaDB's STAGE / MAX_STAGE / PROGRESS / STATE. Null when the row carries none.
 */
export function progressSampleOf(
  r: MetadataRow,
  flavor: 'mysql' | 'mariadb',
  atMs: number,
): ProgressSample | null {
  if (flavor === 'mysql') {
    const done = num(r.DONE);
    const est = num(r.EST);
    if (r.STAGE === null || r.STAGE === undefined || done === null || est === null) return null;
    return { atMs, workCompleted: done, workEstimated: est, stage: textOf(r.STAGE) };
  }
  const progress = num(r.PROGRESS);
  const stage = num(r.STAGE);
  const maxStage = num(r.MAX_STAGE);
  if (progress === null || maxStage === null || maxStage <= 0) return null;
  const state = textOrNull(r.STATE);
  // PROGRESS restarts at 0 in each stage (checked on 10.11 and 11.8): stages count equal.
  return {
    atMs,
    workCompleted: Math.max(0, (stage ?? 1) - 1) * 100 + progress,
    workEstimated: maxStage * 100,
    stage: `stage ${stage ?? 0} of ${maxStage}${state ? `: ${state}` : ''}`,
  };
}
