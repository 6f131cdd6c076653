import type { Connection } from 'mysql2/promise';
import type { KillResult } from '../../../shared/api/processlist';
import type { KillPlan } from '../../../shared/processlist/kill-plan';

/** ER_NO_SUCH_THREAD: the session ended before the KILL reached it. */
const NO_SUCH_THREAD = 1094;

type Outcome = Extract<KillResult, { phase: 'done' }>['outcomes'][number];

/**
 * Runs a confirmed KILL plan one statement at a time, so one session that is already gone or
 * not ours to kill does not stop the others. A connection failure still throws.
 */
export async function killSessions(conn: Connection, plan: KillPlan): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, id] of plan.ids.entries()) {
    try {
      await conn.query(plan.statements[i]!);
      outcomes.push({ id, outcome: 'killed', message: null });
    } catch (e) {
      const err = e as { errno?: number; sqlMessage?: string; fatal?: boolean };
      if (err.fatal) throw e;
      if (err.errno === NO_SUCH_THREAD) {
        outcomes.push({ id, outcome: 'gone', message: `Session ${id} had already ended.` });
      } else if (typeof err.errno === 'number') {
        outcomes.push({
          id,
          outcome: 'failed',
          message: `Server error ${err.errno}: ${err.sqlMessage ?? 'no message'}`,
        });
      } else {
        throw e;
      }
    }
  }
  return outcomes;
}
