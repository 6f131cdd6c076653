import type { TopologyNode } from './topology-model';

/** A node of the drawn tree: a topology node and the replicas hanging under it. */
export interface TopologyTreeNode {
  id: string;
  children: TopologyTreeNode[];
}

/**
 * The topology as a forest for drawing: each replica under its (first) source, sources with no
 * known source of their own at the top, the start node's tree first. A circular topology
 * (two sources replicating from each other) is cut where it would loop: each node appears once.
 */
export function topologyTree(
  nodes: readonly Pick<TopologyNode, 'id' | 'sourceIds' | 'start'>[],
): TopologyTreeNode[] {
  const ids = new Set(nodes.map((n) => n.id));
  const parentOf = new Map<string, string>();
  for (const n of nodes) {
    const source = n.sourceIds.find((s) => ids.has(s) && s !== n.id);
    if (source) parentOf.set(n.id, source);
  }
  const childrenOf = new Map<string, string[]>();
  for (const [child, parent] of parentOf) {
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
  }
  const placed = new Set<string>();
  const build = (id: string): TopologyTreeNode => {
    placed.add(id);
    const children = [...(childrenOf.get(id) ?? [])].sort();
    return { id, children: children.flatMap((c) => (placed.has(c) ? [] : [build(c)])) };
  };
  // Roots: no parent, or a parent chain that loops back (each loop is entered at its
  // smallest id so the result does not depend on node order).
  const rootOf = (id: string): string => {
    const seen = new Set<string>();
    let at = id;
    while (parentOf.has(at) && !seen.has(at)) {
      seen.add(at);
      at = parentOf.get(at)!;
    }
    return parentOf.has(at) ? [...seen].sort()[0]! : at;
  };
  const start = nodes.find((n) => n.start)?.id;
  const roots = [...new Set(nodes.map((n) => rootOf(n.id)))].sort((a, b) =>
    start !== undefined && rootOf(start) === a
      ? -1
      : start !== undefined && rootOf(start) === b
        ? 1
        : a.localeCompare(b),
  );
  const forest: TopologyTreeNode[] = [];
  for (const root of roots) if (!placed.has(root)) forest.push(build(root));
  // Anything left (inside a loop not reached from its entry) becomes its own root.
  for (const n of nodes) if (!placed.has(n.id)) forest.push(build(n.id));
  return forest;
}
