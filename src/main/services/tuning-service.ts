import { randomUUID } from 'node:crypto';
import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../shared/api/errors';
import type { ExplainRunResult } from '../../shared/api/explain';
import {
  ExperimentResultSchema,
  MAX_TOP_STATEMENTS,
  SchemaHealthSchema,
  TopStatementsSchema,
  type TopStatement,
  type tuningContract,
} from '../../shared/api/tuning';
import { walkPlan } from '../../shared/explain/plan-model';
import type { ServerInfo } from '../../shared/server/server-info';
import { quoteIdentifier } from '../../shared/sql/quote-identifier';
import { diffDigests } from '../../shared/tuning/digest-diff';
import type { DigestRow } from '../../shared/tuning/digest-row';
import { experimentPlan } from '../../shared/tuning/index-experiment';
import { sizesWithGrowth } from '../../shared/tuning/schema-health';
import { statementShape } from '../../shared/tuning/statement-shape';
import type { CallContext, Handler, Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import type { ConnectionStore } from '../store/connection-store';
import type { PlanStore } from '../store/plan-store';
import type { TableSizesStore } from '../store/table-sizes-store';
import type { SessionRegistry } from './session-registry';
import type { RecordPlan } from './tuning/plan-recorder';
import { digestsUnavailable, readDigests } from './tuning/read-digests';
import { readHealth } from './tuning/read-health';

type TuningMethods = keyof typeof tuningContract;

/** Snapshots kept per session, newest last: enough for a window and a refresh of it. */
const SNAPSHOTS_PER_SESSION = 4;

interface Snapshot {
  id: string;
  takenAt: string;
  rows: DigestRow[];
}

export interface TuningDeps {
  store: ConnectionStore;
  sessions: SessionRegistry;
  plans: PlanStore;
  sizes: TableSizesStore;
  /** explain.run without recording (experiments' hypothetical plans are not evidence). */
  explain: Handler<'explain.run'>;
  record: RecordPlan;
}

/**
 * The tuning loop on a tool's own session: top statements from the digest summary (with time
 * windows between snapshots), explain of an example in its schema, index experiments on
 * scratch servers only, schema health, and the plans kept as evidence.
 */
export function tuningService(deps: TuningDeps): Handlers<TuningMethods> {
  const { store, sessions } = deps;
  const snapshots = new Map<string, Snapshot[]>();
  sessions.onClose((id) => snapshots.delete(id));

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
    return owner.session.withSideConnection(fn).catch((e: unknown) => {
      throw e instanceof ApiError ? e : errorToApi(e);
    });
  }

  async function useSchema(sessionId: string, ctx: CallContext, schema: string | null) {
    if (schema === null) return;
    await run(sessionId, ctx, (conn) => conn.query(`USE ${quoteIdentifier(schema)}`));
  }

  return {
    'tuning.statements': async ({ sessionId, schema, baselineId }, ctx) => {
      const found = await read(sessionId, ctx, async (conn, server) => {
        const unavailable = await digestsUnavailable(conn, server);
        return unavailable ? { unavailable } : { snap: await readDigests(conn, server, schema) };
      });
      if (!found.snap) return TopStatementsSchema.parse({ available: false, ...found.unavailable });
      const snap = found.snap;
      const kept = snapshots.get(sessionId) ?? [];
      const baseline = baselineId !== null ? kept.find((s) => s.id === baselineId) : null;
      if (baselineId !== null && !baseline) {
        throw new ApiError({
          code: 'NOT_FOUND',
          message:
            'That baseline snapshot is no longer kept (only the last few are): take a new one.',
        });
      }
      const current: Snapshot = { id: randomUUID(), takenAt: snap.takenAt, rows: snap.rows };
      // The baseline in use stays kept however often its window is refreshed.
      const recent = [...kept.filter((k) => k !== baseline), current].slice(
        baseline ? 1 - SNAPSHOTS_PER_SESSION : -SNAPSHOTS_PER_SESSION,
      );
      snapshots.set(sessionId, baseline ? [baseline, ...recent] : recent);
      let statements: TopStatement[];
      let vanished = 0;
      let resets = 0;
      let probablyTruncated = false;
      if (baseline) {
        const window = diffDigests(baseline.rows, snap.rows);
        statements = window.rows;
        ({ vanished, resets, probablyTruncated } = window);
      } else {
        statements = snap.rows
          .filter((r) => r.calls > 0)
          .map((r) => ({ ...r, origin: 'since-start' as const }));
      }
      statements.sort((a, b) => b.totalLatencyMs - a.totalLatencyMs);
      const omitted = Math.max(0, statements.length - MAX_TOP_STATEMENTS);
      const schemas = [...new Set(snap.rows.map((r) => r.schema).filter((s) => s !== null))].sort();
      // The router validates the result against the contract: no second pass over 1,000 rows.
      return {
        available: true,
        snapshotId: current.id,
        takenAt: snap.takenAt,
        baseline: baseline ? { id: baseline.id, takenAt: baseline.takenAt } : null,
        statements: statements.slice(0, MAX_TOP_STATEMENTS),
        omitted,
        vanished,
        resets,
        probablyTruncated,
        schemas,
        lostDigests: snap.lostDigests,
        sampleSource: snap.sampleSource,
      };
    },

    'tuning.explain': async ({ sessionId, schema, sql }, ctx) => {
      await useSchema(sessionId, ctx, schema);
      const result = await deps.explain({ sessionId, sql, analyze: false }, ctx);
      await deps.record(ctx.peerId, sessionId, sql, result);
      return result;
    },

    'tuning.experiment': async ({ sessionId, schema, sql, candidate, readOnlyConfirmed }, ctx) => {
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
      await useSchema(sessionId, ctx, schema);
      const before = await deps.explain({ sessionId, sql, analyze: false }, ctx);
      const executed: string[] = [];
      let created = false;
      let after: ExplainRunResult | undefined;
      try {
        for (const statement of plan.setup) {
          await run(sessionId, ctx, (conn) => conn.query(statement));
          executed.push(statement);
          if (statement.startsWith('CREATE INDEX')) created = true;
        }
        after = await deps.explain({ sessionId, sql, analyze: false }, ctx);
        executed.push(after.explainSql);
      } finally {
        // Cleanup always: a DROP for an index that was never created would only add an error.
        // It runs on the session object itself, so a tab closed meanwhile (the session gone
        // from the registry) still gets its index dropped, on a connection closed afterwards.
        for (const statement of plan.cleanup) {
          if (statement.startsWith('DROP INDEX') && !created) continue;
          try {
            await owner.session.run((conn) => conn.query(statement));
            executed.push(statement);
          } catch (e) {
            console.error('[tuning] cleanup failed:', statement, e);
          }
        }
        if (!sessions.has(sessionId)) await owner.session.close().catch(() => undefined);
      }
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
      });
    },

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
        sizes: sizesWithGrowth(raw.sizes, previous?.sizes ?? null),
        previousVisitAt: previous?.at ?? null,
        notes: raw.notes,
      });
    },

    'plans.history': async ({ sql, connectionId }) => {
      const shape = statementShape(sql);
      return { shape, records: deps.plans.find(shape, connectionId) };
    },
  };
}
