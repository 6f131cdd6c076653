import { describe, expect, it } from 'vitest';
import { changeSummary } from '../../../../src/renderer/plan-compare/change-summary';
import { explainPlanText } from '../../../../src/shared/explain/explain-report';
import { comparePlans } from '../../../../src/shared/explain/plan-compare';
import { diffPlans } from '../../../../src/shared/explain/plan-diff';

const tree = (min: number, access = 'Table scan on orders  (cost=101 rows=1000)') =>
  `-> Filter: (orders.total > ${min})  (cost=101 rows=333)\n    -> ${access}\n`;

function root(text: string) {
  const r = explainPlanText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.report.root;
}

describe('the compare header', () => {
  it('counts a changed condition as the report does (issue 17 section 4)', () => {
    const [a, b] = [root(tree(5)), root(tree(50))];
    const diff = diffPlans(a, b);
    // The header counted these: nodes whose access, key or estimate changed. None did.
    expect(comparePlans(a, b).differences).toBe(0);
    expect(diff.changes.map((c) => c.kind)).toEqual(['condition']);
    expect(changeSummary(diff.changes)).toBe('1 change: condition');
  });

  it('names each kind once, in the report’s order', () => {
    const a = root(tree(5));
    const b = root(
      tree(50, 'Index range scan on orders using idx_total over (50 < total)  (cost=11 rows=20)'),
    );
    expect(changeSummary(diffPlans(a, b).changes)).toBe(
      '4 changes: condition, access, index, estimated rows',
    );
  });

  it('says so when nothing changed', () => {
    expect(changeSummary(diffPlans(root(tree(5)), root(tree(5))).changes)).toBe(
      'No change: same join order, access, indexes, operations, conditions and rows.',
    );
  });
});
