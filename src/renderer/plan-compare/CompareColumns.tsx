import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PlanDiff } from '../../shared/explain/plan-diff';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { PlanToShow } from '../shell/tabs/tab-payloads';
import { CompareLinks } from './CompareLinks';
import type { NodeListHandle } from './CompareNodeList';
import { ComparePlanColumn } from './ComparePlanColumn';
import { compareRows, otherSide, type Side } from './compare-rows';
import { WINDOW_FROM } from './node-window';

/** The pair picked: from a column (its counterpart lines up with it) or from the report. */
export interface PairSelection {
  pair: number;
  from: Side | 'report';
  /** Bumped per pick, so picking the same pair again scrolls again. */
  seq: number;
}

/**
 * Both plans side by side, each node tied to its counterpart by a line in the gutter; picking a
 * node lights its counterpart and scrolls it level with it. Big plans draw one line per node and
 * only the rows in view, and say so.
 */
export function CompareColumns({
  plans,
  roots,
  diff,
  selected,
  onSelect,
  onChange,
}: {
  plans: Record<Side, PlanToShow>;
  roots: Record<Side, PlanNode>;
  diff: PlanDiff;
  selected: PairSelection | null;
  onSelect: (pair: number, from: Side) => void;
  onChange: (side: Side) => void;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const before = useRef<NodeListHandle>(null);
  const after = useRef<NodeListHandle>(null);
  const rows = useMemo(
    () => ({
      before: compareRows(roots.before, diff.pairs, 'before'),
      after: compareRows(roots.after, diff.pairs, 'after'),
    }),
    [roots.before, roots.after, diff],
  );
  const windowed = Math.max(rows.before.length, rows.after.length) >= WINDOW_FROM;

  useLayoutEffect(() => {
    if (!selected) return;
    const pair = diff.pairs[selected.pair];
    if (!pair) return;
    const lists = { before: before.current, after: after.current };
    if (selected.from === 'report') {
      for (const side of ['before', 'after'] as const) {
        const id = pair[side];
        if (id !== undefined) lists[side]?.reveal(id, null);
      }
      return;
    }
    const to = otherSide(selected.from);
    const from = pair[selected.from];
    const target = pair[to];
    if (from === undefined || target === undefined) return;
    lists[to]?.reveal(target, lists[selected.from]?.offsetOf(from) ?? null);
  }, [selected, diff]);

  const column = (side: Side) => (
    <ComparePlanColumn
      ref={side === 'before' ? before : after}
      side={side}
      plan={plans[side]}
      rows={rows[side]}
      windowed={windowed}
      selectedPair={selected?.pair ?? null}
      hoveredPair={hovered}
      onHover={setHovered}
      onSelect={(pair) => onSelect(pair, side)}
      onChange={() => onChange(side)}
    />
  );
  return (
    <>
      {windowed && (
        <p className="hint" data-testid="cmp-windowed">
          {rows.before.length.toLocaleString('en-US')} and{' '}
          {rows.after.length.toLocaleString('en-US')} nodes: each is one line (the whole name on
          hover), and only the rows in view are drawn.
        </p>
      )}
      <div className="cmp-columns">
        {column('before')}
        <CompareLinks
          before={before}
          after={after}
          pairs={diff.pairs}
          selectedPair={selected?.pair ?? null}
          hoveredPair={hovered}
        />
        {column('after')}
      </div>
    </>
  );
}
