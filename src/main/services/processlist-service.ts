import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../shared/api/errors';
import type { processlistContract } from '../../shared/api/processlist';
import { KILL_PROCEDURES, killPlan } from '../../shared/processlist/kill-plan';
import {
  snapshotToWire,
  type ProcesslistSnapshotWire,
} from '../../shared/processlist/snapshot-wire';
import type { ServerInfo } from '../../shared/server/server-info';
import { describeServerRun, sameServerRun, type ServerRun } from '../../shared/server/server-run';
import { readServerRun } from '../db/thread-identity';
import type { Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import { readServerInfo } from '../db/read-server-info';
import type { ConnectionStore } from '../store/connection-store';
import { probeAccess, type AccessProbe } from './processlist/access-probe';
import { explainConnection } from './processlist/explain-connection';
import { withExplainedStatement } from './processlist/explained-statement';
import {
  KillsInFlight,
  killProcedure,
  killSessions,
  runningStatements,
} from './processlist/kill-sessions';
import { readBlockerStory } from './processlist/read-blocker-story';
import { readSnapshot, type ThreadCache } from './processlist/read-snapshot';
import { readStatement } from './processlist/read-statement';
import { defaultScreenReadTimeout, type ScreenReadTimeout } from './screen-read-timeout';
import type { SessionRegistry } from './session-registry';
import type { DiagnoseOptions } from '../../shared/explain/diagnose-plan';

type ProcesslistMethods = keyof typeof processlistContract;

/** What a poll needs to know about its connection; read again after every reconnect. */
interface ConnectionFacts {
  /** The session's linkId when these were read. */
  linkId: number;
  threadId: number | null;
  server: ServerInfo;
  /** The run of the server this connection reaches; snapshots name it, KILLs check it. */
  run: ServerRun;
  probe: AccessProbe;
  /** performance_schema threads by processlist id; they never change while connected. */
  threads: ThreadCache;
}

interface ToolState {
  facts: ConnectionFacts | null;
  /** The poll under way: a second request while it runs gets the same answer (no overlap). */
  polling: Promise<ProcesslistSnapshotWire> | null;
}

/**
 * Refuses a KILL of ids listed on another connection than the tool's current one. Ids restart
 * with the server (and differ on another server behind the same address); the run a snapshot
 * names is read once per connection, so an exact match proves the ids were listed on this very
 * connection, which could not have outlived a restart.
 */
function refuseIfRelisted(
  current: ServerRun,
  seenIn: ServerRun,
  ids: readonly number[],
  /** What was not done, for the message. */
  nothing = 'Nothing was killed',
): void {
  if (
    current.hostname === seenIn.hostname &&
    current.serverId === seenIn.serverId &&
    current.startedAtMs === seenIn.startedAtMs
  ) {
    return;
  }
  const which = ids.length === 1 ? `session #${ids[0]} was` : `these ${ids.length} sessions were`;
  const restarted = !sameServerRun(current, seenIn);
  throw new ApiError({
    code: 'NOT_FOUND',
    message:
      `${nothing}: ${restarted ? 'the server was restarted or replaced' : "the processlist's connection was opened again"} since ${which} listed ` +
      `(listed on ${describeServerRun(seenIn)}; now ${describeServerRun(current)}), so the ids may now name other connections or none. ` +
      'Look at the refreshed list and choose again.',
  });
}

/**
 * The live processlist. Everything runs on the processlist tab's own session (App opens one per
 * tool tab), so polling never touches an editor's connection; the session reconnects by itself
 * on the call after it was lost. KILL runs only when the caller sends back the exact SQL it was
 * shown, and on a read-only connection only when that was confirmed a second time.
 */
export function processlistService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  /** The user's plan diagnostics thresholds, read at each explain. */
  diagnose: () => DiagnoseOptions = () => ({}),
  /** How long one read or KILL may take before the tool's connection is given up. */
  readTimeoutMs: ScreenReadTimeout = defaultScreenReadTimeout,
): Handlers<ProcesslistMethods> {
  const states = new Map<string, ToolState>();
  const inFlight = new KillsInFlight();
  sessions.onClose((sessionId) => states.delete(sessionId));

  function stateOf(sessionId: string): ToolState {
    let s = states.get(sessionId);
    if (!s) {
      s = { facts: null, polling: null };
      states.set(sessionId, s);
    }
    return s;
  }

  /** Runs `fn` on the tool's connection with facts that match that very connection. */
  function onTool<T>(
    sessionId: string,
    peerId: string,
    fn: (conn: Connection, facts: ConnectionFacts) => Promise<T>,
  ): Promise<T> {
    const { session } = sessions.owned(sessionId, peerId);
    const state = stateOf(sessionId);
    return session
      .run(
        async (conn) => {
          // Keyed by the link, not the thread id: after a restart a new link may get the old id.
          if (!state.facts || state.facts.linkId !== session.linkId) {
            const linkId = session.linkId;
            const server = await readServerInfo(conn, false);
            state.facts = {
              linkId,
              threadId: session.threadId,
              server,
              run: await readServerRun(conn),
              probe: await probeAccess(conn),
              threads: new Map(),
            };
          }
          return fn(conn, state.facts);
        },
        { timeoutMs: readTimeoutMs() },
      )
      .catch((e: unknown) => {
        throw e instanceof ApiError ? e : errorToApi(e);
      });
  }

  return {
    'processlist.snapshot': async ({ sessionId }, ctx) => {
      const state = stateOf(sessionId);
      if (state.polling) return state.polling;
      const poll = onTool(sessionId, ctx.peerId, async (conn, facts) => {
        return snapshotToWire(
          await readSnapshot(
            conn,
            facts.server,
            facts.probe,
            facts.threadId,
            facts.threads,
            facts.run,
          ),
        );
      });
      state.polling = poll;
      try {
        return await poll;
      } finally {
        state.polling = null;
      }
    },

    'processlist.kill': async (
      { sessionId, mode, ids, seenIn, confirmSql, readOnlyConfirmed, expected, via = 'statement' },
      ctx,
    ) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const connection = store.get(owner.connectionId);
      const plan = killPlan(mode, ids, via);
      /** A procedure KILL only where the server has that procedure (and we may see it). */
      const refuseMissingProcedure = async (conn: Connection): Promise<void> => {
        if (via !== 'procedure' || (await killProcedure(conn, mode)) !== null) return;
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: `This server has no mysql.${KILL_PROCEDURES[mode]} procedure this account may call: nothing was run.`,
        });
      };
      if (confirmSql === undefined) {
        const running = await onTool(sessionId, ctx.peerId, async (conn, facts) => {
          refuseIfRelisted(facts.run, seenIn, plan.ids);
          await refuseMissingProcedure(conn);
          if (mode !== 'query') return null;
          const seenAtMs = Date.now();
          const now = await runningStatements(conn, plan.ids, facts.server.flavor);
          return {
            seenAtMs,
            targets: [...now.values()].map(({ id, info, key }) => ({ id, info, key })),
          };
        });
        return {
          phase: 'preview',
          sql: plan.sql,
          ids: plan.ids,
          readOnly: connection.readOnly,
          running,
        };
      }
      if (confirmSql !== plan.sql) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message:
            'The KILL statements confirmed are not the ones these sessions need: nothing was run. Preview again and confirm what is shown.',
        });
      }
      if (connection.readOnly && readOnlyConfirmed !== true) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: `“${connection.name}” is marked read-only and KILL changes the server (it ends statements or connections of other users). Confirm a second time to run it anyway.`,
        });
      }
      return onTool(sessionId, ctx.peerId, async (conn, facts) => {
        refuseIfRelisted(facts.run, seenIn, plan.ids);
        await refuseMissingProcedure(conn);
        const outcomes = await killSessions(conn, plan, {
          selfId: facts.threadId,
          runKey: `${seenIn.hostname}|${seenIn.serverId}|${seenIn.startedAtMs}`,
          inFlight,
          expected,
          flavor: facts.server.flavor,
        });
        const denied = outcomes.filter((o) => o.outcome === 'denied').map((o) => o.id);
        // Read only after a refusal: the usual KILL costs no extra round trip.
        const procedure =
          via === 'statement' && denied.length > 0 ? await killProcedure(conn, mode) : null;
        return procedure
          ? { phase: 'done' as const, sql: plan.sql, outcomes, offer: { procedure, ids: denied } }
          : { phase: 'done' as const, sql: plan.sql, outcomes };
      });
    },

    'processlist.blockerStory': async ({ sessionId, id, seenIn }, ctx) =>
      onTool(sessionId, ctx.peerId, (conn, facts) => {
        refuseIfRelisted(facts.run, seenIn, [id], 'Nothing was read');
        return readBlockerStory(conn, facts.server, facts.probe, id);
      }),

    'processlist.explain': async ({ sessionId, id, analyze }, ctx) =>
      onTool(sessionId, ctx.peerId, async (conn, facts) => {
        const { plan, statement } = await withExplainedStatement(conn, id, () =>
          explainConnection(conn, facts.server, id, analyze === true, diagnose()),
        );
        return { ...plan, statement };
      }),

    'processlist.statement': async ({ sessionId, id }, ctx) =>
      onTool(sessionId, ctx.peerId, (conn) => readStatement(conn, id)),
  };
}
