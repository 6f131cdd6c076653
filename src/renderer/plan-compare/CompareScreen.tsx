import { useState, type ReactNode } from 'react';
import type { PlanDialect } from '../../shared/explain/plan-dialect';
import type { ComparedSides, PlansToCompare, PlanToShow } from '../shell/tabs/tab-payloads';
import { Notice } from '../ui/Notice';
import { changeSummary } from './change-summary';
import { CompareChanges } from './CompareChanges';
import { CompareColumns, type PairSelection } from './CompareColumns';
import { CompareReport } from './CompareReport';
import { CompareTotals } from './CompareTotals';
import type { Side } from './compare-rows';
import { SidePicker } from './SidePicker';
import { useComparison } from './use-comparison';
import './compare.css';

/**
 * Two plans side by side: what changed in words, the totals, both plans drawn with each node
 * tied to its counterpart, and the table of node changes. Either side can be any open plan
 * tab, an earlier plan of the statement, a pasted plan or a sample; Swap exchanges them.
 */
export function CompareScreen({
  initial,
  title,
  onShown,
  notice,
}: {
  initial: PlansToCompare;
  /** The heading: why these two plans are compared, when known. */
  title: string;
  /** Told the sides the user picked or swapped, so the tab (and its name) follows. */
  onShown?: (sides: ComparedSides) => void;
  notice?: ReactNode;
}) {
  const [sides, setSidesState] = useState<ComparedSides>({
    before: initial.before,
    after: initial.after,
  });
  const setSides = (next: ComparedSides) => {
    setSidesState(next);
    onShown?.(next);
  };
  const [picking, setPicking] = useState<Side | null>(initial.after ? null : 'after');
  const [selection, setSelection] = useState<(PairSelection & { of: unknown }) | null>(null);
  const { beforeResult, afterResult, left, right, comparison, diff, costsApart } = useComparison(
    sides.before,
    sides.after,
  );
  // A pick speaks of one comparison's pairs: another comparison starts with none.
  const selected = selection && selection.of === diff ? selection : null;
  const select = (pair: number, from: PairSelection['from']) =>
    setSelection({ pair, from, seq: (selection?.seq ?? 0) + 1, of: diff });

  const pick = (side: Side, plan: PlanToShow) => {
    setSides({ ...sides, [side]: plan });
    setPicking(null);
  };
  const unreadable = (side: Side) => {
    const r = side === 'before' ? beforeResult : afterResult;
    if (!r || r.ok) return null;
    return (
      <Notice
        severity="danger"
        testId={side === 'after' ? 'cmp-error' : 'cmp-error-before'}
        title={`The ${side === 'before' ? 'first' : 'second'} plan could not be read.`}
        actions={
          <button type="button" className="btn-small" onClick={() => setPicking(side)}>
            {side === 'after' ? 'Paste another' : 'Choose another'}
          </button>
        }
      >
        {r.error.message} at line {r.error.line} column {r.error.column}.
      </Notice>
    );
  };

  return (
    <section className="cmp-screen" aria-label="Compare plans">
      <header className="cmp-header">
        <h2>{title}</h2>
        {diff && (
          // What the report counts, so the two never disagree.
          <span className="cmp-summary" data-testid="cmp-summary">
            {changeSummary(diff.changes)}
          </span>
        )}
        <span className="spacer" />
        <button
          type="button"
          className="btn-small"
          title="Exchange Before and After: the report then reads the other way"
          disabled={!sides.before || !sides.after}
          onClick={() => {
            setSides({ before: sides.after, after: sides.before });
            setPicking(null);
          }}
        >
          ⇄ Swap sides
        </button>
      </header>
      {notice}
      {unreadable('before')}
      {unreadable('after')}
      {picking && (
        <SidePicker
          key={picking}
          side={picking}
          current={sides[picking]}
          other={sides[picking === 'before' ? 'after' : 'before']}
          onPick={(plan) => pick(picking, plan)}
          onCancel={sides[picking] ? () => setPicking(null) : undefined}
        />
      )}
      {comparison && diff && left && right && sides.before && sides.after && (
        <>
          {costsApart && (
            <Notice severity="info" role="note" testId="cmp-costs-apart">
              Costs are not compared: {costsApart}. Before is {origin(sides.before, left.dialect)},
              After {origin(sides.after, right.dialect)}. Join order, access, indexes, operations
              and rows are compared as usual.
            </Notice>
          )}
          <div className="cmp-overview">
            <CompareReport
              diff={diff}
              selectedPair={selected?.pair ?? null}
              onSelect={(pair) => select(pair, 'report')}
            />
            <CompareTotals
              before={comparison.before}
              after={comparison.after}
              costs={costsApart === undefined}
            />
          </div>
          <CompareColumns
            plans={{ before: sides.before, after: sides.after }}
            roots={{ before: left.root, after: right.root }}
            diff={diff}
            selected={selected}
            onSelect={select}
            onChange={setPicking}
          />
          <CompareChanges pairs={comparison.pairs.filter((p) => p.change !== 'same')} />
        </>
      )}
    </section>
  );
}

/** Where a compared plan came from, for the note on costs: its server, else its format. */
function origin(plan: PlanToShow, dialect: PlanDialect): string {
  return plan.server !== undefined
    ? `from ${plan.server}`
    : `a ${dialect === 'mariadb-json' ? 'MariaDB' : 'MySQL'} plan of unknown server version`;
}
