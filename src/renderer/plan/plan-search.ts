import type { PlanNode } from '../../shared/explain/plan-model';
import { RUN_HEAD, RUN_LIMIT, runBoxId } from './plan-layout';

/**
 * The nodes a search finds, in plan order (pre-order). Every word of the query must appear,
 * case-insensitively, in one of the node's table, alias, key, access type, kind, label or
 * conditions: `orders ALL` finds full scans of orders, `customer_id` the lookups on that key.
 * `realTables`: the real table behind a node the plan names by alias only (see shownTables),
 * so `orders` finds MariaDB's `o` too.
 */
export function searchPlan(
  root: PlanNode,
  query: string,
  realTables: ReadonlyMap<number, { table: string }> = new Map(),
): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: number[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const real = realTables.get(node.id);
    const text = real
      ? `${searchableText(node)}\n${real.table.toLowerCase()}`
      : searchableText(node);
    if (words.every((w) => text.includes(w))) found.push(node.id);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found;
}

function searchableText(node: PlanNode): string {
  return [
    node.table,
    node.alias,
    node.key,
    node.accessType,
    node.kind,
    node.label,
    node.condition,
    node.indexCondition,
  ]
    .filter((t) => t !== undefined)
    .join('\n')
    .toLowerCase();
}

/** Where each node sits: its parent, its place among its siblings, how many siblings. */
export interface PlanIndex {
  node: Map<number, PlanNode>;
  parent: Map<number, number>;
  index: Map<number, number>;
  childCount: Map<number, number>;
}

/** The plan's shape by node id, to find the folds and runs above a node. */
export function indexPlan(root: PlanNode): PlanIndex {
  const idx: PlanIndex = {
    node: new Map(),
    parent: new Map(),
    index: new Map(),
    childCount: new Map(),
  };
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    idx.node.set(node.id, node);
    idx.childCount.set(node.id, node.children.length);
    node.children.forEach((child, i) => {
      idx.parent.set(child.id, node.id);
      idx.index.set(child.id, i);
      stack.push(child);
    });
  }
  return idx;
}

/** True when `id` is in the folded part of its parent's long run of inputs. */
function inRun(idx: PlanIndex, id: number, parent: number, openRuns: ReadonlySet<number>): boolean {
  return (
    !openRuns.has(parent) &&
    (idx.childCount.get(parent) ?? 0) > RUN_LIMIT &&
    (idx.index.get(id) ?? 0) >= RUN_HEAD
  );
}

/**
 * The folds after opening `parentId`'s run: the siblings it reveals come folded (autoFold never
 * looked inside them), except `keep`, the one on the way to a search match.
 */
export function foldRevealed(
  collapsed: ReadonlySet<number>,
  idx: PlanIndex,
  parentId: number,
  keep?: number,
): Set<number> {
  const next = new Set(collapsed);
  const children = idx.node.get(parentId)?.children ?? [];
  for (let i = RUN_HEAD; i < children.length; i++) {
    const child = children[i]!;
    if (child.id !== keep && child.children.length > 0) next.add(child.id);
  }
  return next;
}

/**
 * The folds and runs to open so `id` is drawn (siblings a run reveals come folded). Unchanged
 * sets come back as they were.
 */
export function unfoldTo(
  collapsed: ReadonlySet<number>,
  openRuns: ReadonlySet<number>,
  idx: PlanIndex,
  id: number,
): { collapsed: ReadonlySet<number>; openRuns: ReadonlySet<number> } {
  let folds: Set<number> | null = null;
  let runs: Set<number> | null = null;
  for (let c = id, p = idx.parent.get(c); p !== undefined; c = p, p = idx.parent.get(p)) {
    if (collapsed.has(p)) (folds ??= new Set(collapsed)).delete(p);
    if (inRun(idx, c, p, openRuns)) {
      (runs ??= new Set(openRuns)).add(p);
      folds = foldRevealed(folds ?? collapsed, idx, p, c);
    }
  }
  return { collapsed: folds ?? collapsed, openRuns: runs ?? openRuns };
}

/**
 * For each fold or run box drawn, how many matches it hides (keyed by the folded node's id, or
 * runBoxId of the run's parent), so it can say that it hides some.
 */
export function matchesInFolds(
  matches: readonly number[],
  collapsed: ReadonlySet<number>,
  openRuns: ReadonlySet<number>,
  idx: PlanIndex,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of matches) {
    // The outermost hiding place above the match is the one drawn.
    let outer: number | undefined;
    for (let c = id, p = idx.parent.get(c); p !== undefined; c = p, p = idx.parent.get(p)) {
      if (inRun(idx, c, p, openRuns)) outer = runBoxId(p);
      if (collapsed.has(p)) outer = p;
    }
    if (outer !== undefined) counts.set(outer, (counts.get(outer) ?? 0) + 1);
  }
  return counts;
}
