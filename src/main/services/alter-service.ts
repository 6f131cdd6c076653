import { randomUUID } from 'node:crypto';
import { parseAlter } from '../../shared/alter/parse-alter';
import { planAlter } from '../../shared/alter/plan-alter';
import { ProgressTracker } from '../../shared/alter/alter-progress';
import type { alterContract } from '../../shared/api/alter';
import { ApiError } from '../../shared/api/errors';
import type { Handlers } from '../backend/handlers';
import { defaultScreenReadTimeout, type ScreenReadTimeout } from './screen-read-timeout';
import { errorToApi } from '../db/error-to-api';
import type { AlterHistoryStore } from '../store/alter-history-store';
import type { ConnectionStore } from '../store/connection-store';
import { AlterRun } from './alter/alter-run';
import { planFactsOf, preflight } from './alter/preflight';
import { progressSampleOf } from './alter/read-progress';
import { readTableFacts } from './alter/read-table-facts';
import { selectRows, countOf, textOf, textOrNull } from './schema/metadata-query';
import type { SessionRegistry } from './session-registry';
import { guardUserSql } from './user-sql-guard';

type AlterMethods = keyof typeof alterContract;

export interface AlterServiceOptions {
  /** How often a run's progress is read (ms); default 500. */
  pollMs?: number;
  /** How long preflight watches the table's writes (ms); default 1000. */
  writeSampleMs?: number;
  /** How long one progress read may go unanswered (ms), asked as each run starts. */
  readTimeoutMs?: ScreenReadTimeout;
}

function invalid(message: string): ApiError {
  return new ApiError({ code: 'INVALID_REQUEST', message });
}

/**
 * The guided ALTER TABLE. Preflight reads on the tool session's side connection; a run uses the
 * tool's own session (App opens one per tool tab), polls progress on the side connection, and
 * keeps its status for `alter.status` and `alter.update` events. Finished runs go to the ALTER
 * history.
 */
export function alterService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  /** Where finished runs go (and where a run's outcome found out later replaces its entry). */
  history: AlterHistoryStore,
  options: AlterServiceOptions = {},
): Handlers<AlterMethods> {
  const runs = new Map<string, { run: AlterRun; peerId: string; sessionId: string }>();

  function ownedRun(runId: string, peerId: string): AlterRun {
    const r = runs.get(runId);
    if (!r || r.peerId !== peerId) {
      throw new ApiError({ code: 'NOT_FOUND', message: `No ALTER run ${runId}` });
    }
    return r.run;
  }

  /** The statement read with the server's flavor, and the schema it is in. */
  async function understand(sessionId: string, peerId: string, sql: string) {
    const owner = sessions.owned(sessionId, peerId);
    const { server } = await owner.session.status();
    const parsed = parseAlter(sql, server.flavor === 'mariadb' ? 'mariadb' : 'mysql');
    if (!parsed.ok) throw invalid(parsed.error);
    const [current] = await owner.session
      .run((conn) => selectRows(conn, 'SELECT DATABASE() AS D, @@session.foreign_key_checks AS F'))
      .catch((e: unknown) => {
        throw errorToApi(e);
      });
    const schema = parsed.alter.schema ?? textOrNull(current?.D);
    if (!schema) {
      throw invalid(
        'Name the table with its schema (ALTER TABLE schema.table ...): no schema is selected.',
      );
    }
    return {
      owner,
      server,
      alter: parsed.alter,
      schema,
      foreignKeyChecks: textOf(current?.F) !== '0',
    };
  }

  return {
    'alter.preflight': async ({ sessionId, sql }, ctx) => {
      const { owner, server, alter, schema, foreignKeyChecks } = await understand(
        sessionId,
        ctx.peerId,
        sql,
      );
      const connection = store.get(owner.connectionId);
      const endpoint = connection.endpoint;
      const target =
        endpoint.kind === 'tcp'
          ? { host: endpoint.host, port: endpoint.port, user: connection.user }
          : { host: 'localhost', port: 3306, user: connection.user };
      const own = owner.session.threadId;
      const past = await history.list(undefined, 200);
      return owner.session.withSideConnection((conn) =>
        preflight(conn, {
          sql,
          alter,
          schema,
          server,
          target,
          foreignKeyChecks,
          exclude: own === null ? [] : [own],
          history: past,
          writeSampleMs: options.writeSampleMs ?? 1000,
        }),
      );
    },

    'alter.run': async (params, ctx) => {
      const { sessionId, sql } = params;
      const { owner, server, alter, schema, foreignKeyChecks } = await understand(
        sessionId,
        ctx.peerId,
        sql,
      );
      const connection = store.get(owner.connectionId);
      await guardUserSql(
        owner.session,
        sql,
        { kind: 'alter', readOnlyConfirmed: params.confirmedReadOnly === true },
        connection,
      );
      for (const r of runs.values()) {
        if (r.sessionId === sessionId && r.run.running) {
          throw new ApiError({
            code: 'SESSION_BUSY',
            message: 'An ALTER is already running in this tab: wait for it or cancel it.',
          });
        }
      }
      const facts = await owner.session.withSideConnection((conn) =>
        readTableFacts(conn, server, schema, alter.table),
      );
      // The same facts as the preflight's plan: the history keeps what the screen promised.
      const plan = planAlter(alter, server, planFactsOf(facts, foreignKeyChecks));
      const runId = randomUUID();
      const run = new AlterRun({
        runId,
        connectionId: owner.connectionId,
        connectionName: connection.name,
        session: owner.session,
        server,
        schema,
        alter,
        sql,
        algorithm: plan.algorithm,
        lock: plan.lock,
        tableBytes: (facts.dataBytes ?? 0) + (facts.indexBytes ?? 0),
        lockWaitTimeoutSeconds: params.lockWaitTimeoutSeconds,
        enableStageInstruments: params.enableStageInstruments,
        pollMs: options.pollMs ?? 500,
        readTimeoutMs: (options.readTimeoutMs ?? defaultScreenReadTimeout)(),
        emit: (status) => ctx.emit('alter.update', status),
        record: (entry) => history.add(entry),
      });
      runs.set(runId, { run, peerId: ctx.peerId, sessionId });
      await run.start().catch((e: unknown) => {
        runs.delete(runId);
        throw errorToApi(e);
      });
      return run.status;
    },

    'alter.status': async ({ runId }, ctx) => ownedRun(runId, ctx.peerId).status,

    'alter.cancel': async ({ runId }, ctx) =>
      ownedRun(runId, ctx.peerId)
        .cancel()
        .catch((e: unknown) => {
          throw errorToApi(e);
        }),

    'alter.killBlocker': async ({ runId, processId }, ctx) => ({
      killed: await ownedRun(runId, ctx.peerId)
        .killBlocker(processId)
        .catch((e: unknown) => {
          throw errorToApi(e);
        }),
    }),

    'alter.verify': async ({ runId }, ctx) =>
      ownedRun(runId, ctx.peerId)
        .verify()
        .catch((e: unknown) => {
          throw errorToApi(e);
        }),

    'alter.history': async ({ connectionId, limit }) => history.list(connectionId, limit ?? 200),

    'alter.external': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const own = owner.session.threadId;
      return owner.session.withSideConnection(async (conn, server) => {
        const mariadb = server.flavor === 'mariadb';
        const rows = await selectRows(
          conn,
          mariadb
            ? `SELECT ID, USER, INFO, TIME, STATE, STAGE, MAX_STAGE, PROGRESS FROM information_schema.PROCESSLIST
                WHERE INFO LIKE 'ALTER%TABLE%' AND ID <> CONNECTION_ID()`
            : `SELECT t.PROCESSLIST_ID AS ID, t.PROCESSLIST_USER AS USER, t.PROCESSLIST_INFO AS INFO,
                      t.PROCESSLIST_TIME AS TIME, t.PROCESSLIST_STATE AS STATE, s.EVENT_NAME AS STAGE,
                      s.WORK_COMPLETED AS DONE, s.WORK_ESTIMATED AS EST
                 FROM performance_schema.threads t
                 LEFT JOIN performance_schema.events_stages_current s ON s.THREAD_ID = t.THREAD_ID
                WHERE t.PROCESSLIST_INFO LIKE 'ALTER%TABLE%' AND t.PROCESSLIST_ID <> CONNECTION_ID()`,
        );
        return rows
          .filter((r) => countOf(r.ID) !== own)
          .map((r) => {
            const time = countOf(r.TIME) ?? 0;
            // One reading: percent from the server; no rate or ETA without a second one.
            const sample = progressSampleOf(r, mariadb ? 'mariadb' : 'mysql', 1);
            const progress = sample
              ? { ...new ProgressTracker(0).add(sample), elapsedSeconds: time }
              : null;
            return {
              processId: countOf(r.ID) ?? 0,
              user: textOf(r.USER),
              sql: textOf(r.INFO),
              timeSeconds: time,
              state: textOrNull(r.STATE),
              progress,
            };
          });
      });
    },
  };
}
