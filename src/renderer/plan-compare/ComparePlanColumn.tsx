import { forwardRef } from 'react';
import type { PlanToShow } from '../shell/tabs/tab-payloads';
import { CompareNodeList, type NodeListHandle } from './CompareNodeList';
import type { CompareRow, Side } from './compare-rows';

/** One plan of the two: what it is, its statement, and its nodes tied to the other plan's. */
export const ComparePlanColumn = forwardRef<
  NodeListHandle,
  {
    side: Side;
    plan: PlanToShow;
    rows: readonly CompareRow[];
    windowed: boolean;
    selectedPair: number | null;
    hoveredPair: number | null;
    onHover: (pair: number | null) => void;
    onSelect: (pair: number) => void;
    onChange: () => void;
  }
>(function ComparePlanColumn({ side, plan, onChange, ...list }, ref) {
  const heading = side === 'before' ? 'Before' : 'After';
  return (
    <div className="cmp-column" data-testid={`cmp-${side}`}>
      <div className="cmp-column-head">
        <h3>
          {heading}
          <span className="cmp-origin"> · {plan.title}</span>
        </h3>
        <button
          type="button"
          className="btn-small"
          aria-label={`Change the ${heading} plan`}
          onClick={onChange}
        >
          Change…
        </button>
      </div>
      {plan.explainSql && (
        <code className="cmp-sql" title={plan.explainSql}>
          {plan.explainSql}
        </code>
      )}
      <CompareNodeList ref={ref} side={side} {...list} />
    </div>
  );
});
