import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../../shared/api/errors';
import type { ExplainRunResult } from '../../../shared/api/explain';
import { ExperimentResultSchema } from '../../../shared/api/tuning';
import { walkPlan } from '../../../shared/explain/plan-model';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import {
  recreateIndexSql,
  restoredText,
  vanishedIndexes,
  type TableIndex,
} from '../../../shared/tuning/experiment-restore';
import { experimentPlan } from '../../../shared/tuning/index-experiment';
import type { CallContext, Handler } from '../../backend/handlers';
import { errorToApi } from '../../db/error-to-api';
import { errorMessage } from '../../store/os-error';
import type { ConnectionStore } from '../../store/connection-store';
import type { SessionRegistry } from '../session-registry';
import { readTableIndexes } from './read-table-indexes';
import { ER_LOCK_WAIT_TIMEOUT } from '../../db/lock-wait-timeout';
import { ER_QUERY_INTERRUPTED } from '../../db/query-interrupted';
import { cancelWork, type KillableWork } from '../cancel-work';
import { withLockWait, type SessionRun } from './session-lock-wait';

/** How long an index experiment's statements wait for the table's metadata lock. */
const EXPERIMENT_LOCK_WAIT_SECONDS = 10;

export interface ExperimentDeps {
  sessions: SessionRegistry;
  store: ConnectionStore;
  /** explain.run without recording (experiments' hypothetical plans are not evidence). */
  explain: Handler<'explain.run'>;
  /** Runs on the session while its tab has it (fails once the tab closed it). */
  run: <T>(sessionId: string, ctx: CallContext, fn: (conn: Connection) => Promise<T>) => Promise<T>;
  /** USE `schema` on the session (nothing for null). */
  useSchema: (sessionId: string, ctx: CallContext, schema: string | null) => Promise<void>;
}

/**
 * An experiment on its way: its session's thread (for KILL QUERY), whether a Cancel killed a
 * statement of it, whether a Cancel came at all (a KILL QUERY that finds no statement running
 * stops nothing, and is said as not sent), and whether it is putting the table back (from then
 * on it is not stopped: the clean-up must run whatever happens).
 */
interface ExperimentWork extends KillableWork {
  stopAsked: boolean;
  cleaning: boolean;
}

/** Whether `e` is the server's answer to a KILL QUERY. */
function interrupted(e: unknown): boolean {
  return e instanceof ApiError
    ? e.serverCode === ER_QUERY_INTERRUPTED
    : (e as { errno?: unknown } | null)?.errno === ER_QUERY_INTERRUPTED;
}

/** Whether `e` is the stop an experiment makes itself on seeing it was cancelled. */
function cancelledHere(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'CANCELLED';
}

/**
 * `tuning.experiment`: explain, create the index, explain again, drop it, always (see the
 * contract), on a connection marked scratch only. Every statement waits at most
 * EXPERIMENT_LOCK_WAIT_SECONDS for the table (DDL waiting for its lock would also make every
 * later query of the table wait); an index the server drops itself when the tried one is built
 * is built again before that one is dropped; a clean-up that fails fails the call, saying what.
 * `tuning.cancelExperiment` stops it before its clean-up: building an index on a large table
 * takes as long as reading the table.
 */
export function indexExperiment(deps: ExperimentDeps): {
  experiment: Handler<'tuning.experiment'>;
  cancel: Handler<'tuning.cancelExperiment'>;
} {
  const { sessions, store, run, useSchema } = deps;
  /** The experiment each session runs now. */
  const underWay = new Map<string, ExperimentWork>();
  const cancel: Handler<'tuning.cancelExperiment'> = async ({ sessionId }, ctx) => {
    const owner = sessions.owned(sessionId, ctx.peerId);
    const work = underWay.get(sessionId);
    if (!work) return { cancelled: false };
    if (work.cleaning)
      return {
        cancelled: false,
        reason: 'The experiment is already dropping what it built: it ends in a moment.',
      };
    work.stopAsked = true;
    const killed = await cancelWork(owner.session, work);
    // Between two statements nothing was killed, but the experiment stops before its next one.
    return killed.cancelled || killed.reason !== undefined ? killed : { cancelled: true };
  };
  const experiment: Handler<'tuning.experiment'> = async (
    { sessionId, schema, sql, candidate, readOnlyConfirmed },
    ctx,
  ) => {
    const owner = sessions.owned(sessionId, ctx.peerId);
    const connection = store.get(owner.connectionId);
    if (!connection.scratch) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: `“${connection.name}” is not marked as a scratch server, and trying an index means creating one (a write that reads the whole table and can block writes). Review the DDL and run it where it is safe, or mark a test server “Scratch” in its connection settings.`,
      });
    }
    if (connection.readOnly && !readOnlyConfirmed) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: `“${connection.name}” is read-only, and trying an index creates and drops one: confirm again to do it anyway.`,
      });
    }
    const { server } = await owner.session.status();
    const plan = experimentPlan(candidate, {
      invisibleIndexes: server.capabilities.invisibleIndexes,
      isMariaDb: server.flavor === 'mariadb',
    });
    // Every statement of it (the explains too) waits at most EXPERIMENT_LOCK_WAIT_SECONDS for
    // the table: DDL waiting for its lock would also make every later query of the table wait.
    // On the session object itself, as the clean-up (see there).
    const sessionRun: SessionRun = (fn) =>
      owner.session.run(fn).catch((e: unknown) => {
        throw e instanceof ApiError ? e : errorToApi(e);
      });
    const work: ExperimentWork = {
      threadId: null,
      killed: false,
      stopAsked: false,
      cleaning: false,
    };
    underWay.set(sessionId, work);
    let outcome;
    try {
      outcome = await withLockWait(sessionRun, EXPERIMENT_LOCK_WAIT_SECONDS, async () => {
        work.threadId = owner.session.threadId;
        // A KILL QUERY that lands between two statements stops neither: each step looks first.
        const stopIfCancelled = () => {
          if (work.stopAsked) throw new ApiError({ code: 'CANCELLED', message: 'Cancelled' });
        };
        await useSchema(sessionId, ctx, schema);
        stopIfCancelled();
        const before = await deps.explain({ sessionId, sql, analyze: false }, ctx);
        const { schema: tableSchema, table } = candidate;
        const indexesBefore = await run(sessionId, ctx, (conn) =>
          readTableIndexes(conn, tableSchema, table),
        );
        const executed: string[] = [];
        let created = false;
        /** Indexes the server dropped itself when the tried one was built (see vanishedIndexes). */
        let vanished: TableIndex[] = [];
        const restored: string[] = [];
        let after: ExplainRunResult | undefined;
        let failure: unknown = null;
        try {
          for (const statement of plan.setup) {
            stopIfCancelled();
            await run(sessionId, ctx, (conn) => conn.query(statement));
            executed.push(statement);
            if (statement.startsWith('CREATE INDEX')) {
              created = true;
              vanished = vanishedIndexes(
                indexesBefore,
                await run(sessionId, ctx, (conn) => readTableIndexes(conn, tableSchema, table)),
              );
            }
          }
          stopIfCancelled();
          after = await deps.explain({ sessionId, sql, analyze: false }, ctx);
          executed.push(after.explainSql);
        } catch (e) {
          failure =
            work.stopAsked && (interrupted(e) || cancelledHere(e))
              ? new ApiError({
                  code: 'CANCELLED',
                  message: created
                    ? `Cancelled by user (KILL QUERY) after ${plan.indexName} was built: it was dropped again.`
                    : `Cancelled by user (KILL QUERY): ${plan.indexName} was not built, and the table is as it was.`,
                })
              : e instanceof ApiError && e.serverCode === ER_LOCK_WAIT_TIMEOUT
                ? new ApiError({
                    ...e.toShape(),
                    message: `${qualifiedName(tableSchema, table)} stayed locked by another session for ${EXPERIMENT_LOCK_WAIT_SECONDS} s (a transaction still open that used it, a LOCK TABLES, or other DDL), so the experiment stopped${created ? '' : ` before ${plan.indexName} was built`}. End that session's transaction (the processlist shows it) and try again.`,
                  })
                : e;
        }
        // Cleanup always: a DROP for an index that was never created would only add an error.
        // It runs on the session object itself, so a tab closed meanwhile (the session gone from
        // the registry) still gets its index dropped, on a connection closed afterwards.
        work.cleaning = true;
        const cleanupFailures: string[] = [];
        const cleanup = async (statement: string) => {
          // A Cancel's KILL QUERY sent just before the clean-up began can land in its first
          // statement: that statement is then run once more.
          for (let attempt = 0; ; attempt++) {
            try {
              await owner.session.run((conn) => conn.query(statement));
              executed.push(statement);
              return true;
            } catch (e) {
              if (attempt === 0 && work.stopAsked && interrupted(e)) continue;
              cleanupFailures.push(`${statement}: ${errorMessage(e)}`);
              return false;
            }
          }
        };
        for (const statement of plan.cleanup) {
          if (statement.startsWith('DROP INDEX')) {
            if (!created) continue;
            // The index the server dropped for ours is built again first: until then the foreign
            // key needs ours, and the server refuses to drop it.
            for (const index of vanished) {
              const rebuild = recreateIndexSql(tableSchema, table, index);
              if (rebuild === null)
                cleanupFailures.push(
                  `building ${plan.indexName} made the server drop ${index.name}, which is not a plain index that Sightline can build again as it was`,
                );
              else if (await cleanup(rebuild)) restored.push(index.name);
            }
          }
          await cleanup(statement);
        }
        if (cleanupFailures.length > 0) {
          const failed =
            failure === null ? '' : `The experiment failed (${errorMessage(failure)}). `;
          throw new ApiError({
            code: 'SERVER_ERROR',
            message: `${failed}Its clean-up did not put ${qualifiedName(tableSchema, table)} back as it was on “${connection.name}”: ${cleanupFailures.join('; ')}. Check the table's indexes (SHOW INDEX FROM ${qualifiedName(tableSchema, table)}) before going on.`,
          });
        }
        // The words of a statement that names an index the server dropped (a FORCE INDEX of
        // the key's own index) say it does not exist, which is no longer true.
        const putBack = restoredText(plan.indexName, restored);
        if (failure !== null && putBack !== null)
          throw new ApiError({
            ...(failure instanceof ApiError ? failure.toShape() : { code: 'INTERNAL' }),
            message: `${errorMessage(failure)} ${putBack}`,
          });
        if (failure !== null) throw failure;
        return { before, after, executed, restored };
      });
    } catch (e) {
      // Stopped before anything was built (the first explain, reading the indexes): the
      // steps after that say themselves what they left.
      if (work.stopAsked && !work.cleaning && (interrupted(e) || cancelledHere(e)))
        throw new ApiError({
          code: 'CANCELLED',
          message: `Cancelled by user (KILL QUERY): ${plan.indexName} was not built, and the table is as it was.`,
        });
      throw e;
    } finally {
      if (underWay.get(sessionId) === work) underWay.delete(sessionId);
      if (!sessions.has(sessionId)) await owner.session.close().catch(() => undefined);
    }
    const { before, after, executed, restored } = outcome;
    let indexUsed = false;
    if (!after) throw new Error('unreachable: the after-EXPLAIN neither ran nor failed');
    walkPlan(after.report.root, (n) => {
      if (n.key === plan.indexName) indexUsed = true;
    });
    return ExperimentResultSchema.parse({
      before,
      after,
      executed,
      method: plan.method,
      indexName: plan.indexName,
      indexUsed,
      restored,
    });
  };
  return { experiment, cancel };
}
