import type { ExplainRunResult } from '../../../shared/api/explain';
import { explainPlanText, planShapeFingerprint } from '../../../shared/explain';
import { statementShape } from '../../../shared/tuning/statement-shape';
import type { Handler } from '../../backend/handlers';
import type { ConnectionStore } from '../../store/connection-store';
import type { PlanStore } from '../../store/plan-store';
import type { SessionRegistry } from '../session-registry';

/** The plan's shape fingerprint, when the document reads as a plan. */
function fingerprintOf(document: string): { fingerprint?: string } {
  const parsed = explainPlanText(document);
  return parsed.ok ? { fingerprint: planShapeFingerprint(parsed.report.root) } : {};
}

/** Keeps one explain's plan as evidence; never fails the explain it records. */
export type RecordPlan = (
  peerId: string,
  sessionId: string,
  sql: string,
  result: ExplainRunResult,
) => Promise<void>;

export function planRecorder(
  plans: PlanStore,
  store: ConnectionStore,
  sessions: SessionRegistry,
): RecordPlan {
  return async (peerId, sessionId, sql, result) => {
    try {
      const owner = sessions.owned(sessionId, peerId);
      const connection = store.get(owner.connectionId);
      const { server } = await owner.session.status();
      await plans.add({
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
      });
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
    await record(ctx.peerId, params.sessionId, params.sql, result);
    return result;
  };
}
