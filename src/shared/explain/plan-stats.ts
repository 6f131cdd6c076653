import { z } from 'zod';
import type { PlanNode } from './plan-model';

/** Counts that summarise a plan (the CLI's `stats`). */
export const PlanStatsSchema = z.object({
  nodes: z.number().int().nonnegative(),
  /** Nodes reading a table (any node with `table` set). */
  tables: z.number().int().nonnegative(),
  /** Nodes the parser did not understand (their raw fragment is kept). */
  unknownNodes: z.number().int().nonnegative(),
});
export type PlanStats = z.infer<typeof PlanStatsSchema>;

/** Counts of a plan's nodes, table accesses and unknown nodes. */
export function planStats(root: PlanNode): PlanStats {
  const nodes: PlanNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    nodes.push(node);
    const children = node.children;
    for (let i = 0; i < children.length; i++) stack.push(children[i]!);
  }
  return nodeStats(nodes);
}

/** planStats of a plan's nodes already listed (each once). */
export function nodeStats(nodes: readonly PlanNode[]): PlanStats {
  const stats: PlanStats = { nodes: nodes.length, tables: 0, unknownNodes: 0 };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.table !== undefined) stats.tables++;
    if (node.kind === 'unknown') stats.unknownNodes++;
  }
  return stats;
}
