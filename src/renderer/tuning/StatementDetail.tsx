import { useState } from 'react';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { PlanRecord, TopStatement } from '../../shared/api/tuning';
import { explainStatementFor } from '../../shared/explain/explain-statement';
import { quoteIdentifier } from '../../shared/sql/quote-identifier';
import {
  experimentPlan,
  indexCandidates,
  type IndexCandidate,
} from '../../shared/tuning/index-experiment';
import { confirmWrite } from '../alter/confirm-write';
import { api } from '../app/api';
import { ErrorNotice } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { CandidateIndexes } from './CandidateIndexes';
import { EarlierPlans } from './EarlierPlans';
import { ExtraColumns } from './ExtraColumns';
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
  const { busy, error, run } = useBusyAction();
  const sample = statement.sample;
  const canExplain = sample !== null && !statement.sampleTruncated;
  // What its plans are plans of: the plan tab and the compare find its earlier plans by it.
  const planned = {
    ...(sample !== null ? { statement: sample } : {}),
    connectionId: connection.id,
    ...(statement.digest !== null ? { digest: statement.digest, schema: statement.schema } : {}),
  };
  const candidates =
    explained && sample
      ? indexCandidates(
          explained.report.root,
          explained.report.diagnostics,
          sample,
          statement.schema,
        )
      : [];

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

  const tryIndex = async (c: IndexCandidate) => {
    if (!sample) return;
    const plan = experimentPlan(c, {
      invisibleIndexes: server.capabilities.invisibleIndexes,
      isMariaDb: server.flavor === 'mariadb',
    });
    const explainSql = explainStatementFor(sample, server.flavor, server.capabilities, false).sql;
    const statements = [
      ...(statement.schema ? [`USE ${quoteIdentifier(statement.schema)}`] : []),
      explainSql,
      ...plan.setup,
      explainSql,
      ...plan.cleanup,
    ];
    const detail = statements.map((s) => `${s};`).join('\n');
    const confirmed = await confirmWrite(
      confirm,
      connection,
      {
        title: `Try index ${plan.indexName} on ${connection.name}?`,
        consequence: plan.consequence,
        detail,
        confirmLabel: 'Create, explain, drop',
      },
      {
        consequence:
          'This connection is marked read-only, and the experiment writes: it creates an index and drops it again. Go on only if this really is a scratch copy.',
        confirmLabel: 'Run on the read-only connection',
      },
    );
    if (!confirmed) return;
    await run(`try:${plan.indexName}`, `Could not try ${plan.indexName}`, async () => {
      const r = await api.call('tuning.experiment', {
        sessionId,
        schema: statement.schema,
        sql: sample,
        candidate: { schema: c.schema, table: c.table, columns: c.columns },
        readOnlyConfirmed: confirmed.readOnlyConfirmed,
      });
      showCompare?.({
        title: `Index ${r.indexName} (${c.columns.join(', ')}) on ${c.table}: ${r.indexUsed ? 'used' : 'NOT used'} by the optimizer`,
        before: planOf(r.before, 'Without the index', planned),
        after: planOf(r.after, `With ${r.indexName}`, planned),
      });
    });
  };

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
      {error && <ErrorNotice error={error.error} title={error.title} />}
      {explained && (
        <>
          <PlanFindingsList explained={explained} />
          <CandidateIndexes
            candidates={candidates}
            tool={{ connection, server, openInEditor }}
            busy={busy}
            onTry={(c) => void tryIndex(c)}
          />
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
