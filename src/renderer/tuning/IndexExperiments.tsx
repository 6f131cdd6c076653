import { useState } from 'react';
import type { ExplainRunResult } from '../../shared/api/explain';
import { explainStatementFor } from '../../shared/explain/explain-statement';
import { quoteIdentifier } from '../../shared/sql/quote-identifier';
import {
  experimentPlan,
  indexCandidates,
  type IndexCandidate,
} from '../../shared/tuning/index-experiment';
import { restoredText } from '../../shared/tuning/experiment-restore';
import { confirmWrite } from '../alter/confirm-write';
import { api } from '../app/api';
import type { ToolScreenProps } from '../app/tool-screen';
import type { PlannedStatement } from '../shell/tabs/tab-payloads';
import { Notice } from '../ui/Notice';
import { CandidateIndexes } from './CandidateIndexes';
import { planOf } from './plan-of';
import { useExperimentCancel } from './use-experiment-cancel';

/**
 * The indexes an explained statement's plan suggests, and on a scratch server the experiment
 * for one: create it, explain before and after, drop it, compare the two plans. Top statements
 * and slow-log classes both go on from their explain into this.
 */
export function IndexExperiments({
  explained,
  sample,
  schema,
  planned,
  busy,
  since,
  run,
  tool,
}: {
  explained: ExplainRunResult;
  /** The statement explained. */
  sample: string;
  /** The schema it runs in (its digest's schema, or the log's `use db`). */
  schema: string | null;
  /** What its plans are plans of (see planOf). */
  planned: PlannedStatement;
  busy: string | null;
  /** Date.now() when the action under way started. */
  since: number;
  run: (name: string, failure: string, action: () => Promise<void>) => Promise<void>;
  tool: Pick<
    ToolScreenProps,
    'sessionId' | 'server' | 'connection' | 'confirm' | 'showCompare' | 'openInEditor'
  >;
}) {
  const { sessionId, server, connection, confirm, showCompare } = tool;
  const candidates = indexCandidates(
    explained.report.root,
    explained.report.diagnostics,
    sample,
    schema,
  );

  /** What the last experiment had to put back besides its own index, in words. */
  const [restored, setRestored] = useState<string | null>(null);
  const {
    problem: cancelProblem,
    cancel,
    clearProblem: clearCancelProblem,
  } = useExperimentCancel(sessionId);

  const tryIndex = async (c: IndexCandidate) => {
    const plan = experimentPlan(c, {
      invisibleIndexes: server.capabilities.invisibleIndexes,
      isMariaDb: server.flavor === 'mariadb',
    });
    const explainSql = explainStatementFor(sample, server.flavor, server.capabilities, false).sql;
    const statements = [
      ...(schema ? [`USE ${quoteIdentifier(schema)}`] : []),
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
    clearCancelProblem();
    await run(`try:${plan.indexName}`, `Could not try ${plan.indexName}`, async () => {
      const r = await api.call('tuning.experiment', {
        sessionId,
        schema,
        sql: sample,
        candidate: { schema: c.schema, table: c.table, columns: c.columns },
        readOnlyConfirmed: confirmed.readOnlyConfirmed,
      });
      setRestored(restoredText(r.indexName, r.restored));
      showCompare?.({
        title: `Index ${r.indexName} (${c.columns.join(', ')}) on ${c.table}: ${r.indexUsed ? 'used' : 'NOT used'} by the optimizer`,
        before: planOf(r.before, 'Without the index', planned),
        after: planOf(r.after, `With ${r.indexName}`, planned),
      });
    });
  };

  return (
    <>
      {restored && (
        <Notice severity="warning" testId="experiment-restored">
          {restored}
        </Notice>
      )}
      <CandidateIndexes
        candidates={candidates}
        tool={tool}
        busy={busy}
        since={since}
        onTry={(c) => void tryIndex(c)}
        onCancel={cancel}
        cancelProblem={cancelProblem}
      />
    </>
  );
}
