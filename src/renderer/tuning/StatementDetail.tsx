import { useState } from 'react';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { PlanRecord, TopStatement } from '../../shared/api/tuning';
import { api } from '../app/api';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { EarlierPlans } from './EarlierPlans';
import { ActionFailure } from './ActionFailure';
import { ExplainWait } from './ExplainWait';
import { ExtraColumns } from './ExtraColumns';
import { IndexExperiments } from './IndexExperiments';
import { planOf } from './plan-of';
import { useBusyAction } from './use-busy-action';
import { PlanFindingsList } from './PlanFindingsList';

/**
 * One statement of the top list: its example, opened in the editor or explained in one click,
 * its earlier plans, and the indexes its plan suggests (tried on scratch servers only).
 */
export function StatementDetail({
  statement,
  sampleSource,
  sessionId,
  server,
  connection,
  confirm,
  showPlan,
  showCompare,
  openInEditor,
}: ToolScreenProps & { statement: TopStatement; sampleSource: string }) {
  const [explained, setExplained] = useState<ExplainRunResult | null>(null);
  const [earlier, setEarlier] = useState<PlanRecord[] | null>(null);
  const { busy, since, error, run } = useBusyAction();
  const sample = statement.sample;
  const canExplain = sample !== null && !statement.sampleTruncated;
  // What its plans are plans of: the plan tab and the compare find its earlier plans by it.
  const planned = {
    ...(sample !== null ? { statement: sample } : {}),
    connectionId: connection.id,
    server: server.versionText,
    ...(statement.digest !== null ? { digest: statement.digest, schema: statement.schema } : {}),
  };
  const explain = () =>
    run('explain', 'Could not explain the example statement', async () => {
      if (!sample) return;
      const r = await api.call('tuning.explain', {
        sessionId,
        schema: statement.schema,
        sql: sample,
        ...(statement.digest !== null ? { digest: statement.digest } : {}),
      });
      setExplained(r);
      // Every connection's plans: the same statement on the upgraded server is the point.
      const h = await api.call('plans.history', {
        sql: sample,
        connectionId: null,
        ...(statement.digest !== null
          ? { digest: statement.digest, schema: statement.schema }
          : {}),
      });
      // The newest record is the explain just made.
      setEarlier(h.records.slice(1));
    });

  return (
    <aside className="tune-detail" aria-label="Statement" data-testid="tune-detail">
      <h3>Statement</h3>
      <pre className="tune-digest">{statement.digestText}</pre>
      <p className="hint" data-testid="tune-seen">
        First seen {statement.firstSeen.slice(0, 19)}, last seen {statement.lastSeen.slice(0, 19)}{' '}
        (server time zone {server.timeZone}).
        {statement.origin === 'new' && ' First ran inside the window.'}
        {statement.origin === 'reset' &&
          ' Its counters restarted inside the window (table truncated or row evicted): counted from then.'}
      </p>
      <h4>Example</h4>
      {sample ? (
        <>
          <pre className="tune-sample" data-testid="tune-sample">
            {sample}
          </pre>
          {statement.sampleTruncated && (
            <Notice severity="warning" testId="tune-truncated">
              This example was cut at performance_schema_max_sql_text_length: it is not the whole
              statement, so it is not explained. Open it in the editor and complete it first.
            </Notice>
          )}
        </>
      ) : (
        <p className="hint">No example statement is kept for this digest. {sampleSource}</p>
      )}
      <div className="tune-actions">
        <button
          type="button"
          className="btn-small"
          disabled={!sample}
          onClick={() => sample && openInEditor(sample)}
        >
          Open in editor
        </button>
        <button
          type="button"
          className="btn-small btn-primary"
          disabled={!canExplain || busy !== null}
          onClick={() => void explain()}
        >
          {busy === 'explain' ? 'Explaining…' : 'Explain'}
        </button>
        {explained && (
          <button
            type="button"
            className="btn-small"
            onClick={() => showPlan(planOf(explained, 'Top statement', planned))}
          >
            Open plan
          </button>
        )}
      </div>
      {busy === 'explain' && (
        <ExplainWait
          sessionId={sessionId}
          since={since}
          sql={sample ?? ''}
          connection={connection}
          confirm={confirm}
        />
      )}
      {error && <ActionFailure failure={error} />}
      {explained && (
        <>
          <PlanFindingsList explained={explained} />
          {sample && (
            <IndexExperiments
              explained={explained}
              sample={sample}
              schema={statement.schema}
              planned={planned}
              busy={busy}
              since={since}
              run={run}
              tool={{ sessionId, server, connection, confirm, showCompare, openInEditor }}
            />
          )}
          <EarlierPlans
            earlier={earlier}
            today={planOf(explained, 'Today', planned)}
            showCompare={showCompare}
          />
        </>
      )}
      <ExtraColumns extra={statement.extra} />
    </aside>
  );
}
