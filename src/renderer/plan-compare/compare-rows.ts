import type { NodePair, PlanComparison } from '../../shared/explain/plan-compare';
import type { PlanNode } from '../../shared/explain/plan-model';

/** One line of a plan column: a node at its depth, with how it compares. */
export interface CompareRow {
  node: PlanNode;
  depth: number;
  pair: NodePair | undefined;
}

/**
 * A plan's nodes in reading order (parents first, indented by depth), each with its pair from
 * the comparison; `side` says which plan this is.
 */
export function compareRows(
  root: PlanNode,
  comparison: PlanComparison,
  side: 'before' | 'after',
): CompareRow[] {
  const byNode = new Map<number, NodePair>();
  for (const p of comparison.pairs) {
    const s = p[side];
    if (s) byNode.set(s.nodeId, p);
  }
  const out: CompareRow[] = [];
  const stack: Array<[PlanNode, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    out.push({ node, depth, pair: byNode.get(node.id) });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1]);
  }
  return out;
}

/** `+1.2 k` / `−340` / `±0`: a signed delta for cells (the minus is a real minus sign). */
export function signed(n: number, format: (n: number) => string): string {
  if (n === 0) return '±0';
  return `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;
}

/** Whether a change is for the better (fewer rows, lower cost), worse, or neither. */
export function deltaTone(n: number | undefined): 'ok' | 'danger' | 'neutral' {
  if (n === undefined || n === 0) return 'neutral';
  return n < 0 ? 'ok' : 'danger';
}
