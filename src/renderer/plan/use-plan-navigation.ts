import { useMemo, useState } from 'react';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { FocusRequest } from './PlanDiagram';
import { autoFold, RUN_LIMIT } from './plan-layout';
import { foldRevealed, indexPlan, matchesInFolds, searchPlan, unfoldTo } from './plan-search';

/** Above this many nodes the diagram opens folded; every fold opens on a double-click. */
export const NODE_CAP = 400;

export const initialFolds = (root: PlanNode | undefined): ReadonlySet<number> =>
  root ? autoFold(root, NODE_CAP) : new Set();

const NO_REAL_TABLES: ReadonlyMap<number, { table: string }> = new Map();

/**
 * The way around one plan: the node selected, the folds and long runs open, and the search
 * (its matches, the current one, the node to bring into view; `realTables` lets a search find
 * a node the plan names by alias only by its real table).
 */
export function usePlanNavigation(
  root: PlanNode | null,
  realTables: ReadonlyMap<number, { table: string }> = NO_REAL_TABLES,
) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() =>
    initialFolds(root ?? undefined),
  );
  const [openRuns, setOpenRuns] = useState<ReadonlySet<number>>(new Set());
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [focus, setFocus] = useState<FocusRequest | null>(null);

  const planIndex = useMemo(() => (root ? indexPlan(root) : null), [root]);
  const longRuns = useMemo(
    () =>
      planIndex ? [...planIndex.childCount].filter(([, n]) => n > RUN_LIMIT).map(([id]) => id) : [],
    [planIndex],
  );
  const matches = useMemo(
    () => (root ? searchPlan(root, query, realTables) : []),
    [root, query, realTables],
  );
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const foldMatches = useMemo(
    () => (planIndex ? matchesInFolds(matches, collapsed, openRuns, planIndex) : undefined),
    [matches, collapsed, openRuns, planIndex],
  );

  /** Shows the index-th match (wrapping): its folds opened, the view on it, its details. */
  const goToMatch = (index: number, found = matches): boolean => {
    if (found.length === 0 || !planIndex) return false;
    const i = ((index % found.length) + found.length) % found.length;
    const id = found[i]!;
    setMatchIndex(i);
    const open = unfoldTo(collapsed, openRuns, planIndex, id);
    setCollapsed(open.collapsed);
    setOpenRuns(open.openRuns);
    setFocus((f) => ({ id, seq: (f?.seq ?? 0) + 1 }));
    setSelectedId(id);
    return true;
  };

  return {
    selectedId,
    setSelectedId,
    collapsed,
    openRuns,
    query,
    matchIndex,
    focus,
    matches,
    matchSet,
    foldMatches,
    /** Starts over on a new plan: nothing selected, its big subtrees folded. */
    reset(next: PlanNode | null) {
      setSelectedId(null);
      setFocus(null);
      setOpenRuns(new Set());
      if (next) setCollapsed(initialFolds(next));
    },
    /** A new search: the first match shown at once. Returns whether there was one. */
    search(q: string): boolean {
      setQuery(q);
      setMatchIndex(0);
      return root ? goToMatch(0, searchPlan(root, q, realTables)) : false;
    },
    step: (by: number) => goToMatch(matchIndex + by),
    allOpen: collapsed.size === 0 && longRuns.every((id) => openRuns.has(id)),
    expandAll() {
      setCollapsed(new Set());
      setOpenRuns(new Set(longRuns));
    },
    toggleFold(id: number) {
      setCollapsed((c) => {
        const next = new Set(c);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    openRun(id: number) {
      setOpenRuns((r) => new Set(r).add(id));
      if (planIndex) setCollapsed((c) => foldRevealed(c, planIndex, id));
    },
  };
}
