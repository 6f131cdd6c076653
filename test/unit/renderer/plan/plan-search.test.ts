import { describe, expect, it } from 'vitest';
import { createNode, type PlanNode } from '../../../../src/shared/explain/plan-model';
import { parsePlan } from '../../../../src/shared/explain/parse-plan';
import {
  autoFold,
  layoutPlan,
  nodeSize,
  RUN_HEAD,
  RUN_LIMIT,
  runBoxId,
} from '../../../../src/renderer/plan/plan-layout';
import {
  indexPlan,
  matchesInFolds,
  searchPlan,
  unfoldTo,
} from '../../../../src/renderer/plan/plan-search';
import { readCorpusDocument } from '../../../explain-corpus/corpus-index';
import { corpusDocument } from '../../explain/corpus-documents';

/** Root (0) → union (1) of `members` selects, each a join of a table scan and a lookup. */
function wideUnion(members: number): PlanNode {
  let id = 0;
  const node = (kind: PlanNode['kind'], label: string, extra: Partial<PlanNode> = {}) => {
    const n = { ...createNode(kind, label), ...extra };
    n.id = id++;
    return n;
  };
  const root = node('other', 'Select #1');
  const union = node('union', 'Union');
  root.children = [union];
  for (let m = 0; m < members; m++) {
    const join = node('join', 'Nested loop join');
    join.children = [
      node('table', `Table scan on a${m}`, { table: 'orders', alias: `a${m}`, accessType: 'ALL' }),
      node('table', `Index lookup on b${m} using customer_id`, {
        table: 'customers',
        alias: `b${m}`,
        key: 'customer_id',
        condition: `b${m}.total > 100`,
      }),
    ];
    union.children.push(join);
  }
  return root;
}

describe('plan search', () => {
  it('finds nodes by table, alias, key, kind and condition words, in plan order', () => {
    const parsed = parsePlan(
      readCorpusDocument(corpusDocument('mysql-9.7', 'subquery-correlated', 'json-v1')),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const root = parsed.plan.root;
    const labels = (q: string) =>
      searchPlan(root, q).map((id) => {
        const stack = [root];
        while (stack.length) {
          const n = stack.pop()!;
          if (n.id === id) return `${n.kind}:${n.table ?? n.label}`;
          stack.push(...n.children);
        }
        return '?';
      });
    expect(labels('customer_id')).toEqual(['table:o2', 'table:o']);
    expect(labels('COUNTRY_CITY')).toEqual(['table:c']);
    expect(labels('subquery')).toEqual([
      'subquery:Subquery (select list)',
      'subquery:Subquery (select list)',
    ]);
    expect(labels('table o2')).toEqual(['table:o2']);
    expect(labels('   ')).toEqual([]);
    expect(labels('nothing-like-this')).toEqual([]);
  });

  it('opens the folds and the sibling run above a match, and leaves other folds alone', () => {
    const root = wideUnion(40);
    const idx = indexPlan(root);
    const [target] = searchPlan(root, 'b30');
    expect(target).toBe(2 + 30 * 3 + 2);
    const join30 = target! - 2;
    const { collapsed, openRuns } = unfoldTo(new Set([1, join30, 5]), new Set(), idx, target!);
    expect([...openRuns]).toEqual([1]);
    // The joins the run reveals come folded, except the one on the way to the match.
    const revealed = Array.from({ length: 40 - RUN_HEAD }, (_, i) => 2 + (RUN_HEAD + i) * 3);
    expect([...collapsed].sort((a, b) => a - b)).toEqual(
      [5, ...revealed.filter((id) => id !== join30)].sort((a, b) => a - b),
    );
    // Nothing to open: the same sets come back.
    const none = new Set<number>();
    const same = unfoldTo(none, none, idx, 0);
    expect(same.collapsed).toBe(none);
    expect(same.openRuns).toBe(none);
  });

  it('counts the matches each fold or run box hides, on the outermost one', () => {
    const root = wideUnion(40);
    const idx = indexPlan(root);
    const matches = searchPlan(root, 'orders'); // the 40 table scans
    expect(matches).toHaveLength(40);
    // Union open, its run folded: the 40 - RUN_HEAD scans past the head are in the run box.
    expect(matchesInFolds(matches, new Set(), new Set(), idx)).toEqual(
      new Map([[runBoxId(1), 40 - RUN_HEAD]]),
    );
    // The union folded: it hides them all.
    expect(matchesInFolds(matches, new Set([1]), new Set(), idx)).toEqual(new Map([[1, 40]]));
    // Run open, one join folded: that join hides its scan.
    expect(matchesInFolds(matches, new Set([2]), new Set([1]), idx)).toEqual(new Map([[2, 1]]));
  });
});

describe('long runs of siblings', () => {
  it('draws the head of a long run and one box for the rest until the run is opened', () => {
    const root = wideUnion(40);
    const folded = layoutPlan(root, new Set());
    const run = folded.nodes.filter((p) => p.run);
    expect(run).toHaveLength(1);
    expect(run[0]!.run).toEqual({ parentId: 1, hidden: 40 - RUN_HEAD });
    expect(run[0]!.node.label).toBe(`+ ${40 - RUN_HEAD} more inputs like "Nested loop join"`);
    expect(folded.nodes).toHaveLength(2 + RUN_HEAD * 3 + 1);
    const open = layoutPlan(root, new Set(), new Set([1]));
    expect(open.nodes).toHaveLength(2 + 40 * 3);
    expect(open.nodes.some((p) => p.run)).toBe(false);
  });

  it('leaves runs up to the limit alone', () => {
    const root = wideUnion(RUN_LIMIT);
    expect(layoutPlan(root, new Set()).nodes).toHaveLength(2 + RUN_LIMIT * 3);
  });

  it('keeps a plan wider than the cap open at the top instead of folding its root', () => {
    const root = wideUnion(500); // 1,502 nodes, the union with 500 inputs
    const folded = autoFold(root, 400);
    expect(folded.has(0)).toBe(false);
    expect(folded.has(1)).toBe(false);
    expect(layoutPlan(root, folded).nodes).toHaveLength(2 + RUN_HEAD * 3 + 1);
  });
});

describe('node box sizes', () => {
  it('follow the text widths they are given, within the box limits', () => {
    const node = createNode('table', 'orders');
    node.table = 'orders';
    const estimated = nodeSize(node);
    const wide = nodeSize(node, (text) => text.length * 11);
    expect(wide.width).toBeGreaterThan(estimated.width);
    expect(wide.height).toBe(estimated.height);
    // Narrow text still gets the minimum box; very wide text stops at the maximum.
    expect(nodeSize(node, () => 1).width).toBe(120);
    expect(nodeSize(node, () => 5000).width).toBe(300);
  });
});
