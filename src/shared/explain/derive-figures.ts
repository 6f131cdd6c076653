import { createCost, type PlanNode } from './plan-model';
import { grownFigures } from './node-figures-array';

export interface DeriveOptions {
  /**
   * MySQL's tree formats (FORMAT=TREE, EXPLAIN ANALYZE, JSON v2) give the inner side of a nested
   * loop its cost for one outer row: it counts once per outer row in the join's cost.
   */
  innerCostPerLoop: boolean;
  /**
   * Whether a node without a cost of its own gets its inputs' total. JSON v1 and MariaDB put
   * costs on tables only, so joins and query parts need it; the tree formats print a cost on
   * every node they cost, and a missing one means unknown.
   */
  totalsFromInputs: boolean;
}

/**
 * Fills in the figures servers leave implicit, the same way for every dialect:
 * cost `total` (self plus inputs) where only `self` is known and `self` (total minus inputs)
 * where only `total` is; measured `selfTimeMs` (exclusive) from inclusive totals, or
 * `totalTimeMs` from exclusive ones (MariaDB). Subqueries are not inputs of their parent's cost,
 * and subqueries in the select list not of its time (the server runs them after the row is made).
 * Nodes must be numbered in pre-order (`id`) first: children come after their parent.
 */
export function deriveFigures(nodes: PlanNode[], options: DeriveOptions): void {
  const figures = new FigureDeriver(nodes.length, options);
  for (let i = nodes.length - 1; i >= 0; i--) figures.derive(nodes[i]!);
}

/**
 * deriveFigures one node at a time, in any order that gives each node after all of its
 * children: a walk of the plan derives a node's figures on its way back up, while the node and
 * its children are still in the processor's caches, rather than in a pass of its own.
 */
export class FigureDeriver {
  // What each node passes up, by id (NaN: unknown): its own inclusive figure, or its inputs'
  // for a node without one (a heading such as `Hash`).
  private inclusiveCost: Float64Array;
  private inclusiveTime: Float64Array;

  /** `capacity`: the number of nodes expected (ids beyond it are made room for). */
  constructor(
    capacity: number,
    private readonly options: DeriveOptions,
  ) {
    this.inclusiveCost = new Float64Array(Math.max(capacity, 1)).fill(Number.NaN);
    this.inclusiveTime = new Float64Array(Math.max(capacity, 1)).fill(Number.NaN);
  }

  /** Derives `node`'s figures; each of its children (numbered by `id`) must have been given. */
  derive(node: PlanNode): void {
    if (node.id >= this.inclusiveCost.length) this.grow(node.id + 1);
    deriveCost(node, this.options, this.inclusiveCost);
    deriveTime(node, this.inclusiveTime);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.inclusiveCost.length * 2);
    this.inclusiveCost = grownFigures(this.inclusiveCost, size);
    this.inclusiveTime = grownFigures(this.inclusiveTime, size);
  }
}

function deriveCost(node: PlanNode, options: DeriveOptions, inclusive: Float64Array): void {
  let inputs = 0;
  let known = false;
  const children = node.children;
  const perLoopInner =
    options.innerCostPerLoop &&
    node.kind === 'join' &&
    children.length === 2 &&
    !node.flags.includes('hash-join') &&
    node.label.startsWith('Nested loop');
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const total = inclusive[child.id]!;
    if (Number.isNaN(total) || child.kind === 'subquery') continue;
    inputs += perLoopInner && i === 1 ? total * (children[0]!.rows ?? 1) : total;
    known = true;
  }
  const cost = node.cost;
  const self = cost?.self;
  const total = cost?.total;
  if (total === undefined && (self !== undefined || (known && options.totalsFromInputs))) {
    if (cost) cost.total = (self ?? 0) + inputs;
    else node.cost = createCost(undefined, inputs);
  } else if (cost && total !== undefined && self === undefined)
    cost.self = Math.max(0, total - inputs);
  inclusive[node.id] = node.cost?.total ?? (known ? inputs : Number.NaN);
}

function deriveTime(node: PlanNode, inclusive: Float64Array): void {
  let inputs = 0;
  let known = false;
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const t = inclusive[child.id]!;
    if (Number.isNaN(t) || (child.kind === 'subquery' && child.label.includes('projection')))
      continue;
    inputs += t;
    known = true;
  }
  const actual = node.actual;
  if (actual?.executed) {
    if (actual.totalTimeMs !== undefined && actual.selfTimeMs === undefined)
      actual.selfTimeMs = Math.max(0, actual.totalTimeMs - inputs);
    else if (actual.totalTimeMs === undefined && actual.selfTimeMs !== undefined)
      actual.totalTimeMs = actual.selfTimeMs + inputs;
  }
  const passed = known ? inputs : Number.NaN;
  inclusive[node.id] = actual && !actual.executed ? 0 : (actual?.totalTimeMs ?? passed);
}
