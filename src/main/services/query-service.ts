import { randomUUID } from 'node:crypto';
import type { ResultSetHeader } from 'mysql2';
import type { QueryStatus, QueryUpdate, QueryWarning } from '../../shared/api/query';
import { ApiError } from '../../shared/api/errors';
import type { CallContext, Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import { readServerStatus } from '../db/read-server-status';
import { streamStatement } from '../db/stream-statement';
import type { ConnectionStore } from '../store/connection-store';
import { refuseOverMaxAllowedPacket } from './max-allowed-packet';
import { DEFAULT_RESULT_LIMITS, QueryResult, type ResultLimits } from './query-result';
import type { OpenSession, SessionRegistry } from './session-registry';
import { SessionLocks } from './session-locks';
import { guardUserSql } from './user-sql-guard';
import { isFatal } from '../db/fatal-error';
import { cancelAnswer } from '../db/db-session';
import { ER_QUERY_INTERRUPTED } from '../db/query-interrupted';
import { sessionStateLeftBy } from '../../shared/sql/session-state';

/** How often a running statement reports its growing row count. */
const PROGRESS_EVERY_MS = 200;
/** Finished results kept per session before the oldest are dropped. */
const KEPT_RESULTS_PER_SESSION = 50;

interface QueryRun {
  status: QueryStatus;
  result: QueryResult;
  owner: OpenSession;
  threadId: number | null;
  started: number;
  /** Why we asked the server to stop: the user, or a limit. */
  stopReason: 'user' | 'limit' | null;
}

/**
 * Told about each statement once it ended (done, error or cancelled): its final status, the
 * session it ran in, and when it started (epoch ms). The end is announced once it settles.
 */
export type QueryFinishedListener = (
  status: QueryStatus,
  owner: OpenSession,
  startedAt: number,
) => void | Promise<void>;

type QueryMethods =
  | 'query.start'
  | 'query.status'
  | 'query.rows'
  | 'query.cell'
  | 'query.cancel'
  | 'query.giveUp'
  | 'query.discard';

/**
 * Runs statements in sessions: one at a time per session (a second would queue behind the first
 * and a cancel could then stop the wrong one), streaming rows into a result kept within limits.
 */
export function queryService(
  /** Whether a session's connection is marked read-only, read at each statement. */
  store: ConnectionStore,
  sessions: SessionRegistry,
  /** Read when each statement starts, so a change in the settings applies to the next one. */
  limits: () => ResultLimits = () => DEFAULT_RESULT_LIMITS,
  /** Shared with other services that run work on sessions (exports). */
  locks: SessionLocks = new SessionLocks(),
  /** Told about every statement that ended (the history records them). */
  onFinished?: QueryFinishedListener,
): Handlers<QueryMethods> {
  const runs = new Map<string, QueryRun>();

  sessions.onClose((sessionId) => {
    for (const [id, run] of runs) if (run.owner.sessionId === sessionId) runs.delete(id);
  });

  function ownedRun(queryId: string, ctx: CallContext): QueryRun {
    const run = runs.get(queryId);
    if (!run || run.owner.peerId !== ctx.peerId) {
      throw new ApiError({
        code: 'NOT_FOUND',
        message: `No result ${queryId}; it may have been closed`,
      });
    }
    return run;
  }

  function dropOldResults(sessionId: string): void {
    const finished = [...runs.values()].filter(
      (r) => r.owner.sessionId === sessionId && r.status.state !== 'running',
    );
    for (const r of finished.slice(0, Math.max(0, finished.length - KEPT_RESULTS_PER_SESSION))) {
      runs.delete(r.status.queryId);
    }
  }

  /**
   * Asks the server to stop the statement, once. Not cancelled when it had already ended or was
   * already being stopped, or, with the reason, when its connection could not be verified or
   * turned out gone (then it ends with CONNECTION_LOST).
   */
  async function stopOnServer(
    run: QueryRun,
    reason: 'user' | 'limit',
  ): Promise<{ cancelled: boolean; reason?: string; serverSilent?: boolean }> {
    if (run.status.state !== 'running' || run.threadId === null || run.stopReason) {
      return { cancelled: false };
    }
    run.stopReason = reason;
    let outcome;
    try {
      outcome = await run.owner.session.killQuery(run.threadId);
    } catch (err) {
      run.stopReason = null;
      throw err;
    }
    if (!outcome.killed) run.stopReason = null;
    return cancelAnswer(outcome);
  }

  async function readWarnings(run: QueryRun): Promise<QueryWarning[]> {
    try {
      return await run.owner.session.run(async (conn) => {
        const [rows] = await conn.query({ sql: 'SHOW WARNINGS LIMIT 100', rowsAsArray: true });
        return (rows as unknown[][]).map((r) => ({
          level: String(r[0]),
          code: Number(r[1]),
          message: String(r[2]),
        }));
      });
    } catch {
      return [];
    }
  }

  /** Brings the status up to date with the result: rows, columns, limits, time. */
  function refresh(run: QueryRun): QueryStatus {
    const status = run.status;
    status.rowCount = run.result.rowCount;
    status.columns = run.result.columns;
    status.truncated = run.result.truncated;
    if (status.state === 'running') status.elapsedMs = performance.now() - run.started;
    return status;
  }

  /** The status as it stands now, rows and limits included, as a copy safe to send. */
  function snapshot(run: QueryRun): QueryStatus {
    return structuredClone(refresh(run));
  }

  /** The status as `snapshot` has it, without the columns and statement (unchanged in progress). */
  function progressSnapshot(run: QueryRun): QueryUpdate {
    const update: QueryUpdate = { ...refresh(run) };
    delete update.columns;
    delete update.sql;
    return structuredClone(update);
  }

  function execute(run: QueryRun, ctx: CallContext): void {
    const status = run.status;
    let finishing = false;
    // The statement and column list go out when they arrive and at the end; progress updates
    // leave them out.
    const publish = () => ctx.emit('query.update', snapshot(run));
    const publishProgress = () => ctx.emit('query.update', progressSnapshot(run));
    // Progress is throttled by a timer rather than by reading the clock per row (a million
    // rows would read it a million times): the first row after a quiet spell is published at
    // once, later ones at most every PROGRESS_EVERY_MS, the last of them when the timer fires.
    let progressTimer: ReturnType<typeof setTimeout> | null = null;
    let progressPending = false;
    const progressTick = () => {
      progressTimer = null;
      if (!progressPending || finishing) return;
      progressPending = false;
      publishProgress();
      progressTimer = setTimeout(progressTick, PROGRESS_EVERY_MS);
    };
    const finish = async (
      state: QueryStatus['state'],
      error: ApiError | null,
      header: ResultSetHeader | null,
      warningCount: number | null = null,
    ) => {
      // The stream's own end and the link's loss can both report the same statement's end.
      if (finishing) return;
      finishing = true;
      if (progressTimer) clearTimeout(progressTimer);
      const elapsedMs = performance.now() - run.started;
      // Everything is in place before the state changes, so a reader never sees a half-finished status.
      // The server's end packet counts them: no round trip when it counted none.
      const read = state === 'done' && warningCount !== 0 ? await readWarnings(run) : [];
      // Our own KILL at a result limit leaves "interrupted" behind; the limit notice says it better.
      const warnings =
        run.stopReason === 'limit' ? read.filter((w) => w.code !== ER_QUERY_INTERRUPTED) : read;
      if (header) {
        status.affectedRows = header.affectedRows;
        status.info = header.info ? header.info : null;
        status.insertId = String(header.insertId);
      }
      status.warnings = warnings;
      status.error = error ? error.toShape() : null;
      status.inTransaction = run.owner.session.inTransaction;
      // Recorded (the history line on disk) before any screen can see the end: a crash right
      // after a screen learns it finished still keeps it.
      try {
        const ended = { ...snapshot(run), elapsedMs, state };
        await onFinished?.(ended, run.owner, Date.now() - (performance.now() - run.started));
      } catch (e) {
        console.error('[query] onFinished failed:', e);
      }
      status.elapsedMs = elapsedMs;
      status.state = state;
      publish();
      dropOldResults(run.owner.sessionId);
    };

    const session = run.owner.session;
    /** What the statement may leave in the session, lexed as the session last said it lexes. */
    const leftBy = (sql: string) =>
      sessionStateLeftBy(sql, { noBackslashEscapes: session.noBackslashEscapes === true });
    // Announced at once: screens other than the one that started it (the status bar's timer)
    // learn it runs before any row or column arrives.
    publish();
    const cancelled = () => new ApiError({ code: 'CANCELLED', message: 'Cancelled by user.' });
    const failed = (err: unknown) => {
      const code = (err as { errno?: unknown }).errno;
      if (code === ER_QUERY_INTERRUPTED && run.stopReason === 'limit') {
        void finish('done', null, null);
      } else if (code === ER_QUERY_INTERRUPTED && run.stopReason === 'user') {
        void finish('cancelled', cancelled(), null);
      } else {
        if (isFatal(err)) {
          // The link broke mid-statement: let the session notice and reconnect next time.
          void session.status().catch(() => {});
        }
        void finish('error', errorToApi(err), null);
      }
    };

    session
      .run(
        async (conn) => {
          run.threadId = session.threadId;
          await new Promise<void>((resolve) => {
            streamStatement(conn, status.sql, {
              columns(fields) {
                run.result.setColumns(fields);
                publish();
              },
              // Packed rows: the result keeps the bytes and decodes only the pages screens ask for.
              packedRow(packet, start, end, large) {
                if (!run.result.add(packet, start, end, large)) {
                  void stopOnServer(run, 'limit').catch(() => {});
                  return;
                }
                if (progressTimer === null) {
                  publishProgress();
                  progressTimer = setTimeout(progressTick, PROGRESS_EVERY_MS);
                } else {
                  progressPending = true;
                }
              },
              largeRowRoom: () => run.result.largeRowRoom(),
              end(header, serverStatus, warnings) {
                session.noteServerStatus(serverStatus);
                session.noteSessionState(leftBy(status.sql));
                resolve();
                // SLEEP() and some others end normally when killed: the user still stopped it.
                if (run.stopReason === 'user') void finish('cancelled', cancelled(), header);
                else void finish('done', null, header, warnings);
              },
              error(err) {
                if (isFatal(err)) {
                  // The server rolls back whatever a dropped connection had open.
                  session.noteLinkBroken(errorToApi(err).message);
                  session.noteServerStatus(0);
                  resolve();
                  failed(err);
                  return;
                }
                // A CALL that failed half-way may have set things in the session all the same.
                if (leftBy(status.sql).has('code')) session.noteSessionState(['code']);
                // The failed statement may still have ended a transaction (DDL commits first).
                void readServerStatus(conn)
                  .then((flags) => session.noteServerStatus(flags))
                  .finally(() => {
                    resolve();
                    failed(err);
                  });
              },
            });
          });
        },
        { userStatement: true },
      )
      .catch((err: unknown) => {
        void finish('error', err instanceof ApiError ? err : errorToApi(err), null);
      });
  }

  function refuseIfBusy(sessionId: string): void {
    for (const r of runs.values()) {
      if (r.owner.sessionId === sessionId && r.status.state === 'running') {
        throw new ApiError({
          code: 'SESSION_BUSY',
          message:
            'A statement is still running in this session: cancel it or wait for it to finish.',
        });
      }
    }
    locks.refuseIfHeld(sessionId);
  }

  return {
    'query.start': async ({ sessionId, sql, readOnlyConfirmed }, ctx) => {
      // Before anything else (the session is looked up again after the wait): a statement over
      // max_allowed_packet would make the server drop the connection.
      const held = locks.holder(sessionId) !== null;
      await refuseOverMaxAllowedPacket(sessions.owned(sessionId, ctx.peerId).session, sql, held);
      // Busy is said at once, rather than after the guard's read waited behind the statement.
      refuseIfBusy(sessionId);
      const guarded = sessions.owned(sessionId, ctx.peerId);
      await guardUserSql(
        guarded.session,
        sql,
        { kind: 'run', readOnlyConfirmed: readOnlyConfirmed === true },
        store.get(guarded.connectionId),
      );
      // Again after the waits, with nothing between this check and the claim below.
      const owner = sessions.owned(sessionId, ctx.peerId);
      refuseIfBusy(sessionId);
      const queryId = randomUUID();
      const run: QueryRun = {
        owner,
        result: new QueryResult(limits()),
        threadId: null,
        started: performance.now(),
        stopReason: null,
        status: {
          queryId,
          sessionId,
          sql,
          state: 'running',
          columns: null,
          rowCount: 0,
          truncated: null,
          affectedRows: null,
          info: null,
          insertId: null,
          warnings: [],
          elapsedMs: 0,
          error: null,
          inTransaction: owner.session.inTransaction,
        },
      };
      locks.claim(sessionId, 'statement', () => run.status.state === 'running');
      runs.set(queryId, run);
      execute(run, ctx);
      return snapshot(run);
    },
    'query.status': async ({ queryId }, ctx) => snapshot(ownedRun(queryId, ctx)),
    'query.rows': async ({ queryId, offset, limit }, ctx) => {
      const run = ownedRun(queryId, ctx);
      return { offset, rows: run.result.page(offset, limit) };
    },
    'query.cell': async ({ queryId, row, column, offset, length }, ctx) => {
      const slice = ownedRun(queryId, ctx).result.cellSlice(row, column, offset, length);
      if (!slice)
        throw new ApiError({
          code: 'NOT_FOUND',
          message: `No cell at row ${row}, column ${column}`,
        });
      return slice;
    },
    'query.cancel': async ({ queryId }, ctx) => stopOnServer(ownedRun(queryId, ctx), 'user'),
    'query.giveUp': async ({ queryId }, ctx) => {
      const run = ownedRun(queryId, ctx);
      if (run.status.state !== 'running' || run.threadId === null) return { givenUp: false };
      return { givenUp: run.owner.session.giveUp(run.threadId) };
    },
    'query.discard': async ({ queryId }, ctx) => {
      const run = ownedRun(queryId, ctx);
      if (run.status.state === 'running') await stopOnServer(run, 'user').catch(() => null);
      return { discarded: runs.delete(queryId) };
    },
  };
}
