import type { PlanFlag, PlanNode } from './plan-model';
import { accessClassOf, type AccessClass } from './access-class';
import { matchPlanNodes } from './plan-diff/match-plan-nodes';
import { WATCHED_FLAGS } from './plan-diff/node-features';

export { accessClassOf, accessRank, type AccessClass } from './access-class';

/** The figures of one node that a comparison looks at. */
export interface ComparedSide {
  nodeId: number;
  label: string;
  /** The server's access type, as written (`ALL`, `ref`, `index_lookup`, ...). */
  accessType?: string;
  /** What the access amounts to, the same for every dialect (compared instead of the words). */
  access?: AccessClass;
  key?: string;
  /** Estimated rows per execution. */
  rows?: number;
  /** Cumulative estimated cost (optimizer units). */
  cost?: number;
  /** Measured inclusive time over all loops, when the plan was analyzed. */
  timeMs?: number;
  flags: PlanFlag[];
}

/** How one matched node differs between the two plans. */
export type PairChange = 'same' | 'changed' | 'added' | 'removed';

/** A node of the first plan matched with its counterpart in the second (or with nothing). */
export interface NodePair {
  /** What matched them: `table orders`, `table o#2`, `sort#1`. */
  matchKey: string;
  /** Table (or alias) read, for table nodes. */
  table?: string;
  before?: ComparedSide;
  after?: ComparedSide;
  change: PairChange;
  accessChanged: boolean;
  keyChanged: boolean;
  /** after − before, when both have it (cost: and it is in the same units). */
  rowsDelta?: number;
  costDelta?: number;
  /** Flags worth a warning the second plan gained or lost (full scans, filesort, temporary). */
  flagsGained: PlanFlag[];
  flagsLost: PlanFlag[];
}

/** Sums over a whole plan. */
export interface PlanTotals {
  /** The root's cumulative cost, else the largest cost of any node; undefined when none has one. */
  cost?: number;
  /** Estimated rows summed over the nodes that read tables. */
  rowsRead: number;
  tables: number;
  fullScans: number;
  filesorts: number;
  temporaryTables: number;
  /** The root's measured time when the plan was analyzed. */
  timeMs?: number;
}

/** How two plans are compared. */
export interface ComparePlansOptions {
  /**
   * Whether the plans' costs are in the same units (default true); false leaves every cost
   * delta out (see `costUnitsMismatch`).
   */
  costs?: boolean;
}

/** Two plans side by side: matched nodes and totals. */
export interface PlanComparison {
  pairs: NodePair[];
  before: PlanTotals;
  after: PlanTotals;
  /** after.cost − before.cost when both are known and in the same units. */
  costDelta?: number;
  rowsReadDelta: number;
  /** How many pairs differ (changed, added or removed). */
  differences: number;
}

function sideOf(node: PlanNode): ComparedSide {
  const side: ComparedSide = { nodeId: node.id, label: node.label, flags: node.flags };
  const access = accessClassOf(node);
  if (access !== undefined) {
    side.access = access;
    if (node.accessType !== undefined) side.accessType = node.accessType;
  }
  if (node.key !== undefined) side.key = node.key;
  if (node.rows !== undefined) side.rows = node.rows;
  const cost = node.cost?.total ?? node.cost?.self;
  if (cost !== undefined) side.cost = cost;
  if (node.actual?.totalTimeMs !== undefined) side.timeMs = node.actual.totalTimeMs;
  return side;
}

/** Names pairs for display and as list keys: `table o`, `table o#2`, `sort`, `sort#2`. */
function pairNamer(): (node: PlanNode) => { key: string; table?: string } {
  const seen = new Map<string, number>();
  return (node) => {
    const name = node.alias ?? node.table;
    const base = name !== undefined ? `table ${name}` : node.kind;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = n === 1 ? base : `${base}#${n}`;
    return name !== undefined ? { key, table: name } : { key };
  };
}

/** Query-block wrappers (`Select #1`) that only some formats have: they pair with nothing. */
function isWrapper(node: PlanNode): boolean {
  return node.kind === 'other' && node.table === undefined;
}

/** Sums over a whole plan: cost, rows read, tables, full scans, filesorts, temporaries, time. */
export function totalsOf(root: PlanNode): PlanTotals {
  const totals: PlanTotals = {
    rowsRead: 0,
    tables: 0,
    fullScans: 0,
    filesorts: 0,
    temporaryTables: 0,
  };
  let largestCost: number | undefined;
  const stack: PlanNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.table !== undefined) {
      totals.tables++;
      totals.rowsRead += node.rows ?? 0;
    }
    if (node.flags.includes('full-table-scan') || node.flags.includes('full-index-scan'))
      totals.fullScans++;
    if (node.flags.includes('filesort')) totals.filesorts++;
    if (node.flags.includes('temporary')) totals.temporaryTables++;
    const cost = node.cost?.total ?? node.cost?.self;
    if (cost !== undefined && (largestCost === undefined || cost > largestCost)) largestCost = cost;
    for (const child of node.children) stack.push(child);
  }
  const rootCost = root.cost?.total ?? largestCost;
  if (rootCost !== undefined) totals.cost = rootCost;
  if (root.actual?.totalTimeMs !== undefined) totals.timeMs = root.actual.totalTimeMs;
  return totals;
}

/**
 * Compares two plans of (usually) the same statement: nodes are matched by structure
 * (`matchPlanNodes`: identical subtrees, table reads, the nodes holding matched children, then
 * children by operation), so an unchanged filter pairs with itself whatever else moved; each
 * pair says whether the access type or key changed, the row and cost deltas, and which warning
 * flags appeared or went. Pairs come in the first plan's order, then what only the second has.
 */
export function comparePlans(
  before: PlanNode,
  after: PlanNode,
  options: ComparePlansOptions = {},
): PlanComparison {
  const costs = options.costs ?? true;
  const m = matchPlanNodes(before, after);
  const name = pairNamer();
  const pairs: NodePair[] = [];
  m.before.nodes.forEach((b, i) => {
    const j = m.toAfter[i]!;
    const a = j === -1 ? undefined : m.after.nodes[j]!;
    if (isWrapper(b) && (a === undefined || isWrapper(a))) return;
    const { key, table } = name(b);
    pairs.push(pairOf(key, table, b, a, costs));
  });
  m.after.nodes.forEach((a, j) => {
    if (m.toBefore[j] !== -1 || isWrapper(a)) return;
    const { key, table } = name(a);
    pairs.push(pairOf(key, table, undefined, a, costs));
  });
  const b = totalsOf(before);
  const a = totalsOf(after);
  const comparison: PlanComparison = {
    pairs,
    before: b,
    after: a,
    rowsReadDelta: a.rowsRead - b.rowsRead,
    differences: pairs.filter((p) => p.change !== 'same').length,
  };
  if (costs && a.cost !== undefined && b.cost !== undefined) comparison.costDelta = a.cost - b.cost;
  return comparison;
}

/**
 * Whether two row estimates differ enough to count: by a row and by a tenth. JSON v1 rounds
 * estimates to whole rows where v2 keeps fractions; 11 against 11.49 is the same estimate.
 */
function rowsDiffer(before: number | undefined, after: number | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  const delta = Math.abs(after - before);
  return delta >= 1 && delta >= 0.1 * Math.max(before, after);
}

function pairOf(
  matchKey: string,
  table: string | undefined,
  b: PlanNode | undefined,
  a: PlanNode | undefined,
  costs: boolean,
): NodePair {
  const pair: NodePair = {
    matchKey,
    change: 'same',
    accessChanged: false,
    keyChanged: false,
    flagsGained: [],
    flagsLost: [],
  };
  if (table !== undefined) pair.table = table;
  if (b) pair.before = sideOf(b);
  if (a) pair.after = sideOf(a);
  if (!b || !a) {
    pair.change = b ? 'removed' : 'added';
    return pair;
  }
  pair.accessChanged = pair.before!.access !== pair.after!.access;
  pair.keyChanged = (b.key ?? '') !== (a.key ?? '');
  if (b.rows !== undefined && a.rows !== undefined) pair.rowsDelta = a.rows - b.rows;
  const bc = pair.before!.cost;
  const ac = pair.after!.cost;
  if (costs && bc !== undefined && ac !== undefined) pair.costDelta = ac - bc;
  pair.flagsGained = WATCHED_FLAGS.filter((f) => a.flags.includes(f) && !b.flags.includes(f));
  pair.flagsLost = WATCHED_FLAGS.filter((f) => b.flags.includes(f) && !a.flags.includes(f));
  if (
    pair.accessChanged ||
    pair.keyChanged ||
    rowsDiffer(b.rows, a.rows) ||
    pair.flagsGained.length ||
    pair.flagsLost.length
  )
    pair.change = 'changed';
  return pair;
}
