import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { KillResult } from '../../../shared/api/processlist';
import { ER_NO_SUCH_THREAD } from '../../db/no-such-thread';
import {
  KILL_PROCEDURES,
  type KillMode,
  type KillPlan,
} from '../../../shared/processlist/kill-plan';

/** ER_KILL_DENIED_ERROR and ER_SPECIFIC_ACCESS_DENIED_ERROR: not this account's to kill. */
const KILL_DENIED = new Set([1095, 1227]);

type Outcome = Extract<KillResult, { phase: 'done' }>['outcomes'][number];

/**
 * KILLs under way in this backend, by server run, mode and id: a second request for the same
 * session while the first runs (ten clicks, two tabs) waits for it and is told it did nothing,
 * instead of every one of them answering "killed".
 */
export class KillsInFlight {
  readonly #pending = new Map<string, { startedAt: Date; done: Promise<unknown> }>();

  /**
   * Runs `kill` unless the same KILL is already under way; then waits for that one and returns
   * when it started.
   */
  async once(key: string, kill: () => Promise<Outcome>): Promise<Outcome | { startedAt: Date }> {
    const running = this.#pending.get(key);
    if (running) {
      await running.done.catch(() => undefined);
      return { startedAt: running.startedAt };
    }
    const done = kill();
    this.#pending.set(key, { startedAt: new Date(), done });
    try {
      return await done;
    } finally {
      this.#pending.delete(key);
    }
  }
}

/** Where a KILL plan runs: the connection's own id, and its run for KillsInFlight keys. */
export interface KillContext {
  /** The processlist tool's own connection: never killed from itself. */
  selfId: number | null;
  runKey: string;
  inFlight: KillsInFlight;
}

/**
 * Runs a confirmed KILL plan one statement at a time, so one session that is already gone or
 * not ours to kill does not stop the others. A connection failure still throws.
 */
export async function killSessions(
  conn: Connection,
  plan: KillPlan,
  context: KillContext,
): Promise<Outcome[]> {
  const idle = plan.mode === 'query' ? await idleSessions(conn, plan.ids) : new Set<number>();
  const outcomes: Outcome[] = [];
  for (const [i, id] of plan.ids.entries()) {
    if (id === context.selfId) {
      outcomes.push({
        id,
        outcome: 'failed',
        message: `Not run: #${id} is the connection this processlist reads with, and killing it would only cut the tool's own link`,
      });
      continue;
    }
    if (idle.has(id)) {
      outcomes.push({
        id,
        outcome: 'idle',
        message: `#${id} was running no statement, so no KILL QUERY was sent.`,
      });
      continue;
    }
    const result = await context.inFlight.once(`${context.runKey}|${plan.mode}|${id}`, () =>
      killOne(conn, plan.statements[i]!, id),
    );
    outcomes.push(
      'outcome' in result
        ? result
        : {
            id,
            outcome: 'already',
            message: `Another KILL of #${id} sent at ${result.startedAt.toISOString().slice(11, 19)} UTC had already done it; this one did nothing.`,
          },
    );
  }
  return outcomes;
}

async function killOne(conn: Connection, statement: string, id: number): Promise<Outcome> {
  try {
    await conn.query(statement);
    return { id, outcome: 'killed', message: null };
  } catch (e) {
    const err = e as { errno?: number; sqlMessage?: string; fatal?: boolean };
    if (err.fatal) throw e;
    if (err.errno === ER_NO_SUCH_THREAD) {
      return { id, outcome: 'gone', message: `Session ${id} had already ended.` };
    }
    if (typeof err.errno === 'number' && KILL_DENIED.has(err.errno)) {
      return {
        id,
        outcome: 'denied',
        message: `Server error ${err.errno}: ${err.sqlMessage ?? 'no message'}`,
      };
    }
    if (typeof err.errno === 'number') {
      return {
        id,
        outcome: 'failed',
        message: `Server error ${err.errno}: ${err.sqlMessage ?? 'no message'}`,
      };
    }
    throw e;
  }
}

/** Of `ids`, the sessions that exist and run no statement: KILL QUERY would stop nothing. */
async function idleSessions(conn: Connection, ids: readonly number[]): Promise<Set<number>> {
  const [rows] = await conn.query<RowDataPacket[]>(
    "SELECT ID AS id FROM information_schema.PROCESSLIST WHERE ID IN (?) AND COMMAND = 'Sleep'",
    [ids],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The kill procedure for `mode` (`mysql.rds_kill` / `mysql.rds_kill_query`) when the server has
 * it and this account may see it (information_schema.ROUTINES lists only routines the account
 * has a privilege on), else null.
 */
export async function killProcedure(conn: Connection, mode: KillMode): Promise<string | null> {
  const name = KILL_PROCEDURES[mode];
  const [rows] = await conn.query<RowDataPacket[]>(
    `SELECT ROUTINE_NAME AS name FROM information_schema.ROUTINES
     WHERE ROUTINE_SCHEMA = 'mysql' AND ROUTINE_TYPE = 'PROCEDURE' AND ROUTINE_NAME = ?`,
    [name],
  );
  return rows.length > 0 ? `mysql.${name}` : null;
}
