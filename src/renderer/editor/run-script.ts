import type { ApiErrorShape } from '../../shared/api/errors';
import type { QueryStatus } from '../../shared/api/query';
import { endLog, markRunning, recordNotSent, recordStatus, startLog, type RunLog } from './run-log';

/** A statement of the script and where it sits in the editor (as pickStatements gives it). */
export interface PickedStatement {
  sql: string;
  start: number;
  end: number;
}

export interface ScriptRunOutcome {
  log: RunLog;
  /** The statement the run stopped at with a server error, to mark in the editor. */
  failed: { statement: PickedStatement; message: string } | null;
  /** Why a statement could not be sent at all (the run always stops there). */
  notSent: ApiErrorShape | null;
}

/**
 * Runs statements one after another, as the mysql client does with a script, logging each. A
 * server error stops the run unless `continueOnError`; a cancel always stops it; a statement
 * that cannot be sent (the backend refused it) or whose connection was lost (during it, or
 * before it with state the new session lacks) stops it too, because going on would run the
 * rest on a session that lost its state (USE, variables, transaction).
 */
export async function runScript(
  statements: readonly PickedStatement[],
  runOne: (statement: PickedStatement) => Promise<QueryStatus>,
  options: { continueOnError: boolean; onLog: (log: RunLog) => void },
  toShape: (e: unknown) => ApiErrorShape,
): Promise<ScriptRunOutcome> {
  let log = startLog(statements, options.continueOnError);
  const publish = (next: RunLog) => {
    log = next;
    options.onLog(log);
  };
  publish(log);
  let failed: ScriptRunOutcome['failed'] = null;
  for (const [i, statement] of statements.entries()) {
    publish(markRunning(log, i));
    let status: QueryStatus;
    try {
      status = await runOne(statement);
    } catch (e) {
      const error = toShape(e);
      publish(endLog(recordNotSent(log, i, error), 'not-sent'));
      return { log, failed, notSent: error };
    }
    publish(recordStatus(log, i, status));
    if (status.state === 'cancelled') {
      publish(endLog(log, 'cancelled'));
      return { log, failed, notSent: null };
    }
    if (status.state === 'error') {
      // The first failure is the one marked: later ones may follow from it.
      failed ??= { statement, message: status.error?.message ?? 'Failed' };
      // Whatever the script set up (USE, SET, a transaction) is gone with the connection: the
      // rest would run in a session it does not expect, committing at once.
      const code = status.error?.code;
      if (code === 'CONNECTION_LOST' || code === 'SESSION_RESET') {
        publish(endLog(log, 'connection-lost'));
        return { log, failed, notSent: null };
      }
      if (!options.continueOnError) {
        publish(endLog(log, 'stopped-at-error'));
        return { log, failed, notSent: null };
      }
    }
  }
  publish(endLog(log, 'finished'));
  return { log, failed, notSent: null };
}
