import type { DiffPair, PairStatus } from '../../shared/explain/plan-diff';
import type { PlanNode } from '../../shared/explain/plan-model';

/** Which plan of a comparison: the first (Before) or the second (After). */
export type Side = 'before' | 'after';

export const otherSide = (side: Side): Side => (side === 'before' ? 'after' : 'before');

/** One line of a plan column: a node at its depth, with the pair it belongs to. */
export interface CompareRow {
  node: PlanNode;
  depth: number;
  /** Index of its pair in the comparison's pairs (-1: none, which diffPlans never leaves). */
  pair: number;
  status: PairStatus | undefined;
  /** Matched, but under another parent than its counterpart's. */
  moved: boolean;
}

/** Each node's pair on one side: node id → index into `pairs`. */
export function pairIndex(pairs: readonly DiffPair[], side: Side): Map<number, number> {
  const index = new Map<number, number>();
  pairs.forEach((p, i) => {
    const id = p[side];
    if (id !== undefined) index.set(id, i);
  });
  return index;
}

/**
 * A plan's nodes in reading order (parents first, indented by depth), each with its pair from
 * the comparison; `side` says which plan this is.
 */
export function compareRows(root: PlanNode, pairs: readonly DiffPair[], side: Side): CompareRow[] {
  const byNode = pairIndex(pairs, side);
  const out: CompareRow[] = [];
  const stack: Array<[PlanNode, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const pair = byNode.get(node.id) ?? -1;
    const p = pairs[pair];
    out.push({ node, depth, pair, status: p?.status, moved: p?.moved ?? false });
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
