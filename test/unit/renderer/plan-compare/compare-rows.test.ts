import { describe, expect, it } from 'vitest';
import { explainPlanText } from '../../../../src/shared/explain/explain-report';
import { diffPlans } from '../../../../src/shared/explain/plan-diff';
import { formatRows } from '../../../../src/shared/explain/format-plan-figures';
import {
  compareRows,
  deltaTone,
  pairIndex,
  signed,
} from '../../../../src/renderer/plan-compare/compare-rows';

function rootOf(text: string) {
  const r = explainPlanText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.report.root;
}

describe('compare view rows', () => {
  it('lists each plan in reading order with depth and its pair', () => {
    const before = rootOf(`-> Filter: (orders.total between 100 and 105)  (cost=302 rows=333)
    -> Table scan on orders  (cost=302 rows=3000)`);
    const after = rootOf(
      '-> Index range scan on orders using sl_try_orders_total over (100 <= total <= 105)  (cost=2.96 rows=6)',
    );
    const { pairs } = diffPlans(before, after);
    const left = compareRows(before, pairs, 'before');
    expect(left.map((r) => [r.depth, r.node.label, r.status])).toEqual([
      [0, 'Filter: (orders.total between 100 and 105)', 'removed'],
      [1, 'Table scan on orders', 'changed'],
    ]);
    const right = compareRows(after, pairs, 'after');
    expect(right.map((r) => [r.depth, r.status, r.moved])).toEqual([[0, 'changed', false]]);
    // The two reads of orders are one pair: each side finds the other through it.
    expect(right[0]!.pair).toBe(left[1]!.pair);
    expect(pairs[left[1]!.pair]).toMatchObject({
      before: before.children[0]!.id,
      after: after.id,
    });
    expect(pairIndex(pairs, 'after').get(after.id)).toBe(left[1]!.pair);
    expect(left[0]!.pair).not.toBe(-1);
  });

  it('writes deltas with their sign and says which way is better', () => {
    expect(signed(-2994, formatRows)).toBe('−3.0 k');
    expect(signed(47, formatRows)).toBe('+47');
    expect(signed(0, formatRows)).toBe('±0');
    expect([deltaTone(-1), deltaTone(2), deltaTone(0), deltaTone(undefined)]).toEqual([
      'ok',
      'danger',
      'neutral',
      'neutral',
    ]);
  });
});
