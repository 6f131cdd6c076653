import { useMemo, useState } from 'react';
import { explainPlanText, type ExplainResult } from '../../shared/explain/explain-report';
import { formatCost, formatRows } from '../../shared/explain/format-plan-figures';
import { comparePlans, type NodePair, type PlanTotals } from '../../shared/explain/plan-compare';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { PlansToCompare, PlanToShow } from '../app/tool-screen';
import { loadSamplePlan, samplePlans } from '../plan/sample-plans';
import { compareRows, deltaTone, signed } from './compare-rows';
import { Notice } from '../ui/Notice';
import { SeverityBadge } from '../ui/SeverityIcon';
import './compare.css';

function parse(plan: PlanToShow | null): ExplainResult | null {
  return plan ? explainPlanText(plan.document, { dialect: plan.dialect }) : null;
}

const CHANGE_TEXT: Record<NodePair['change'], string> = {
  same: '',
  changed: 'changed',
  added: 'only after',
  removed: 'only before',
};

/**
 * Two plans side by side: each node lined up with its counterpart (same table or alias, else
 * same kind in order), changed access types, keys and row estimates marked, and totals with
 * their deltas. The second plan can be pasted or picked here when none was given.
 */
export function CompareScreen({ initial }: { initial: PlansToCompare }) {
  const [after, setAfter] = useState<PlanToShow | null>(initial.after);
  const [text, setText] = useState('');
  const before = useMemo(() => parse(initial.before), [initial.before]);
  const afterResult = useMemo(() => parse(after), [after]);
  const left = before?.ok ? before.report : null;
  const right = afterResult?.ok ? afterResult.report : null;
  const comparison = useMemo(
    () => (left && right ? comparePlans(left.root, right.root) : null),
    [left, right],
  );

  const compareWith = (document: string, title: string) => {
    const r = explainPlanText(document);
    setAfter({
      document,
      dialect: r.ok ? r.report.dialect : 'mysql-tree',
      title,
      explainSql: '',
    });
  };

  return (
    <section className="cmp-screen" aria-label="Compare plans">
      <header className="cmp-header">
        <h2>{initial.title}</h2>
        {comparison && (
          <span className="cmp-summary" data-testid="cmp-summary">
            {comparison.differences === 0
              ? 'Same plan shape: no access, key or estimate changed.'
              : `${comparison.differences} ${comparison.differences === 1 ? 'difference' : 'differences'}`}
          </span>
        )}
      </header>
      {before && !before.ok && (
        <Notice severity="danger">
          The first plan could not be read: {before.error.message} at line {before.error.line}.
        </Notice>
      )}
      {!after && (
        <div className="cmp-pick" data-testid="cmp-pick">
          <label htmlFor="cmp-text">
            Paste the plan to compare with (any EXPLAIN output Sightline reads), or open a sample.
          </label>
          <textarea
            id="cmp-text"
            rows={8}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="modal-actions">
            <label className="inline-field">
              <span>Open a sample</span>
              <select
                value=""
                aria-label="Sample plan to compare with"
                onChange={(e) => {
                  const file = e.target.value;
                  if (file) void loadSamplePlan(file).then((t) => compareWith(t, file));
                }}
              >
                <option value="">Choose…</option>
                {samplePlans().map((s) => (
                  <option key={s.file} value={s.file}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn-primary"
              disabled={!text.trim()}
              onClick={() => compareWith(text, 'Pasted plan')}
            >
              Compare
            </button>
          </div>
        </div>
      )}
      {afterResult && !afterResult.ok && (
        <Notice
          severity="danger"
          testId="cmp-error"
          title="The second plan could not be read."
          actions={
            <button type="button" className="btn-small" onClick={() => setAfter(null)}>
              Paste another
            </button>
          }
        >
          {afterResult.error.message} at line {afterResult.error.line} column{' '}
          {afterResult.error.column}.
        </Notice>
      )}
      {comparison && left && right && (
        <>
          <Totals before={comparison.before} after={comparison.after} />
          <div className="cmp-columns">
            <PlanColumn
              heading="Before"
              plan={initial.before}
              root={left.root}
              rows={compareRows(left.root, comparison, 'before')}
              side="before"
            />
            <PlanColumn
              heading="After"
              plan={after}
              root={right.root}
              rows={compareRows(right.root, comparison, 'after')}
              side="after"
            />
          </div>
          <Changes pairs={comparison.pairs.filter((p) => p.change !== 'same')} />
        </>
      )}
    </section>
  );
}

function Delta({
  value,
  format,
  testId,
}: {
  value: number | undefined;
  format: (n: number) => string;
  testId?: string;
}) {
  if (value === undefined) return <span className="cmp-delta">—</span>;
  const tone = deltaTone(value);
  return (
    <span className={`cmp-delta cmp-${tone}`} data-testid={testId}>
      {tone === 'ok' ? '▼ ' : tone === 'danger' ? '▲ ' : ''}
      {signed(value, format)}
    </span>
  );
}

function Totals({ before, after }: { before: PlanTotals; after: PlanTotals }) {
  const line = (
    label: string,
    b: number | undefined,
    a: number | undefined,
    format: (n: number) => string,
    testId: string,
  ) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{b === undefined ? '—' : format(b)}</td>
      <td className="num">{a === undefined ? '—' : format(a)}</td>
      <td className="num">
        <Delta
          value={a !== undefined && b !== undefined ? a - b : undefined}
          format={format}
          testId={testId}
        />
      </td>
    </tr>
  );
  const whole = (n: number) => String(n);
  return (
    <table className="cmp-totals" aria-label="Totals">
      <thead>
        <tr>
          <th />
          <th className="num">Before</th>
          <th className="num">After</th>
          <th className="num">Change</th>
        </tr>
      </thead>
      <tbody>
        {line('Estimated cost', before.cost, after.cost, formatCost, 'cmp-cost-delta')}
        {line(
          'Rows read (estimate)',
          before.rowsRead,
          after.rowsRead,
          formatRows,
          'cmp-rows-delta',
        )}
        {line('Full scans', before.fullScans, after.fullScans, whole, 'cmp-scans-delta')}
        {line('Filesorts', before.filesorts, after.filesorts, whole, 'cmp-sorts-delta')}
        {line(
          'Temporary tables',
          before.temporaryTables,
          after.temporaryTables,
          whole,
          'cmp-tmp-delta',
        )}
      </tbody>
    </table>
  );
}

function PlanColumn({
  heading,
  plan,
  rows,
  side,
}: {
  heading: string;
  plan: PlanToShow | null;
  root: PlanNode;
  rows: ReturnType<typeof compareRows>;
  side: 'before' | 'after';
}) {
  return (
    <div className="cmp-column" data-testid={`cmp-${side}`}>
      <h3>
        {heading}
        {plan && <span className="cmp-origin"> · {plan.title}</span>}
      </h3>
      {plan?.explainSql && <code className="cmp-sql">{plan.explainSql}</code>}
      <ol className="cmp-nodes">
        {rows.map(({ node, depth, pair }) => {
          const mine = pair?.[side];
          const changed = pair && pair.change !== 'same';
          return (
            <li
              key={node.id}
              className={`cmp-node${changed ? ` cmp-node-${pair.change}` : ''}`}
              style={{ paddingLeft: `${depth * 14 + 6}px` }}
            >
              <span className="cmp-label" title={node.label}>
                {node.label}
              </span>
              {mine?.access && (
                <span
                  className={`badge ${mine.access === 'full scan' || mine.access === 'full index scan' ? 'badge-danger' : 'badge-info'}${pair?.accessChanged ? ' cmp-mark' : ''}`}
                >
                  {mine.access}
                  {mine.key ? ` · ${mine.key}` : ''}
                </span>
              )}
              <span className="num cmp-fig" title="estimated rows">
                {node.rows !== undefined ? `${formatRows(node.rows)} rows` : ''}
              </span>
              {changed && <span className="cmp-change-text">{CHANGE_TEXT[pair.change]}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Changes({ pairs }: { pairs: NodePair[] }) {
  if (pairs.length === 0) return null;
  const access = (p: NodePair, s: 'before' | 'after') => {
    const x = p[s];
    if (!x) return '—';
    return [x.access ?? x.label, x.key].filter(Boolean).join(' · ');
  };
  return (
    <table className="cmp-changes" aria-label="What changed" data-testid="cmp-changes">
      <thead>
        <tr>
          <th>Node</th>
          <th>Change</th>
          <th>Before</th>
          <th>After</th>
          <th className="num">Rows</th>
          <th className="num">Cost</th>
          <th>Warnings</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.matchKey} className={`cmp-row-${p.change}`}>
            <td className="mono">{p.matchKey}</td>
            <td>
              {p.change === 'changed'
                ? [p.accessChanged && 'access', p.keyChanged && 'key', p.rowsDelta && 'rows']
                    .filter(Boolean)
                    .join(', ') || 'warnings'
                : CHANGE_TEXT[p.change]}
            </td>
            <td>{access(p, 'before')}</td>
            <td>{access(p, 'after')}</td>
            <td className="num">
              <Delta value={p.rowsDelta} format={formatRows} />
            </td>
            <td className="num">
              <Delta value={p.costDelta} format={formatCost} />
            </td>
            <td>
              {p.flagsLost.map((f) => (
                <span key={f} className="badge badge-ok">
                  ✓ no {f}
                </span>
              ))}
              {p.flagsGained.map((f) => (
                <SeverityBadge key={f} severity="warning" label={f} />
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
