import type { Diagnostic } from './diagnose-plan';

/** One finding as a reader sees it: the same words once, with every node it was found on. */
export interface FindingGroup {
  /** The first occurrence (worst first, then plan order, as diagnosePlan sorts). */
  finding: Diagnostic;
  /** Every node the same finding is about, in the order found. */
  nodeIds: number[];
}

/**
 * Findings that say the same thing (code, severity, title, suggestion) about several nodes, as
 * one group listing the nodes: a plan of hundreds of identical branches (a big UNION, a
 * partitioned Append) otherwise repeats one finding hundreds of times. Order is kept.
 */
export function groupFindings(diagnostics: readonly Diagnostic[]): FindingGroup[] {
  const groups: FindingGroup[] = [];
  const byKey = new Map<string, FindingGroup>();
  for (const d of diagnostics) {
    const key = `${d.code}\u0000${d.severity}\u0000${d.title}\u0000${d.suggestion ?? ''}`;
    const group = byKey.get(key);
    if (group) group.nodeIds.push(d.nodeId);
    else {
      const created = { finding: d, nodeIds: [d.nodeId] };
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}
