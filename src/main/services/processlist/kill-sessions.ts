import type { Connection, RowDataPacket } from 'mysql2/promise';
import {
  STATEMENT_CHECK_CHARS,
  type KillResult,
  type KillTarget,
  type KillTargets,
} from '../../../shared/api/processlist';
import { oneLineStatement } from '../../../shared/processlist/statement-text';
import type { ServerFlavor } from '../../../shared/server/flavor';
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
  /** KILL QUERY: the statements confirmed (see KillTargets); others are not stopped. */
  expected?: KillTargets;
  flavor: ServerFlavor;
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
  const now =
    plan.mode === 'query'
      ? await runningStatements(conn, plan.ids, context.flavor)
      : new Map<number, KillTarget & { idle: boolean }>();
  const expected = new Map(context.expected?.targets.map((t) => [t.id, t]));
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
    const running = now.get(id);
    if (running?.idle) {
      outcomes.push({
        id,
        outcome: 'idle',
        message: `#${id} was running no statement, so no KILL QUERY was sent.`,
      });
      continue;
    }
    const was = expected.get(id);
    const changed = running && was ? otherStatement(was, running) : null;
    if (changed !== null) {
      outcomes.push({ id, outcome: 'changed', message: changed });
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

/** MariaDB start times read apart closer than this are one statement's (two reads' latency). */
const SAME_START_MS = 250;

/**
 * What each of `ids` runs now (sessions that ended are absent): the top-level statement's
 * first characters and identity (see KillTarget), and whether the session is idle (KILL QUERY
 * would stop nothing). Inside a stored procedure the processlist shows the statement running in
 * it, which changes as it goes: the identity is the CALL's, so a procedure can be stopped.
 */
export async function runningStatements(
  conn: Connection,
  ids: readonly number[],
  flavor: ServerFlavor,
): Promise<Map<number, KillTarget & { idle: boolean }>> {
  const mariadb = flavor === 'mariadb';
  const [rows] = await conn.query<RowDataPacket[]>(
    `SELECT ID AS id, COMMAND AS command, LEFT(INFO, ${STATEMENT_CHECK_CHARS}) AS info${
      mariadb ? ', TIME_MS AS timeMs' : ''
    } FROM information_schema.PROCESSLIST WHERE ID IN (?)`,
    [ids],
  );
  const readAt = Date.now();
  const events = mariadb ? new Map<number, TopStatement>() : await topStatements(conn, ids);
  const out = new Map<number, KillTarget & { idle: boolean }>();
  for (const r of rows) {
    const id = Number(r.id);
    const info = r.info === null || r.info === undefined ? null : String(r.info);
    const event = events.get(id);
    const started = mariadb && info !== null ? readAt - Number(r.timeMs) : NaN;
    out.set(id, {
      id,
      info: event?.text ?? info,
      key: event
        ? `event:${event.eventId}`
        : Number.isFinite(started)
          ? `start:${Math.round(started)}`
          : null,
      idle: String(r.command) === 'Sleep',
    });
  }
  return out;
}

interface TopStatement {
  eventId: string;
  text: string | null;
}

/**
 * MySQL: each session's running top-level statement from performance_schema (its event id
 * stays while a CALL runs the statements inside it); empty when it cannot be read.
 */
async function topStatements(
  conn: Connection,
  ids: readonly number[],
): Promise<Map<number, TopStatement>> {
  const out = new Map<number, TopStatement>();
  try {
    const [rows] = await conn.query<RowDataPacket[]>(
      `SELECT t.PROCESSLIST_ID AS id, s.EVENT_ID AS eventId,
         LEFT(s.SQL_TEXT, ${STATEMENT_CHECK_CHARS}) AS text
       FROM performance_schema.threads t
       JOIN performance_schema.events_statements_current s ON s.THREAD_ID = t.THREAD_ID
       WHERE t.PROCESSLIST_ID IN (?) AND s.NESTING_EVENT_ID IS NULL AND s.END_EVENT_ID IS NULL`,
      [ids],
    );
    for (const r of rows)
      out.set(Number(r.id), {
        eventId: String(r.eventId),
        text: r.text === null || r.text === undefined ? null : String(r.text),
      });
  } catch {
    // performance_schema off, or not this account's to read: no identity, no claim.
  }
  return out;
}

/**
 * Why the statement running now is not the one confirmed (`was`), or null when it is (or when
 * that cannot be told): another top-level event (MySQL), a start more than SAME_START_MS apart
 * (MariaDB), or a statement where there was none.
 */
export function otherStatement(was: KillTarget, now: KillTarget): string | null {
  const changed = `Not killed: #${now.id} now runs another statement${
    now.info === null ? '' : `: ${oneLineStatement(now.info, 120)}`
  }.`;
  if (was.info === null) return now.info === null ? null : changed;
  if (was.key === null || now.key === null) return null;
  const [wasKind, wasValue] = splitKey(was.key);
  const [nowKind, nowValue] = splitKey(now.key);
  if (wasKind !== nowKind) return null;
  if (wasKind === 'event') return wasValue === nowValue ? null : changed;
  return Math.abs(Number(wasValue) - Number(nowValue)) <= SAME_START_MS ? null : changed;
}

function splitKey(key: string): [string, string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon), key.slice(colon + 1)];
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
