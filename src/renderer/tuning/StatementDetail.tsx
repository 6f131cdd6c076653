import { useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { PlanRecord, TopStatement } from '../../shared/api/tuning';
import { explainStatementFor } from '../../shared/explain/explain-statement';
import { quoteIdentifier } from '../../shared/sql/quote-identifier';
import {
  experimentPlan,
  indexCandidates,
  type IndexCandidate,
} from '../../shared/tuning/index-experiment';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { PlanToShow, ToolScreenProps } from '../app/tool-screen';
import { extraColumnText } from './extra-columns';
import { Notice } from '../ui/Notice';
import { SeverityIcon } from '../ui/SeverityIcon';

function planOf(r: ExplainRunResult, title: string): PlanToShow {
  return { document: r.document, dialect: r.dialect, title, explainSql: r.explainSql };
}

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
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const sample = statement.sample;
  const canExplain = sample !== null && !statement.sampleTruncated;
  const candidates =
    explained && sample
      ? indexCandidates(
          explained.report.root,
          explained.report.diagnostics,
          sample,
          statement.schema,
        )
      : [];

  const explain = async () => {
    if (!sample) return;
    setBusy('explain');
    setError(null);
    try {
      const r = await api.call('tuning.explain', {
        sessionId,
        schema: statement.schema,
        sql: sample,
      });
      setExplained(r);
      // Every connection's plans: the same statement on the upgraded server is the point.
      const h = await api.call('plans.history', { sql: sample, connectionId: null });
      // The newest record is the explain just made.
      setEarlier(h.records.slice(1));
    } catch (e) {
      setError({ title: 'Could not explain the example statement', error: errorShapeOf(e) });
    } finally {
      setBusy(null);
    }
  };

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
    const ok = await confirm({
      title: `Try index ${plan.indexName} on ${connection.name}?`,
      consequence: plan.consequence,
      detail: statements.map((s) => `${s};`).join('\n'),
      connectionName: connection.name,
      color: connection.color,
      typedConfirmation: connection.production,
      confirmLabel: 'Create, explain, drop',
    });
    if (!ok) return;
    const readOnlyConfirmed =
      connection.readOnly &&
      (await confirm({
        title: `“${connection.name}” is read-only`,
        consequence:
          'This connection is marked read-only, and the experiment writes: it creates an index and drops it again. Go on only if this really is a scratch copy.',
        detail: statements.map((s) => `${s};`).join('\n'),
        connectionName: connection.name,
        color: connection.color,
        typedConfirmation: connection.production,
        confirmLabel: 'Run on the read-only connection',
      }));
    if (connection.readOnly && !readOnlyConfirmed) return;
    setBusy(`try:${plan.indexName}`);
    setError(null);
    try {
      const r = await api.call('tuning.experiment', {
        sessionId,
        schema: statement.schema,
        sql: sample,
        candidate: { schema: c.schema, table: c.table, columns: c.columns },
        readOnlyConfirmed,
      });
      showCompare?.({
        title: `Index ${r.indexName} (${c.columns.join(', ')}) on ${c.table}: ${r.indexUsed ? 'used' : 'NOT used'} by the optimizer`,
        before: planOf(r.before, 'Without the index'),
        after: planOf(r.after, `With ${r.indexName}`),
      });
    } catch (e) {
      setError({ title: `Could not try ${plan.indexName}`, error: errorShapeOf(e) });
    } finally {
      setBusy(null);
    }
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
            onClick={() => showPlan(planOf(explained, 'Top statement'))}
          >
            Open plan
          </button>
        )}
      </div>
      {error && <ErrorNotice error={error.error} title={error.title} />}
      {explained && (
        <>
          <h4>Findings</h4>
          {explained.report.diagnostics.length === 0 ? (
            <p className="hint">Nothing stands out in this plan.</p>
          ) : (
            <ul className="findings">
              {explained.report.diagnostics.map((d, i) => (
                <li key={i} className={`sev-${d.severity}`}>
                  <SeverityIcon severity={d.severity} /> {d.title}
                </li>
              ))}
            </ul>
          )}
          <h4>Candidate indexes</h4>
          {candidates.length === 0 && (
            <p className="hint">The plan’s findings suggest no index for this statement.</p>
          )}
          {!connection.scratch && candidates.length > 0 && (
            <p className="hint" data-testid="tune-not-scratch">
              “{connection.name}” is not marked as a scratch server, so Sightline only shows the
              DDL: trying an index creates one, which reads the whole table and can block writes.
              Mark a test copy of this server “Scratch” in its connection settings to try them.
            </p>
          )}
          <ul className="tune-candidates">
            {candidates.map((c) => {
              const name = experimentPlan(c, {
                invisibleIndexes: server.capabilities.invisibleIndexes,
                isMariaDb: server.flavor === 'mariadb',
              }).indexName;
              return (
                <li key={c.ddl} data-testid="tune-candidate">
                  <div>
                    <strong>
                      {c.table} ({c.columns.join(', ')})
                    </strong>{' '}
                    <span className="hint">{c.reason}</span>
                  </div>
                  <code className="tune-ddl">{c.ddl}</code>
                  <div className="tune-actions">
                    <button type="button" className="btn-small" onClick={() => openInEditor(c.ddl)}>
                      Open DDL in editor
                    </button>
                    {connection.scratch && (
                      <button
                        type="button"
                        className="btn-small btn-primary"
                        disabled={busy !== null}
                        onClick={() => void tryIndex(c)}
                      >
                        {busy === `try:${name}` ? 'Trying…' : 'Try it (before/after)'}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <h4>Earlier plans</h4>
          {earlier && earlier.length === 0 && (
            <p className="hint">
              No earlier plan of this statement is kept yet: each explain is kept, so the next one
              can be compared with today’s.
            </p>
          )}
          <ul className="tune-earlier">
            {earlier?.map((r) => (
              <li key={r.recordedAt + r.connectionId}>
                <span className="num">{r.recordedAt.slice(0, 19).replace('T', ' ')} UTC</span>{' '}
                <span className="hint">
                  {r.connectionName} · {r.serverVersion}
                </span>{' '}
                <button
                  type="button"
                  className="btn-link"
                  onClick={() =>
                    showCompare?.({
                      title: 'Earlier plan against today’s',
                      before: {
                        document: r.document,
                        dialect: r.dialect,
                        title: `${r.recordedAt.slice(0, 16).replace('T', ' ')} UTC on ${r.serverVersion}`,
                        explainSql: r.explainSql,
                      },
                      after: planOf(explained, 'Today'),
                    })
                  }
                >
                  Compare with today
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ExtraColumns extra={statement.extra} />
    </aside>
  );
}

/** The digest table's columns the screen does not name, as the server gave them. */
function ExtraColumns({ extra }: { extra: TopStatement['extra'] }) {
  const names = Object.keys(extra).sort();
  if (names.length === 0) return null;
  return (
    <details className="tune-extra" data-testid="tune-extra">
      <summary>Other columns from the server ({names.length}), totals since first seen</summary>
      <table>
        <tbody>
          {names.map((name) => {
            const shown = extraColumnText(name, extra[name] ?? null);
            return (
              <tr key={name}>
                <th scope="row" className="mono">
                  {name}
                </th>
                <td className="num" title={shown.exact ?? undefined}>
                  {shown.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
