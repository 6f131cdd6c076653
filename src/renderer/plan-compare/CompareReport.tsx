import { useMemo, useState } from 'react';
import type { PlanDiff } from '../../shared/explain/plan-diff';
import { SeverityIcon } from '../ui/SeverityIcon';
import { pairIndex } from './compare-rows';

/** Lines shown before "Show all": a big plan's changes run to thousands. */
const FIRST_LINES = 40;

/**
 * What changed from Before to After, in words (join order, access per table and whether it is
 * worse, index, operations added or removed, conditions, rows, cost), worst marked; a line
 * about a node picks that node on both sides; a condition cut short opens in full.
 */
export function CompareReport({
  diff,
  selectedPair,
  onSelect,
}: {
  diff: PlanDiff;
  selectedPair: number | null;
  onSelect: (pair: number) => void;
}) {
  const [all, setAll] = useState(false);
  const byBefore = useMemo(() => pairIndex(diff.pairs, 'before'), [diff]);
  const byAfter = useMemo(() => pairIndex(diff.pairs, 'after'), [diff]);
  const lines = all ? diff.changes : diff.changes.slice(0, FIRST_LINES);
  return (
    <section className="cmp-report" aria-label="What changed" data-testid="cmp-report">
      <h3 data-testid="cmp-verdict">
        {diff.sameShape ? 'Same plan shape' : 'The plan’s shape changed'}
        {diff.changes.length > 0 &&
          ` · ${diff.changes.length} ${diff.changes.length === 1 ? 'change' : 'changes'}`}
      </h3>
      {diff.changes.length === 0 && (
        <p className="hint">No difference in join order, access, indexes, operations or cost.</p>
      )}
      <ul className="cmp-report-lines">
        {lines.map((c, i) => {
          const pair =
            c.beforeNode !== undefined
              ? byBefore.get(c.beforeNode)
              : c.afterNode !== undefined
                ? byAfter.get(c.afterNode)
                : undefined;
          return (
            <li
              key={i}
              className={`cmp-report-line cmp-report-${c.severity}${pair !== undefined && pair === selectedPair ? ' cmp-report-on' : ''}`}
              data-severity={c.severity}
              data-testid="cmp-report-line"
            >
              <SeverityIcon severity={c.severity} />
              {pair !== undefined ? (
                <button
                  type="button"
                  className="btn-link"
                  title="Show this node in both plans"
                  onClick={() => onSelect(pair)}
                >
                  {c.text}
                </button>
              ) : (
                <span>{c.text}</span>
              )}
              {c.full && (
                <details className="cmp-report-full" data-testid="cmp-report-full">
                  <summary>Full text</summary>
                  <dl>
                    <dt>Before</dt>
                    <dd className="mono">{c.full.before}</dd>
                    <dt>After</dt>
                    <dd className="mono">{c.full.after}</dd>
                  </dl>
                </details>
              )}
            </li>
          );
        })}
      </ul>
      {lines.length < diff.changes.length && (
        <button type="button" className="btn-small" onClick={() => setAll(true)}>
          Show all {diff.changes.length.toLocaleString('en-US')} changes
        </button>
      )}
    </section>
  );
}
