import { useMemo, useState } from 'react';
import { explainPlanText, type ExplainResult } from '../../shared/explain/explain-report';
import { comparePlans } from '../../shared/explain/plan-compare';
import type { PlansToCompare, PlanToShow } from '../app/tool-screen';
import { samplePlans } from '../plan/sample-plans';
import { SampleSelect } from '../plan/SampleSelect';
import { CompareChanges } from './CompareChanges';
import { ComparePlanColumn } from './ComparePlanColumn';
import { CompareTotals } from './CompareTotals';
import { compareRows } from './compare-rows';
import { Notice } from '../ui/Notice';
import './compare.css';

function parse(plan: PlanToShow | null): ExplainResult | null {
  return plan ? explainPlanText(plan.document, { dialect: plan.dialect }) : null;
}

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
            <SampleSelect
              label="Sample plan to compare with"
              onText={(t, file) =>
                compareWith(t, samplePlans().find((p) => p.file === file)?.title ?? file)
              }
            />
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
          <CompareTotals before={comparison.before} after={comparison.after} />
          <div className="cmp-columns">
            <ComparePlanColumn
              heading="Before"
              plan={initial.before}
              root={left.root}
              rows={compareRows(left.root, comparison, 'before')}
              side="before"
            />
            <ComparePlanColumn
              heading="After"
              plan={after}
              root={right.root}
              rows={compareRows(right.root, comparison, 'after')}
              side="after"
            />
          </div>
          <CompareChanges pairs={comparison.pairs.filter((p) => p.change !== 'same')} />
        </>
      )}
    </section>
  );
}
