import { describe, expect, it } from 'vitest';
import { explainPlanText } from '../../../src/shared/explain/explain-report';
import { comparePlans } from '../../../src/shared/explain/plan-compare';
import { formatRows } from '../../../src/shared/explain/format-plan-figures';
import { compareRows, deltaTone, signed } from '../../../src/renderer/plan-compare/compare-rows';

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
    const c = comparePlans(before, after);
    expect(
      compareRows(before, c, 'before').map((r) => [r.depth, r.node.label, r.pair?.change]),
    ).toEqual([
      [0, 'Filter: (orders.total between 100 and 105)', 'removed'],
      [1, 'Table scan on orders', 'changed'],
    ]);
    expect(compareRows(after, c, 'after').map((r) => [r.depth, r.pair?.matchKey])).toEqual([
      [0, 'table orders'],
    ]);
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
