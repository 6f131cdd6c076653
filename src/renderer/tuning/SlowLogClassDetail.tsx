import { useState } from 'react';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { SlowLogClass, SlowLogRun } from '../../shared/api/slowlog';
import { formatMs } from '../../shared/explain/format-plan-figures';
import { api } from '../app/api';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { planOf } from './plan-of';
import { useBusyAction } from './use-busy-action';
import { ActionFailure } from './ActionFailure';
import { ExplainWait } from './ExplainWait';
import { IndexExperiments } from './IndexExperiments';
import { PlanFindingsList } from './PlanFindingsList';
import { slowLogTimeText } from '../../shared/slowlog/timestamp';

/**
 * One class of the slow log: its slowest statement, opened in the editor or explained on this
 * connection in the schema its `use db` named, and from there the indexes its plan suggests
 * (tried on scratch servers only), as for top statements.
 */
export function SlowLogClassDetail({
  queryClass: c,
  unit,
  sessionId,
  server,
  connection,
  confirm,
  showPlan,
  showCompare,
  openInEditor,
}: Pick<
  ToolScreenProps,
  'sessionId' | 'server' | 'connection' | 'confirm' | 'showPlan' | 'showCompare' | 'openInEditor'
> & {
  queryClass: SlowLogClass;
  /** Where `example.offset` counts: bytes of a file, or rows of mysql.slow_log. */
  unit: SlowLogRun['unit'];
}) {
  const [explained, setExplained] = useState<ExplainRunResult | null>(null);
  const { busy, since, error, run } = useBusyAction();
  const example = c.example;
  // What its plans are plans of: the plan tab and the compare find its earlier plans by it.
  const planned = {
    statement: example.sql,
    connectionId: connection.id,
    server: server.versionText,
    ...(example.db ? { schema: example.db } : {}),
  };

  const explain = () =>
    run('explain', 'Could not explain the example statement', async () => {
      setExplained(
        await api.call('tuning.explain', { sessionId, schema: example.db, sql: example.sql }),
      );
    });

  return (
    <aside className="tune-detail" aria-label="Slow log class" data-testid="slowlog-detail">
      <h3>
        Class{' '}
        <span className="mono slowlog-checksum" title="pt-query-digest's class ID">
          {c.checksum}
        </span>
      </h3>
      <pre className="tune-digest">{c.fingerprint}</pre>
      <h4>Slowest example</h4>
      <p className="hint" data-testid="slowlog-example-meta">
        {formatMs(example.queryTime * 1000)}
        {example.time && ` at ${slowLogTimeText(example.time)}`}
        {example.db ? ` in ${example.db}` : ', no database named'},{' '}
        {unit === 'rows'
          ? `row ${example.offset + 1} of mysql.slow_log.`
          : `byte ${example.offset} of the log.`}
      </p>
      <pre className="tune-sample" data-testid="slowlog-example">
        {example.sql}
      </pre>
      {example.truncated && (
        <Notice severity="warning">
          This example is long and was cut: the whole statement is in the log at byte{' '}
          {example.offset}. It is not explained.
        </Notice>
      )}
      <div className="tune-actions">
        <button type="button" className="btn-small" onClick={() => openInEditor(example.sql)}>
          Open in editor
        </button>
        <button
          type="button"
          className="btn-small btn-primary"
          disabled={example.truncated || busy !== null}
          onClick={() => void explain()}
          title={`Explain on ${connection.name}`}
        >
          {busy === 'explain' ? 'Explaining…' : `Explain on ${connection.name}`}
        </button>
        {explained && (
          <button
            type="button"
            className="btn-small"
            onClick={() => showPlan(planOf(explained, 'Slow log class', planned))}
          >
            Open plan
          </button>
        )}
      </div>
      {busy === 'explain' && (
        <ExplainWait
          sessionId={sessionId}
          since={since}
          sql={example.sql}
          connection={connection}
          confirm={confirm}
        />
      )}
      {error && <ActionFailure failure={error} />}
      {explained && (
        <>
          <PlanFindingsList explained={explained} testId="slowlog-findings" />
          <IndexExperiments
            explained={explained}
            sample={example.sql}
            schema={example.db}
            planned={planned}
            busy={busy}
            since={since}
            run={run}
            tool={{ sessionId, server, connection, confirm, showCompare, openInEditor }}
          />
        </>
      )}
    </aside>
  );
}
