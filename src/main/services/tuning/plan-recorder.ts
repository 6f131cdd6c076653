import type { ExplainRunResult } from '../../../shared/api/explain';
import type { PlanRecord } from '../../../shared/api/tuning';
import { explainPlanText, planShapeFingerprint } from '../../../shared/explain';
import { statementShape } from '../../../shared/tuning/statement-shape';
import type { DigestCounters } from '../../../shared/tuning/statement-identity';
import type { Handler } from '../../backend/handlers';
import type { ConnectionStore } from '../../store/connection-store';
import type { PlanStore } from '../../store/plan-store';
import type { SessionRegistry } from '../session-registry';
import { readDigestCounters, schemaOfThread, statementDigest } from './statement-digest';

/** The plan's shape fingerprint, when the document reads as a plan. */
function fingerprintOf(document: string): { fingerprint?: string } {
  const parsed = explainPlanText(document);
  return parsed.ok ? { fingerprint: planShapeFingerprint(parsed.report.root) } : {};
}

/**
 * The schedule's record a new scheduled record makes redundant: while a plan stays the same,
 * only the first and the latest record of the run are kept (they give its average latency),
 * so a schedule does not crowd the other plans out of the store. User explains are always kept.
 */
function redundantScheduled(plans: PlanStore, next: PlanRecord): PlanRecord | undefined {
  if (next.source !== 'schedule' || next.fingerprint === undefined) return undefined;
  const [latest, before] = plans.find(next, next.connectionId);
  const same = (r: PlanRecord | undefined) =>
    r !== undefined && r.source === 'schedule' && r.fingerprint === next.fingerprint;
  return same(latest) && same(before) ? latest : undefined;
}

/** What the caller knows of the statement explained; the rest is asked of the server. */
export interface KnownStatement {
  /** The digest row's DIGEST and schema (a Tuning row's). */
  digest?: string;
  schema?: string | null;
  /** The row's counters, read apart from the session the statement was explained on. */
  counters?: DigestCounters;
  source?: PlanRecord['source'];
}

/** Keeps one explain's plan as evidence; never fails the explain it records. */
export type RecordPlan = (
  peerId: string,
  sessionId: string,
  sql: string,
  result: ExplainRunResult,
  known?: KnownStatement,
) => Promise<void>;

export function planRecorder(
  plans: PlanStore,
  store: ConnectionStore,
  sessions: SessionRegistry,
): RecordPlan {
  return async (peerId, sessionId, sql, result, known = {}) => {
    try {
      const owner = sessions.owned(sessionId, peerId);
      const connection = store.get(owner.connectionId);
      const { server } = await owner.session.status();
      let identity: { digest: string; schema: string | null } | null =
        known.digest !== undefined ? { digest: known.digest, schema: known.schema ?? null } : null;
      let counters = known.counters;
      if (identity === null && server.capabilities.statementDigestFunction) {
        // An editor's explain: asked on the side connection, so the editor's session runs
        // nothing more and keeps its warnings (SHOW WARNINGS after EXPLAIN) and state.
        const threadId = owner.session.threadId;
        identity = await owner.session
          .withSideConnection(async (conn, side) => {
            const schema = threadId === null ? undefined : await schemaOfThread(conn, threadId);
            if (schema === undefined) return null;
            const digest = await statementDigest(conn, side, sql, schema);
            if (digest === null) return null;
            counters = await readDigestCounters(conn, digest, schema);
            return { digest, schema };
          })
          // No side connection (the server refuses one): the plan is kept by its shape.
          .catch(() => null);
      }
      const record: PlanRecord = {
        recordedAt: new Date().toISOString(),
        connectionId: owner.connectionId,
        connectionName: connection.name,
        serverVersion: server.versionText,
        shape: statementShape(sql),
        sql,
        explainSql: result.explainSql,
        dialect: result.dialect,
        document: result.document,
        ...fingerprintOf(result.document),
        ...(identity ? { digest: identity.digest, schema: identity.schema } : {}),
        ...(counters ? { counters } : {}),
        source: known.source ?? 'user',
      };
      await plans.add(record, redundantScheduled(plans, record));
    } catch (e) {
      console.error('[plans] not recorded:', e instanceof Error ? e.message : e);
    }
  };
}

/** `explain.run` that also keeps every plan it returns (the editor's explains are evidence too). */
export function recordingExplain(
  explain: Handler<'explain.run'>,
  record: RecordPlan,
): Handler<'explain.run'> {
  return async (params, ctx) => {
    const result = await explain(params, ctx);
    // Measurements of part of a run are not evidence of how the statement runs.
    if (!result.stoppedEarly) await record(ctx.peerId, params.sessionId, params.sql, result);
    return result;
  };
}
