// Data drift for the replication screen: tables compared between the session's server and a
// saved connection to one of its replicas, at one GTID point per table (compareTable), with
// progress events, throttling by replica lag and source load, cancel, and the fix run on the
// replica only after its exact SQL was confirmed.
import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import {
  DRIFT_MAX_DIFFERENCES,
  type DriftRun,
  type DriftTableResult,
} from '../../shared/api/drift';
import { ApiError } from '../../shared/api/errors';
import type { KeyValue } from '../../shared/drift/row-diff';
import type { ServerInfo } from '../../shared/server/server-info';
import type { CallContext, Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import { ER_LOCK_WAIT_TIMEOUT } from '../db/lock-wait-timeout';
import { ER_NO_SUCH_THREAD } from '../db/no-such-thread';
import { ER_DUP_ENTRY } from '../db/duplicate-entry';
import { ER_QUERY_INTERRUPTED } from '../db/query-interrupted';
import { isAccessDenied } from './processlist/query-rows';
import { pinningOpener } from './tls-pin-on-first-use';
import { readServerInfo } from '../db/read-server-info';
import { updateRowsMatched } from '../db/rows-matched';
import type { ConnectionStore } from '../store/connection-store';
import { compareTable, type TableDrift } from './drift/compare-table';
import { ControlLink } from './drift/control-link';
import { DRIFT_LIVENESS, watchLiveness, type LivenessLimits } from './drift/liveness-watch';
import { ApplierNotRestarted, PinError, type DriftServer } from './drift/pin-snapshots';
import { otherThreadsRunning } from './drift/threads-running';
import { TrackedServer } from './drift/tracked-server';
import {
  applierNote,
  isUnreachable,
  silentServerError,
  unreachableServerError,
} from './drift/unreachable-server';
import { readChannels } from './replication/read-channels';
import type { SessionRegistry } from './session-registry';

const PROGRESS_MS = 250;
const KEEP_ENDED = 10;
/** How often replica lag and source load are read while comparing. */
const THROTTLE_CHECK_MS = 1000;

interface Run {
  status: DriftRun;
  peerId: string;
  abort: AbortController;
  stop: 'user' | 'closed' | null;
  started: number;
  source: TrackedServer;
  replica: TrackedServer;
  /** The server that stopped answering, which ended the run. */
  silent: { which: 'source' | 'replica'; ms: number } | null;
  replicaReadOnly: boolean;
  /** Kept for the whole run: channel, estimates, throttle checks. */
  control: { source: ControlLink; replica: ControlLink };
  loadCheck: LoadCheck;
}

/**
 * How the source's load is read: its statements at work in PROCESSLIST, or, when this account
 * cannot see other sessions there (no PROCESS privilege), the server's Threads_running.
 */
type LoadCheck = 'statements' | 'threads-running';

/** The replica's lag or the source's load could not be read: the run cannot be throttled. */
class ThrottleFailed extends Error {
  constructor(readonly api: ApiError) {
    super(api.message);
  }
}

const THREADS_RUNNING_NOTE =
  'The source’s load is read from Threads_running: this account lacks the PROCESS privilege, so it cannot see other sessions’ statements. Threads_running also counts the threads that send the binary log to replicas, so the limit is reached sooner.';

/** A saved connection as a DriftServer: new connections with its settings, SSH and TLS. */
async function driftServer(store: ConnectionStore, connectionId: string): Promise<DriftServer> {
  const settings = store.get(connectionId);
  const secrets = store.secretsOf(connectionId);
  const open = async () => {
    const db = await pinningOpener(store, connectionId)(settings, secrets);
    return { conn: db.conn, close: () => db.close(), viaSsh: db.viaSsh, tlsCert: db.tlsCert };
  };
  const probe = await open();
  try {
    const info: ServerInfo = await readServerInfo(probe.conn, probe.viaSsh, probe.tlsCert);
    return { open, info };
  } finally {
    await probe.close();
  }
}

async function single(link: ControlLink, sql: string): Promise<RowDataPacket | undefined> {
  return link.use(async (conn) => (await conn.query<RowDataPacket[]>(sql))[0][0]);
}

/** The replica's channel from `source`, matched by server UUID (MySQL) or server id (MariaDB). */
async function channelFrom(
  source: ControlLink,
  replica: ControlLink,
  replicaInfo: ServerInfo,
  names: { source: string; replica: string },
): Promise<string> {
  const ids = await single(source, 'SELECT @@server_id AS id, @@server_uuid AS uuid').catch(
    async () => single(source, 'SELECT @@server_id AS id, NULL AS uuid'),
  );
  return replica.use(async (conn) => {
    const self = await conn.query<RowDataPacket[]>('SELECT @@server_id AS id');
    if (String(self[0][0]?.id) === String(ids?.id))
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: 'The replica connection reaches the same server as this session.',
        field: 'replicaConnectionId',
      });
    const channels = await readChannels(conn, replicaInfo);
    const match = channels.find((ch) =>
      ids?.uuid ? ch.sourceUuid === String(ids.uuid) : ch.sourceServerId === Number(ids?.id),
    );
    if (!match)
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: `“${names.replica}” does not replicate from “${names.source}” (none of its replication channels has that server as its source), so there is no point at which both can be read alike. Pick a replica of “${names.source}”.`,
        field: 'replicaConnectionId',
      });
    return match.name;
  });
}

const keyDisplay = (key: KeyValue[]) => key.map((k) => ('text' in k ? k.text : `0x${k.hex}`));

function tableResult(d: TableDrift): DriftTableResult {
  return {
    schema: d.schema,
    table: d.table,
    key: d.key,
    skipped: d.skipped,
    point: d.point,
    points: d.points,
    chunks: d.chunks,
    chunksDiffering: d.chunksDiffering,
    rows: d.rows,
    differences: d.differences.map((x) => ({
      kind: x.kind,
      key: keyDisplay(x.key),
      ...(x.columns ? { columns: x.columns } : {}),
    })),
    differencesTotal: d.differencesTotal,
    fix: d.fix,
    pausedMs: d.pausedMs,
  };
}

/**
 * How long each fix statement waits for its table's metadata lock on the replica: behind DDL the
 * replica applies, a LOCK TABLES or a transaction left open it would wait a year by default.
 */
const FIX_LOCK_WAIT_SECONDS = 30;

export function driftService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  liveness: LivenessLimits = DRIFT_LIVENESS,
  fixLockWaitSeconds = FIX_LOCK_WAIT_SECONDS,
): Handlers<'drift.start' | 'drift.status' | 'drift.cancel' | 'drift.fix' | 'drift.cancelFix'> {
  const runs = new Map<string, Run>();
  /**
   * Fixes running now, by run and table: the thread of the replica connection they run on (their
   * own, open until they end, so its id names no one else's) and whether a Cancel came.
   */
  const fixing = new Map<string, { threadId: number; cancelled: boolean }>();
  const fixKey = (runId: string, schema: string, table: string) =>
    JSON.stringify([runId, schema, table]);
  const watchedPeers = new Set<string>();

  const stopRun = (run: Run, why: 'user' | 'closed') => {
    if (run.status.state !== 'running' || run.stop) return false;
    run.stop = why;
    run.abort.abort(new Error('cancelled'));
    return true;
  };
  sessions.onClose((sessionId) => {
    for (const run of runs.values()) if (run.status.sessionId === sessionId) stopRun(run, 'closed');
  });
  const owned = (runId: string, peerId: string): Run => {
    const run = runs.get(runId);
    if (!run || run.peerId !== peerId)
      throw new ApiError({ code: 'NOT_FOUND', message: `No data drift comparison ${runId}` });
    return run;
  };
  const forgetOld = () => {
    const ended = [...runs.values()].filter((r) => r.status.state !== 'running');
    for (const r of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED)))
      runs.delete(r.status.runId);
  };

  const execute = async (
    run: Run,
    ctx: CallContext,
    limits: { chunkRows: number; maxLag: number; maxThreads: number },
  ) => {
    const status = run.status;
    const source = run.source;
    // A frozen or cut-off server never fails a statement: only silence tells. Closing its
    // connections fails what waits on them, so the run ends and the other server gets back
    // what the run holds there (a snapshot, the replica's applier).
    const watch = watchLiveness(
      {
        source: () => run.control.source.use((c) => c.ping()),
        replica: () => run.control.replica.use((c) => c.ping()),
      },
      liveness,
      (which, ms) => {
        if (status.state !== 'running' || run.silent) return;
        run.silent = { which, ms };
        run.abort.abort(new Error(`the ${which} stopped answering`));
        void run[which].closeAll();
      },
    );
    let lastEmit = 0;
    let rowsBefore = 0;
    const measure = () => {
      status.elapsedMs = performance.now() - run.started;
      const seconds = status.elapsedMs / 1000;
      status.rowsPerSecond = seconds > 0 ? status.rowsDone / seconds : 0;
      status.etaSeconds =
        status.rowsPerSecond > 0 && status.rowsEstimate > status.rowsDone
          ? (status.rowsEstimate - status.rowsDone) / status.rowsPerSecond
          : status.rowsEstimate > 0 && status.rowsDone >= status.rowsEstimate
            ? 0
            : null;
    };
    const emit = (force = false) => {
      const now = performance.now();
      if (!force && now - lastEmit < PROGRESS_MS) return;
      lastEmit = now;
      measure();
      ctx.emit('drift.update', structuredClone(status));
    };
    let lastCheck = 0;
    const throttle = async () => {
      for (;;) {
        run.abort.signal.throwIfAborted();
        if (performance.now() - lastCheck < THROTTLE_CHECK_MS && status.throttled === null) return;
        lastCheck = performance.now();
        let why: string | null;
        try {
          why = await waitReason(run, status.channel, limits);
        } catch (error) {
          const api = error instanceof ApiError ? error : errorToApi(error);
          // A server gone is told as such by the table's error; any other failure would leave
          // the run blind to lag and load, which is not a table to skip but the end of the run.
          if (isUnreachable(api)) throw error;
          throw new ThrottleFailed(api);
        }
        status.throttled = why;
        emit(why !== null);
        if (why === null) return;
        await new Promise((r) => setTimeout(r, THROTTLE_CHECK_MS));
      }
    };
    let ended: 'done' | 'cancelled' | 'error' = 'done';
    try {
      for (let i = 0; i < status.tables.length; i++) {
        status.current = i;
        const { schema, table } = status.tables[i]!;
        try {
          const drift = await compareTable(source, run.replica, schema, table, {
            channel: status.channel,
            chunkRows: limits.chunkRows,
            maxDifferences: DRIFT_MAX_DIFFERENCES,
            throttle,
            signal: run.abort.signal,
            onChunk: (p) => {
              status.rowsDone = rowsBefore + p.rows;
              emit();
            },
          });
          status.results.push(tableResult(drift));
          rowsBefore += drift.rows;
        } catch (error) {
          if (run.stop || run.silent) throw error;
          const cause = error instanceof ApplierNotRestarted ? error.cause : error;
          if (cause instanceof PinError || cause instanceof ThrottleFailed) throw error;
          const api = cause instanceof ApiError ? cause : errorToApi(cause);
          // A server that went away fails every table after this one the same way.
          if (isUnreachable(api)) {
            const ended = await unreachableServerError(
              api,
              { source, replica: run.replica, replicaName: status.replicaName },
              { compared: status.results.length, tables: status.tables.length },
            );
            throw error instanceof ApplierNotRestarted
              ? new ApplierNotRestarted(error.statement, ended)
              : ended;
          }
          // The replica's applier may be left stopped: not a table to skip and go on from.
          if (cause !== error) throw error;
          // One table that cannot be read (gone, no privilege) does not stop the others.
          status.results.push({
            schema,
            table,
            key: null,
            skipped: api.message,
            point: null,
            points: 0,
            chunks: 0,
            chunksDiffering: 0,
            rows: 0,
            differences: [],
            differencesTotal: 0,
            fix: [],
            pausedMs: 0,
          });
        }
        status.rowsDone = rowsBefore;
        emit(true);
      }
    } catch (thrown) {
      const note = thrown instanceof ApplierNotRestarted ? applierNote(thrown.statement) : '';
      const error = thrown instanceof ApplierNotRestarted ? thrown.cause : thrown;
      if (run.stop) {
        ended = 'cancelled';
        status.error = {
          code: 'CANCELLED',
          message:
            run.stop === 'user'
              ? 'Comparison cancelled.'
              : 'Comparison cancelled: the session or the screen was closed.',
        };
      } else if (run.silent) {
        ended = 'error';
        const progress = { compared: status.results.length, tables: status.tables.length };
        status.error = silentServerError(
          run.silent.which,
          run.silent.ms,
          status.replicaName,
          progress,
        ).toShape();
      } else {
        ended = 'error';
        status.error =
          error instanceof PinError
            ? { code: 'INVALID_REQUEST', message: error.message }
            : error instanceof ThrottleFailed
              ? error.api.toShape()
              : (error instanceof ApiError ? error : errorToApi(error)).toShape();
      }
      if (status.error) status.error.message += note;
    }
    watch.stop();
    status.throttled = null;
    await closeControl(run.control);
    // Said ended only now, with the last event: a status read that says so finds every event out.
    status.state = ended;
    emit(true);
    forgetOld();
  };

  return {
    'drift.start': async (params, ctx) => {
      const owner = sessions.owned(params.sessionId, ctx.peerId);
      if (params.replicaConnectionId === owner.connectionId)
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: 'Pick the replica’s connection: this one is the session’s own server.',
          field: 'replicaConnectionId',
        });
      const replicaSaved = store.get(params.replicaConnectionId);
      const [source, replica] = (
        await Promise.all([
          driftServer(store, owner.connectionId),
          driftServer(store, params.replicaConnectionId),
        ]).catch((e: unknown) => {
          throw e instanceof ApiError ? e : errorToApi(e);
        })
      ).map((server) => new TrackedServer(server)) as [TrackedServer, TrackedServer];
      const control = { source: new ControlLink(source), replica: new ControlLink(replica) };
      const [channel, estimate, loadCheck] = await (async () => {
        const channel = await channelFrom(control.source, control.replica, replica.info, {
          source: store.get(owner.connectionId).name,
          replica: replicaSaved.name,
        });
        const estimate = await estimateRows(control.source, params.tables);
        return [channel, estimate, await chooseLoadCheck(control.source)] as const;
      })().catch(async (e: unknown) => {
        await closeControl(control);
        throw e;
      });
      const run: Run = {
        peerId: ctx.peerId,
        abort: new AbortController(),
        stop: null,
        started: performance.now(),
        source,
        replica,
        silent: null,
        replicaReadOnly: replicaSaved.readOnly,
        control,
        loadCheck,
        status: {
          runId: randomUUID(),
          sessionId: params.sessionId,
          replicaConnectionId: params.replicaConnectionId,
          replicaName: replicaSaved.name,
          channel,
          state: 'running',
          tables: params.tables,
          current: 0,
          rowsDone: 0,
          rowsEstimate: estimate,
          rowsPerSecond: 0,
          etaSeconds: null,
          elapsedMs: 0,
          throttled: null,
          loadNote: loadCheck === 'threads-running' ? THREADS_RUNNING_NOTE : null,
          results: [],
          error: null,
        },
      };
      runs.set(run.status.runId, run);
      if (!watchedPeers.has(ctx.peerId)) {
        watchedPeers.add(ctx.peerId);
        ctx.onPeerClose(() => {
          watchedPeers.delete(ctx.peerId);
          for (const r of runs.values()) if (r.peerId === ctx.peerId) stopRun(r, 'closed');
        });
      }
      const first = structuredClone(run.status);
      void execute(run, ctx, {
        chunkRows: params.chunkRows ?? 1000,
        maxLag: params.maxReplicaLagSeconds ?? 10,
        maxThreads: params.maxThreadsRunning ?? 50,
      });
      return first;
    },
    'drift.status': async ({ runId }, ctx) => structuredClone(owned(runId, ctx.peerId).status),
    'drift.cancel': async ({ runId }, ctx) => ({
      cancelled: stopRun(owned(runId, ctx.peerId), 'user'),
    }),
    'drift.fix': async ({ runId, schema, table, confirmSql }, ctx) => {
      const run = owned(runId, ctx.peerId);
      const result = run.status.results.find((r) => r.schema === schema && r.table === table);
      if (!result || result.fix.length === 0)
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: `There is nothing to fix for ${schema}.${table} in this comparison.`,
        });
      if (confirmSql !== result.fix.join(';\n'))
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message:
            'The statements confirmed are not the ones of this comparison. Review them again.',
        });
      if (run.replicaReadOnly)
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: `“${run.status.replicaName}” is read-only, and the fix writes on the replica. Run the statements yourself, or use a connection that is not marked read-only.`,
        });
      const c = await run.replica.open();
      let ran = 0;
      // Statements that found the row no longer as compared (see fixStatements' guards).
      const skipped: string[] = [];
      const key = fixKey(runId, schema, table);
      const work = { threadId: c.conn.threadId, cancelled: false };
      fixing.set(key, work);
      // Counted as the screen counts them: the statements that change rows, not the SET first.
      const setup = result.fix[0]?.startsWith('SET SESSION sql_log_bin') ? 1 : 0;
      const total = result.fix.length - setup;
      /** The answer once a Cancel stopped the fix before `statement`, or in it. */
      const stopped = (statement: string) => ({
        ran,
        skipped,
        failedStatement: statement,
        error: new ApiError({
          code: 'CANCELLED',
          message: `Stopped by user after ${Math.max(0, ran - setup)} of ${total} statement${total === 1 ? '' : 's'}: each commits on its own, so the rows they repaired stay repaired. Compare again to see what is left.`,
        }).toShape(),
      });
      try {
        // This connection's own: closed after, so nothing to put back.
        const lockWait = Math.floor(fixLockWaitSeconds);
        await c.conn.query(`SET SESSION lock_wait_timeout = ${lockWait}`);
        for (const statement of result.fix) {
          // A KILL QUERY that lands between two statements stops neither.
          if (work.cancelled) return stopped(statement);
          try {
            const [outcome] = await c.conn.query(statement);
            ran++;
            const header = outcome as { affectedRows: number; info?: string };
            // Rows found, not changed: the guard's WHERE is what says the row is as compared.
            const found = statement.startsWith('UPDATE ')
              ? updateRowsMatched(header)
              : header.affectedRows;
            if (found === 0 && /^(UPDATE|DELETE)\b/.test(statement)) skipped.push(statement);
          } catch (error) {
            const api = errorToApi(error);
            if (work.cancelled && api.serverCode === ER_QUERY_INTERRUPTED)
              return stopped(statement);
            // The row was inserted on the replica since the comparison (replicated): left alone.
            if (api.serverCode === ER_DUP_ENTRY && statement.startsWith('INSERT ')) {
              ran++;
              skipped.push(statement);
              continue;
            }
            if (api.serverCode !== ER_LOCK_WAIT_TIMEOUT)
              return { ran, skipped, failedStatement: statement, error: api.toShape() };
            return {
              ran,
              skipped,
              failedStatement: statement,
              error: new ApiError({
                ...api.toShape(),
                message: `${schema}.${table} stayed locked on the replica for ${lockWait} s (DDL its applier runs, a LOCK TABLES, or a transaction left open), so this statement did not run, nor the ones after it. Compare again once the replica is free: the statements that ran are not listed again.`,
              }).toShape(),
            };
          }
        }
        return { ran, skipped, failedStatement: null, error: null };
      } finally {
        if (fixing.get(key) === work) fixing.delete(key);
        await c.close();
      }
    },
    'drift.cancelFix': async ({ runId, schema, table }, ctx) => {
      const run = owned(runId, ctx.peerId);
      const work = fixing.get(fixKey(runId, schema, table));
      if (!work || work.cancelled) return { cancelled: false };
      work.cancelled = true;
      // From a connection of its own: the fix's is busy with the statement to stop.
      const killer = await run.replica.open();
      try {
        // The fix's connection is open until the fix ends (it is removed from `fixing` before
        // it closes), so its thread id is still its own.
        if (fixing.get(fixKey(runId, schema, table)) === work)
          await killer.conn.query(`KILL QUERY ${work.threadId}`).catch((e: unknown) => {
            if ((e as { errno?: unknown }).errno !== ER_NO_SUCH_THREAD) throw e;
          });
      } finally {
        await killer.close().catch(() => undefined);
      }
      return { cancelled: true };
    },
  };
}

/** The servers' row estimates of the tables (information_schema.TABLES.TABLE_ROWS). */
async function estimateRows(
  source: ControlLink,
  tables: ReadonlyArray<{ schema: string; table: string }>,
): Promise<number> {
  return source.use(async (conn) => {
    let total = 0;
    for (const t of tables) {
      const [rows] = await conn.query<RowDataPacket[]>(
        'SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
        [t.schema, t.table],
      );
      total += Number(rows[0]?.n ?? 0) || 0;
    }
    return total;
  });
}

async function closeControl(control: { source: ControlLink; replica: ControlLink }) {
  await Promise.all([control.source.close(), control.replica.close()]);
}

/** Whether this account sees other sessions (INNODB_TRX, like the full processlist, needs PROCESS). */
async function chooseLoadCheck(source: ControlLink): Promise<LoadCheck> {
  try {
    await source.use((conn) => conn.query('SELECT 1 FROM information_schema.INNODB_TRX LIMIT 1'));
    return 'statements';
  } catch (error) {
    if (isAccessDenied(error)) return 'threads-running';
    throw error;
  }
}

/** Why the comparison should wait now: the replica lags too much or the source is busy. */
async function waitReason(
  run: Run,
  channel: string,
  limits: { maxLag: number; maxThreads: number },
): Promise<string | null> {
  const { control } = run;
  const channels = await control.replica.use((conn) => readChannels(conn, run.replica.info));
  const lag = channels.find((ch) => ch.name === channel)?.lag.seconds;
  if (lag !== null && lag !== undefined && lag > limits.maxLag)
    return `waiting: the replica is ${Math.round(lag)} s behind (limit ${limits.maxLag} s)`;
  if (run.loadCheck === 'threads-running') {
    const running = otherThreadsRunning(
      await single(control.source, "SHOW GLOBAL STATUS LIKE 'Threads_running'"),
    );
    if (running > limits.maxThreads)
      return `waiting: the source runs ${running} threads (Threads_running, limit ${limits.maxThreads})`;
    return null;
  }
  // Statements at work, not Threads_running: that also counts binlog dump threads, daemons
  // and the asking thread, so a low limit would wait forever on an idle server.
  const row = await single(
    control.source,
    `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST
      WHERE COMMAND NOT IN ('Sleep', 'Binlog Dump', 'Binlog Dump GTID', 'Daemon', 'Killed')
        AND USER NOT IN ('system user', 'event_scheduler') AND ID <> CONNECTION_ID()`,
  );
  const running = Number(row?.n ?? 0);
  if (running > limits.maxThreads)
    return `waiting: the source runs ${running} statements (limit ${limits.maxThreads})`;
  return null;
}
