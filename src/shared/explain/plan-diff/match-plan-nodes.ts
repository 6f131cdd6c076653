import type { PlanNode } from '../plan-model';
import { flattenPlan, type FlatPlan } from './flat-plan';
import { operationText, roleText, tableIdentity } from './node-features';

/** Two plans laid out flat, and which node of one is which node of the other. */
export interface PlanMatching {
  before: FlatPlan;
  after: FlatPlan;
  /** For each position of `before`, the matched position of `after` (-1: removed). */
  toAfter: Int32Array;
  /** For each position of `after`, the matched position of `before` (-1: added). */
  toBefore: Int32Array;
  /** Each node's `operationText`, by position. */
  opsBefore: string[];
  opsAfter: string[];
}

/**
 * Matches the nodes of two plans of a statement by their structure, in the way tree-diff
 * algorithms (GumTree) do, in time about linear in the plans' size:
 * 1. identical subtrees (same operations, tables, indexes and conditions, whatever the figures)
 *    are matched whole, largest first; where a subtree occurs several times on both sides the
 *    n-th is matched with the n-th;
 * 2. reads of the same table (schema, table, alias) are matched, where that pairing is certain;
 * 3. going up, a node is matched with the node of the same kind that holds the counterparts of
 *    its children (a join whose inputs are the same joins, whichever its algorithm);
 * 4. going down from matched nodes, their unmatched children are matched by operation, then by
 *    table and kind, in order.
 * So nodes without a table, aliases used twice, derived tables and subqueries pair with their
 * counterparts, and an unchanged filter is never paired with another filter.
 */
export function matchPlanNodes(before: PlanNode, after: PlanNode): PlanMatching {
  const b = flattenPlan(before);
  const a = flattenPlan(after);
  const m: PlanMatching = {
    before: b,
    after: a,
    toAfter: new Int32Array(b.nodes.length).fill(-1),
    toBefore: new Int32Array(a.nodes.length).fill(-1),
    opsBefore: b.nodes.map(operationText),
    opsAfter: a.nodes.map(operationText),
  };
  matchIdenticalSubtrees(m);
  matchTableReads(m);
  matchUpwards(m);
  matchDownwards(m);
  return m;
}

function link(m: PlanMatching, i: number, j: number): void {
  m.toAfter[i] = j;
  m.toBefore[j] = i;
}

/**
 * Per position, a number equal for identical subtrees (figures aside). `table` numbers each
 * distinct subtree text; sharing it between the two plans makes their numbers comparable, and
 * keeps a parent's text short (its children are numbers).
 */
function subtreeKeys(plan: FlatPlan, ops: string[], table: Map<string, string>): string[] {
  const keys = new Array<string>(plan.nodes.length);
  // Children come after their parent in pre-order: going backwards keys every child first.
  for (let i = plan.nodes.length - 1; i >= 0; i--) {
    const text = `${ops[i]}(${plan.children[i]!.map((c) => keys[c]).join(',')})`;
    let id = table.get(text);
    if (id === undefined) {
      id = String(table.size);
      table.set(text, id);
    }
    keys[i] = id;
  }
  return keys;
}

/** Positions grouped by a key, each group in pre-order. */
function groupBy(count: number, keyOf: (i: number) => string | undefined): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  return groups;
}

function matchSubtree(m: PlanMatching, i: number, j: number): void {
  // Identical subtrees have the same shape: their pre-order positions correspond one to one.
  const size = m.before.size[i]!;
  for (let k = 0; k < size; k++) link(m, i + k, j + k);
}

function matchIdenticalSubtrees(m: PlanMatching): void {
  const table = new Map<string, string>();
  const kb = subtreeKeys(m.before, m.opsBefore, table);
  const ka = subtreeKeys(m.after, m.opsAfter, table);
  const after = groupBy(ka.length, (j) => ka[j]);
  const before = groupBy(kb.length, (i) => kb[i]);
  // Largest subtrees first: a match of a whole subtree beats matches of its parts.
  const order = Array.from(before.keys()).sort(
    (x, y) => m.before.size[before.get(y)![0]!]! - m.before.size[before.get(x)![0]!]!,
  );
  for (const key of order) {
    const left = before.get(key)!.filter((i) => m.toAfter[i] === -1);
    const right = (after.get(key) ?? []).filter((j) => m.toBefore[j] === -1);
    if (left.length === 0 || left.length !== right.length) continue;
    for (let k = 0; k < left.length; k++) matchSubtree(m, left[k]!, right[k]!);
  }
}

function matchTableReads(m: PlanMatching): void {
  const keyOf = (plan: FlatPlan, matched: Int32Array) => (i: number) => {
    if (matched[i] !== -1) return undefined;
    const id = tableIdentity(plan.nodes[i]!);
    return id === '' ? undefined : id;
  };
  const before = groupBy(m.before.nodes.length, keyOf(m.before, m.toAfter));
  const after = groupBy(m.after.nodes.length, keyOf(m.after, m.toBefore));
  for (const [key, left] of before) {
    const right = after.get(key);
    // Several reads of one alias on both sides, in different numbers: which is which is left
    // to the structure (steps 3 and 4).
    if (!right || right.length !== left.length) continue;
    for (let k = 0; k < left.length; k++) link(m, left[k]!, right[k]!);
  }
}

function matchUpwards(m: PlanMatching): void {
  const { before: b, after: a } = m;
  // Pre-order backwards visits children before parents, so matches climb the tree.
  for (let i = b.nodes.length - 1; i >= 0; i--) {
    if (m.toAfter[i] !== -1 || b.children[i]!.length === 0) continue;
    const kind = b.nodes[i]!.kind;
    const votes = new Map<number, number>();
    for (const c of b.children[i]!) {
      let j = m.toAfter[c]!;
      if (j === -1) continue;
      // The counterpart's parent, or a node up to two levels higher when the other plan put a
      // step (a sort, a materialisation) in between.
      for (let level = 1; level <= 3; level++) {
        j = a.parent[j]!;
        if (j === -1) break;
        if (m.toBefore[j] === -1 && a.nodes[j]!.kind === kind)
          votes.set(j, (votes.get(j) ?? 0) + 1 / level);
      }
    }
    let best = -1;
    let bestScore = 0;
    const own = m.opsBefore[i];
    for (const [j, vote] of votes) {
      const score = vote + (m.opsAfter[j] === own ? 0.5 : 0);
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    }
    if (best !== -1) link(m, i, best);
  }
}

function matchDownwards(m: PlanMatching): void {
  const { before: b, after: a } = m;
  if (m.toAfter[0] === -1 && m.toBefore[0] === -1 && b.nodes[0]!.kind === a.nodes[0]!.kind)
    link(m, 0, 0);
  const passes: Array<[(i: number) => string, (j: number) => string]> = [
    [(i) => m.opsBefore[i]!, (j) => m.opsAfter[j]!],
    [(i) => roleText(b.nodes[i]!), (j) => roleText(a.nodes[j]!)],
    [(i) => b.nodes[i]!.kind, (j) => a.nodes[j]!.kind],
  ];
  // Pre-order: a pair made here is visited later in the same loop, so matching goes down.
  for (let i = 0; i < b.nodes.length; i++) {
    const j = m.toAfter[i]!;
    if (j === -1) continue;
    for (const [keyBefore, keyAfter] of passes) {
      const left = b.children[i]!.filter((c) => m.toAfter[c] === -1);
      const right = a.children[j]!.filter((c) => m.toBefore[c] === -1);
      if (left.length === 0 || right.length === 0) break;
      const free = groupBy(right.length, (k) => keyAfter(right[k]!));
      for (const c of left) {
        const group = free.get(keyBefore(c));
        const k = group?.shift();
        if (k !== undefined) link(m, c, right[k]!);
      }
    }
  }
}
