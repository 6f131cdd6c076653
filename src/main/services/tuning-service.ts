import { randomUUID } from 'node:crypto';
import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../shared/api/errors';
import {
  MAX_TOP_STATEMENTS,
  SchemaHealthSchema,
  TopStatementsSchema,
  type TopStatement,
  type tuningContract,
} from '../../shared/api/tuning';
import type { ServerInfo } from '../../shared/server/server-info';
import { quoteIdentifier } from '../../shared/sql/quote-identifier';
import {
  diffDigests,
  digestKey,
  packCounts,
  type PackedCounts,
} from '../../shared/tuning/digest-diff';
import type { DigestCounts } from '../../shared/tuning/digest-row';
import { sizesWithGrowth } from '../../shared/tuning/schema-health';
import { lostDigestsBetween } from '../../shared/tuning/lost-digests';
import {
  chooseWindowStart,
  snapshotsToKeep,
  type RingEntry,
} from '../../shared/tuning/snapshot-ring';
import { statementShape } from '../../shared/tuning/statement-shape';
import { isExplainable } from '../../shared/tuning/background-explain';
import { classifyStatement } from '../../shared/sql/classify-statement';
import { statementFlips } from '../../shared/tuning/flip-latency';
import type { CallContext, Handler, Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import type { ConnectionStore } from '../store/connection-store';
import type { PlanStore } from '../store/plan-store';
import type { TableSizesStore } from '../store/table-sizes-store';
import type { SessionRegistry } from './session-registry';
import type { RecordPlan } from './tuning/plan-recorder';
import { DigestReader, startDigestRead, type DigestSnapshot } from './tuning/read-digests';
import { readHealth } from './tuning/read-health';
import { BackgroundExplains, type TopRow } from './tuning/background-explains';
import { SessionTurns } from './tuning/session-turns';
import { indexExperiment } from './tuning/index-experiment-run';
import { ER_LOCK_WAIT_TIMEOUT } from '../db/lock-wait-timeout';
import { withLockWait } from './tuning/session-lock-wait';
import { readDigestCounters } from './tuning/statement-digest';
import { defaultScreenReadTimeout, type ScreenReadTimeout } from './screen-read-timeout';

/** How long a background explain waits for its tables' metadata locks (see explainOne). */
const BACKGROUND_LOCK_WAIT_SECONDS = 5;

type TuningMethods = keyof typeof tuningContract;

/** A snapshot kept for windows: when it was taken and its counters, packed. */
interface KeptSnapshot extends RingEntry {
  takenAt: string;
  counts: PackedCounts;
  /** Performance_schema_digest_lost when it was taken (see lostDigestsBetween). */
  lostDigests: number | null;
}

/** What a session's top-statements screen keeps between its polls. */
interface SessionDigests {
  reader: DigestReader;
  /** Snapshots, oldest first, thinned by snapshotsToKeep. */
  ring: KeptSnapshot[];
  /** The snapshot a "since snapshot" window counts from: kept however old it gets. */
  pinned: string | null;
}

/** A row of a window; without `origin`, a snapshot's own row counted since the server started. */
type StatementRow = DigestCounts & { origin?: TopStatement['origin'] };

/** The window of one call: its rows (all schemas) and where it counts from. */
interface CallWindow {
  current: KeptSnapshot;
  rows: StatementRow[];
  baseline: { id: string; takenAt: string; seconds: number; short: boolean } | null;
  vanished: number;
  resets: number;
  probablyTruncated: boolean;
  /** Statements that got no digest over the window (since the server started without one). */
  lostDigests: number | null;
}

/**
 * Keeps this read in the session's ring and counts its rows since the snapshot asked for:
 * `baselineId`, the start of the last `lastSeconds`, or (neither) since the server started.
 */
function windowOf(
  state: SessionDigests,
  snap: DigestSnapshot,
  baselineId: string | null,
  lastSeconds: number | null,
): CallWindow {
  const takenAtMs = Date.parse(snap.takenAt);
  let from: KeptSnapshot | null = null;
  let short = false;
  if (baselineId !== null) {
    from = state.ring.find((s) => s.id === baselineId) ?? null;
    if (!from) {
      throw new ApiError({
        code: 'NOT_FOUND',
        message:
          'That baseline snapshot is no longer kept (only the last hour is, thinned): take a new one.',
      });
    }
    state.pinned = from.id;
  } else if (lastSeconds !== null) {
    const start = chooseWindowStart(state.ring, takenAtMs, lastSeconds);
    from = start.from;
    short = start.short;
  }
  const current: KeptSnapshot = {
    id: randomUUID(),
    takenAt: snap.takenAt,
    takenAtMs,
    counts: packCounts(snap.rows, snap.keys),
    lostDigests: snap.lostDigests,
  };
  state.ring = snapshotsToKeep(
    [...state.ring, current],
    takenAtMs,
    new Set(state.pinned ? [state.pinned] : []),
  );
  if (lastSeconds !== null && !from) {
    // The screen has just opened: the window starts with this snapshot and holds nothing yet.
    return {
      current,
      rows: [],
      baseline: { id: current.id, takenAt: current.takenAt, seconds: 0, short: true },
      vanished: 0,
      resets: 0,
      probablyTruncated: false,
      lostDigests: snap.lostDigests === null ? null : 0,
    };
  }
  if (!from) {
    // The snapshot's rows themselves (not copies): only the ones sent are copied, below.
    const rows = snap.rows.filter((r) => r.calls > 0);
    return {
      current,
      rows,
      baseline: null,
      vanished: 0,
      resets: 0,
      probablyTruncated: false,
      lostDigests: snap.lostDigests,
    };
  }
  const diff = diffDigests(from.counts, snap.rows, snap.keys);
  return {
    current,
    rows: diff.rows,
    baseline: {
      id: from.id,
      takenAt: from.takenAt,
      seconds: Math.max(0, (takenAtMs - from.takenAtMs) / 1000),
      short,
    },
    vanished: diff.vanished,
    resets: diff.resets,
    probablyTruncated: diff.probablyTruncated,
    lostDigests: lostDigestsBetween(from.lostDigests, snap.lostDigests),
  };
}

/** The `limit` rows of most total latency, most first. */
function topByLatency<T extends { totalLatencyMs: number }>(
  rows: readonly T[],
  limit: number,
): T[] {
  const sorted = [...rows].sort((a, b) => b.totalLatencyMs - a.totalLatencyMs);
  return sorted.length > limit ? sorted.slice(0, limit) : sorted;
}

export interface TuningDeps {
  store: ConnectionStore;
  sessions: SessionRegistry;
  plans: PlanStore;
  sizes: TableSizesStore;
  /** explain.run without recording (experiments' hypothetical plans are not evidence). */
  explain: Handler<'explain.run'>;
  record: RecordPlan;
  /**
   * How long a read of the screen (statements, counters, schema health) may go unanswered
   * before the side connection is given up (ms), asked at each read.
   */
  readTimeoutMs?: ScreenReadTimeout;
}

/**
 * The tuning loop on a tool's own session: top statements from the digest summary (with time
 * windows between snapshots), explain of an example in its schema, index experiments on
 * scratch servers only, schema health, and the plans kept as evidence.
 */
export function tuningService(deps: TuningDeps): Handlers<TuningMethods> {
  const { store, sessions } = deps;
  const digests = new Map<string, SessionDigests>();
  sessions.onClose((id) => digests.delete(id));

  function stateOf(sessionId: string): SessionDigests {
    let state = digests.get(sessionId);
    if (!state) {
      state = { reader: new DigestReader(), ring: [], pinned: null };
      digests.set(sessionId, state);
    }
    return state;
  }

  function run<T>(sessionId: string, ctx: CallContext, fn: (conn: Connection) => Promise<T>) {
    const owner = sessions.owned(sessionId, ctx.peerId);
    return owner.session.run(fn).catch((e: unknown) => {
      throw e instanceof ApiError ? e : errorToApi(e);
    });
  }

  /**
   * Reads on the session's side connection: the tool session's default schema follows the
   * statements it explains (USE), and Sightline's own reads would otherwise be counted in that
   * schema's statements.
   */
  function read<T>(
    sessionId: string,
    ctx: CallContext,
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
  ) {
    const owner = sessions.owned(sessionId, ctx.peerId);
    // A frozen or cut-off server never fails a read: without a limit the screen's poll would
    // wait for ever and show its last list as current, and every later read on the side
    // connection would queue behind it.
    const timeoutMs = (deps.readTimeoutMs ?? defaultScreenReadTimeout)();
    return owner.session.withSideConnection(fn, { timeoutMs }).catch((e: unknown) => {
      throw e instanceof ApiError ? e : errorToApi(e);
    });
  }

  async function useSchema(sessionId: string, ctx: CallContext, schema: string | null) {
    if (schema === null) return;
    await run(sessionId, ctx, (conn) => conn.query(`USE ${quoteIdentifier(schema)}`));
  }

  const turns = new SessionTurns();

  /**
   * The `limit` statements of most total latency that EXPLAIN takes, since the server started
   * counting (the counters kept with each plan), read as the screen reads them.
   */
  async function readTop(sessionId: string, ctx: CallContext, limit: number): Promise<TopRow[]> {
    const found = await read(sessionId, ctx, async (conn, server) => {
      const started = await startDigestRead(conn, server);
      if ('unavailable' in started) return started;
      const state = stateOf(sessionId);
      const snap = await state.reader.read(conn, server, started.start);
      // More than asked: SET, SHOW, COMMIT and EXPLAINs do not take a place. Sightline's own
      // statements never do: explaining its polling would only fill the history.
      const reader = state.reader;
      const top = topByLatency(
        snap.rows.filter((r) => r.calls > 0 && r.digest !== null && !reader.isOwn(digestKey(r))),
        limit * 4 + 20,
      );
      const texts = await state.reader.texts(conn, top);
      return { rows: top.map((r, i) => ({ ...r, ...texts[i]! })) };
    });
    if ('unavailable' in found) throw new Error(found.unavailable.reason);
    return found.rows
      .filter((r) => r.digestText === null || isExplainable(r.digestText))
      .slice(0, limit);
  }

  /**
   * EXPLAIN of one top statement in its schema, inside a READ ONLY transaction, kept. It waits
   * at most BACKGROUND_LOCK_WAIT_SECONDS for its tables' metadata locks: an EXPLAIN queues behind
   * a LOCK TABLES or an ALTER waiting for its lock like any query (for a year by default), and
   * nobody is watching a background explain to cancel it, while every read of the Tuning
   * screen's session would wait behind it.
   */
  function explainOne(sessionId: string, ctx: CallContext, row: TopRow & { sample: string }) {
    return turns.take(sessionId, async () => {
      await useSchema(sessionId, ctx, row.schema);
      // EXPLAIN does not run the statement; the transaction also refuses any write a stored
      // function called while the optimizer folds constants could make.
      const result = await withLockWait(
        (fn) => run(sessionId, ctx, fn),
        BACKGROUND_LOCK_WAIT_SECONDS,
        async () => {
          await run(sessionId, ctx, (conn) => conn.query('START TRANSACTION READ ONLY'));
          try {
            return await deps.explain({ sessionId, sql: row.sample, analyze: false }, ctx);
          } catch (e) {
            // The server's words ("try restarting transaction") do not say what happened here.
            if (e instanceof ApiError && e.serverCode === ER_LOCK_WAIT_TIMEOUT)
              throw new ApiError({
                ...e.toShape(),
                message: `Not explained this time: its tables stayed locked for ${BACKGROUND_LOCK_WAIT_SECONDS} s (a LOCK TABLES, or DDL holding or waiting for its metadata lock), and a background explain does not wait longer.`,
              });
            throw e;
          } finally {
            await run(sessionId, ctx, (conn) => conn.query('ROLLBACK')).catch(() => undefined);
          }
        },
      );
      await deps.record(ctx.peerId, sessionId, row.sample, result, {
        digest: row.digest!,
        schema: row.schema,
        counters: { calls: row.calls, totalLatencyMs: row.totalLatencyMs },
        source: 'schedule',
      });
    });
  }

  async function onlyReads(sessionId: string, ctx: CallContext) {
    const { server } = await sessions.owned(sessionId, ctx.peerId).session.status();
    const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
    return (sql: string) => classifyStatement(sql, { flavor }).kind === 'read';
  }

  const background = new BackgroundExplains({
    store,
    sessions,
    readTop,
    onlyReads,
    explainOne,
  });

  const experiments = indexExperiment({
    sessions,
    store,
    explain: deps.explain,
    run,
    useSchema,
  });

  return {
    'tuning.statements': async ({ sessionId, schema, baselineId, lastSeconds, showOwn }, ctx) => {
      const found = await read(sessionId, ctx, async (conn, server) => {
        const started = await startDigestRead(conn, server);
        if ('unavailable' in started) return started;
        // Calls of one session run one at a time on its side connection: no two change this.
        const state = stateOf(sessionId);
        const snap = await state.reader.read(conn, server, started.start);
        const window = windowOf(state, snap, baselineId, lastSeconds);
        const inSchema =
          schema === null ? window.rows : window.rows.filter((r) => r.schema === schema);
        const reader = state.reader;
        const wanted = showOwn ? inSchema : inSchema.filter((r) => !reader.isOwn(digestKey(r)));
        const top = topByLatency(wanted, MAX_TOP_STATEMENTS);
        const texts = await reader.texts(conn, top);
        const own = top.map((r) => reader.isOwn(digestKey(r)));
        return {
          snap,
          window,
          top,
          texts,
          own,
          omitted: wanted.length - top.length,
          ownHidden: inSchema.length - wanted.length,
        };
      });
      if ('unavailable' in found) {
        return TopStatementsSchema.parse({ available: false, ...found.unavailable });
      }
      const { snap, window, top, texts, own } = found;
      const schemas = new Set<string>();
      for (const r of snap.rows) {
        if (r.schema !== null && (schema === null || r.schema === schema)) schemas.add(r.schema);
      }
      const statements: TopStatement[] = top.map((r, i) => ({
        ...r,
        origin: r.origin ?? 'since-start',
        ...texts[i]!,
        own: own[i]!,
      }));
      // The router validates the result against the contract: no second pass over 1,000 rows.
      return {
        available: true,
        snapshotId: window.current.id,
        takenAt: snap.takenAt,
        baseline: window.baseline,
        statements,
        omitted: found.omitted,
        vanished: window.vanished,
        resets: window.resets,
        probablyTruncated: window.probablyTruncated,
        schemas: [...schemas].sort(),
        lostDigests: window.lostDigests,
        lostDigestsSinceStart: snap.lostDigests,
        sampleSource: snap.sampleSource,
        ownHidden: found.ownHidden,
        ownSource: snap.ownSource,
      };
    },

    'tuning.explain': ({ sessionId, schema, sql, digest }, ctx) =>
      turns.take(sessionId, async () => {
        await useSchema(sessionId, ctx, schema);
        const result = await deps.explain({ sessionId, sql, analyze: false }, ctx);
        // A row's digest is known: its counters are read apart, so they do not count the read.
        const known =
          digest === undefined
            ? {}
            : {
                digest,
                schema,
                counters: await read(sessionId, ctx, (conn) =>
                  readDigestCounters(conn, digest, schema),
                ),
              };
        await deps.record(ctx.peerId, sessionId, sql, result, known);
        return result;
      }),

    'tuning.experiment': (params, ctx) =>
      turns.take(params.sessionId, () => experiments.experiment(params, ctx)),

    // Not in the session's turn: it stops the experiment that holds it.
    'tuning.cancelExperiment': experiments.cancel,

    'tuning.flips': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const flips = statementFlips(deps.plans.ofConnection(owner.connectionId));
      return {
        flips: flips.map((f) => ({
          identity: f.identity,
          at: f.flip.at,
          before: f.flip.before,
          after: f.flip.after,
          latencyBefore: f.before,
          latencyAfter: f.after,
        })),
      };
    },

    'tuning.schedule': async ({ sessionId }, ctx) => background.status(sessionId, ctx),
    'tuning.saveSchedule': async ({ sessionId, settings }, ctx) =>
      background.save(sessionId, ctx, settings),
    'tuning.runSchedule': async ({ sessionId }, ctx) => background.runNow(sessionId, ctx),
    'tuning.health': async ({ sessionId, schema }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const raw = await read(sessionId, ctx, (conn, server) => readHealth(conn, server, schema));
      const previous = await deps.sizes.visit(
        owner.connectionId,
        schema,
        Object.fromEntries(raw.sizes.map((s) => [s.table, s.dataBytes + s.indexBytes])),
      );
      return SchemaHealthSchema.parse({
        schema,
        findings: raw.findings,
        redundantSource: raw.redundantSource,
        sizes: sizesWithGrowth(raw.sizes, previous?.sizes ?? null),
        previousVisitAt: previous?.at ?? null,
        notes: raw.notes,
      });
    },

    'plans.history': async ({ sql, connectionId, digest, schema }) => {
      const shape = statementShape(sql);
      const identity =
        digest === undefined
          ? { shape }
          : { shape, digest, ...(schema === undefined ? {} : { schema }) };
      return { shape, records: deps.plans.find(identity, connectionId) };
    },
  };
}
