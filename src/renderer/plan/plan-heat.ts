import type { Plan, PlanNode } from '../../shared/explain/plan-model';

export type HeatBasis = 'time' | 'cost';

/** How much of the whole plan's work a node does itself, 0..1, and which node does the most. */
export interface PlanHeat {
  basis: HeatBasis | null;
  share: Map<number, number>;
  hottestId: number | null;
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const c of node.children) walk(c, visit);
}

/**
 * Each node's share of the plan's measured time (ANALYZE) or, without measurements, of its
 * estimated cost: self figures over the sum of all self figures, so shares add up to 1.
 */
export function planHeat(plan: Plan): PlanHeat {
  const basis: HeatBasis | null = plan.analyzed ? 'time' : 'cost';
  const self = new Map<number, number>();
  let sum = 0;
  walk(plan.root, (n) => {
    const v = basis === 'time' ? n.actual?.selfTimeMs : n.cost?.self;
    if (v !== undefined && Number.isFinite(v) && v > 0) {
      self.set(n.id, v);
      sum += v;
    }
  });
  const share = new Map<number, number>();
  let hottestId: number | null = null;
  let hottest = 0;
  for (const [id, v] of self) {
    const s = sum > 0 ? v / sum : 0;
    share.set(id, s);
    if (s > hottest) {
      hottest = s;
      hottestId = id;
    }
  }
  return { basis: sum > 0 ? basis : null, share, hottestId };
}
