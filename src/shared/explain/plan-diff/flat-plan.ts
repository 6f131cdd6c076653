import type { PlanNode } from '../plan-model';

/**
 * A plan tree laid out in arrays, in pre-order: position `i` is a node, `parent[i]` its parent's
 * position (-1 for the root), `size[i]` how many nodes its subtree holds (itself included).
 * Matching walks these instead of the objects so plans of tens of thousands of nodes stay fast
 * and deep plans never recurse.
 */
export interface FlatPlan {
  nodes: PlanNode[];
  parent: Int32Array;
  depth: Int32Array;
  size: Int32Array;
  /** Positions of each node's children, in order. */
  children: number[][];
}

/** Lays `root`'s tree out in pre-order arrays. */
export function flattenPlan(root: PlanNode): FlatPlan {
  const nodes: PlanNode[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  const stack: Array<{ node: PlanNode; parent: number; depth: number }> = [
    { node: root, parent: -1, depth: 0 },
  ];
  while (stack.length) {
    const { node, parent, depth } = stack.pop()!;
    const at = nodes.length;
    nodes.push(node);
    parents.push(parent);
    depths.push(depth);
    for (let c = node.children.length - 1; c >= 0; c--)
      stack.push({ node: node.children[c]!, parent: at, depth: depth + 1 });
  }
  const n = nodes.length;
  const parent = Int32Array.from(parents);
  const depth = Int32Array.from(depths);
  const size = new Int32Array(n).fill(1);
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 1; i < n; i++) children[parent[i]!]!.push(i);
  // Pre-order puts every descendant after its ancestor: summing backwards sizes each subtree.
  for (let i = n - 1; i > 0; i--) size[parent[i]!]! += size[i]!;
  return { nodes, parent, depth, size, children };
}
