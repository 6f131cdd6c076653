import { diffPlans, explainPlanText, type PlanNode } from '../../src/shared/explain';
import { median, timeEach, type Bench } from './bench';
import { jsonV2Plan } from './explain-plans';

function parsed(text: string): PlanNode {
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.report.root;
}

/**
 * The same plan after an optimizer change: every fifth branch reads its first two tables the
 * other way round, every third index lookup became a full scan, every seventh branch gained a
 * sort. About as much change as two plans of one statement ever show.
 */
function changed(root: PlanNode): PlanNode {
  const copy = structuredClone(root);
  let lookups = 0;
  copy.children.forEach((branch, b) => {
    const stack = [branch];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.kind === 'table' && node.key !== undefined && ++lookups % 3 === 0) {
        node.label = `Table scan on ${node.alias ?? node.table ?? '?'}`;
        node.accessType = 'table';
        delete node.key;
        node.flags = ['full-table-scan'];
      }
      stack.push(...node.children);
    }
    if (b % 5 === 0) {
      // The innermost join holds the first two reads: swap them.
      let join = branch.children[0];
      while (join?.children[0]?.kind === 'join') join = join.children[0];
      if (join && join.children.length === 2) join.children.reverse();
    }
    if (b % 7 === 0) {
      const sort: PlanNode = {
        ...branch,
        kind: 'sort',
        label: 'Sort: a.total',
        children: branch.children,
      };
      branch.children = [sort];
    }
  });
  return copy;
}

/** The baseline: one pass over both trees keying every node's label in a map. */
function keyEveryNode(before: PlanNode, after: PlanNode): number {
  const seen = new Map<string, number>();
  for (const root of [before, after]) {
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      seen.set(`${node.kind}|${node.label}|${node.key ?? ''}`, node.id);
      stack.push(...node.children);
    }
  }
  return seen.size;
}

function countNodes(root: PlanNode): number {
  let n = 0;
  const stack = [root];
  while (stack.length) {
    n++;
    stack.push(...stack.pop()!.children);
  }
  return n;
}

async function pair(nodes: number, targetMs: number): Promise<string[]> {
  const before = parsed(jsonV2Plan(nodes));
  const after = changed(before);
  const runs = nodes > 2000 ? 5 : 30;
  const check = diffPlans(before, after);
  const base: number[] = [];
  const mine: number[] = [];
  for (let round = 0; round < 3; round++) {
    base.push(...(await timeEach(runs, () => void keyEveryNode(before, after))));
    mine.push(...(await timeEach(runs, () => void diffPlans(before, after))));
  }
  const b = median(base);
  const s = median(mine);
  return [
    `${countNodes(before)} → ${countNodes(after)} nodes, ${check.changes.length} change lines, ${check.pairs.filter((p) => p.status !== 'same').length} pairs not the same`,
    `  one keyed pass (baseline) : ${b.toFixed(2)} ms median of ${base.length}`,
    `  diffPlans                 : ${s.toFixed(2)} ms median of ${mine.length} (target < ${targetMs} ms: ${s < targetMs ? 'met' : 'NOT met'})`,
    `  ratio                     : ${(s / b).toFixed(1)}`,
  ];
}

/**
 * Comparing two plans (`diffPlans`: structural matching and the report in words) of 500 and
 * 10,000 nodes against one keyed pass over both trees, the least any matching must do.
 */
export const planDiffBench: Bench = {
  name: 'plan-diff',
  async run() {
    const lines = ['plan-diff: comparing two plans of one statement'];
    lines.push(...(await pair(500, 200)));
    lines.push(...(await pair(10_000, 2000)));
    return lines.join('\n');
  },
};
