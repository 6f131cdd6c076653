import type { HealthFinding } from './schema-health';
import { redundantIndexFinding, unusedIndexFinding, type IndexHiding } from './schema-health';
import {
  shapesOf,
  type IndexColumnRow,
  type IndexShape,
  type RedundancyKind,
  type RedundantIndex,
} from './redundant-indexes';

/** An index sys.schema_unused_indexes lists. */
export interface UnusedIndex {
  table: string;
  index: string;
}

/**
 * A foreign key's need for an index on `table`: one whose leading columns are `columns`, in
 * order. Both ends of a key have one (the referencing columns, and the referenced ones on the
 * other table). The server refuses to drop the last index that serves a key, and its checks of
 * the key read through that index without performance_schema counting them, so such an index
 * can look unused.
 */
export interface ForeignKeyNeed {
  table: string;
  constraint: string;
  columns: string[];
}

const KIND_ORDER: Record<RedundancyKind, number> = { duplicate: 0, prefix: 1, 'extends-unique': 2 };

function startsWith(long: readonly string[], short: readonly string[]): boolean {
  return short.length <= long.length && short.every((p, i) => p === long[i]);
}

function isPlainBtree(s: IndexShape): boolean {
  return (s.type === 'BTREE' || s.type === '') && !s.parts.includes('(expression)');
}

/**
 * Whether `k` serves every lookup `r` serves and enforces what `r` enforces: the same parts
 * (unique when `r` is), `r`'s parts followed by more (`r` not unique), or a unique `k` whose
 * parts start `r`'s (it already finds at most one row). An index the optimizer does not use
 * (invisible, ignored) serves no lookup: it covers only an index that serves none either.
 */
function covers(k: IndexShape, r: IndexShape): boolean {
  return (k.visible || !r.visible) && coversParts(k, r);
}

/** {@link covers}, whatever the optimizer uses. */
function coversParts(k: IndexShape, r: IndexShape): boolean {
  if (k.name === r.name || !isPlainBtree(k)) return false;
  if (k.parts.length === r.parts.length)
    return startsWith(k.parts, r.parts) && (k.unique || !r.unique);
  if (k.parts.length > r.parts.length) return !r.unique && startsWith(k.parts, r.parts);
  return k.unique && startsWith(r.parts, k.parts);
}

function kindOf(k: IndexShape, r: IndexShape): RedundancyKind {
  if (k.parts.length === r.parts.length) return 'duplicate';
  return k.parts.length > r.parts.length ? 'prefix' : 'extends-unique';
}

type Reason = 'redundant' | 'unused';

/** What was decided for one table, with the reasons the findings explain. */
interface TablePlan {
  shapes: Map<string, IndexShape>;
  drops: Map<string, Reason>;
  /** Used indexes not dropped as redundant because what covers them is unused (→ its name). */
  keptForUse: Map<string, string[]>;
  /** Unused indexes kept because they are the last cover of a redundant drop. */
  keptAsCover: Set<string>;
  /** Indexes not advised because a foreign key would be left without an index (→ its name). */
  keptForKey: Map<string, string>;
  /** Redundant indexes not advised because only hidden indexes cover them (→ the first). */
  keptForHidden: Map<string, IndexShape>;
  unused: Set<string>;
  keys: readonly ForeignKeyNeed[];
}

function keptCovers(plan: TablePlan, r: IndexShape, drops: Map<string, Reason>): IndexShape[] {
  return [...plan.shapes.values()].filter((k) => !drops.has(k.name) && covers(k, r));
}

/** Every index dropped as redundant still has a kept index that covers it. */
function stillCovered(plan: TablePlan, drops: Map<string, Reason>): boolean {
  return [...drops].every(
    ([name, why]) =>
      why !== 'redundant' || keptCovers(plan, plan.shapes.get(name)!, drops).length > 0,
  );
}

/** A foreign key of the table that `drops` would leave with no index to serve it. */
function keyLeftWithout(plan: TablePlan, drops: Map<string, Reason>): ForeignKeyNeed | undefined {
  return plan.keys.find(
    (key) =>
      ![...plan.shapes.values()].some(
        (k) => !drops.has(k.name) && isPlainBtree(k) && startsWith(k.parts, key.columns),
      ),
  );
}

/** Whether the table may lose the indexes of `next`; when a foreign key says no, remembers it. */
function mayDrop(plan: TablePlan, next: Map<string, Reason>, index: string): boolean {
  if (!stillCovered(plan, next)) return false;
  const key = keyLeftWithout(plan, next);
  if (key && !keyLeftWithout(plan, plan.drops)) {
    plan.keptForKey.set(index, key.constraint);
    return false;
  }
  return true;
}

function shapeOf(shapes: Map<string, IndexShape>, r: RedundantIndex): IndexShape {
  return (
    shapes.get(r.index) ?? {
      name: r.index,
      unique: false,
      type: 'BTREE',
      parts: [...r.columns],
      visible: true,
    }
  );
}

function planTable(
  shapes: Map<string, IndexShape>,
  redundant: readonly RedundantIndex[],
  unusedNames: readonly string[],
  keys: readonly ForeignKeyNeed[],
): TablePlan {
  // A unique index enforces something even when no query reads through it: never "unused".
  const unused = new Set(unusedNames.filter((n) => !shapes.get(n)?.unique && n !== 'PRIMARY'));
  const plan: TablePlan = {
    shapes,
    drops: new Map(),
    keptForUse: new Map(),
    keptAsCover: new Set(),
    keptForKey: new Map(),
    keptForHidden: new Map(),
    unused,
    keys,
  };
  for (const r of redundant) if (!shapes.has(r.index)) shapes.set(r.index, shapeOf(shapes, r));
  const ordered = [...redundant].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.index.localeCompare(b.index),
  );
  for (const r of ordered) {
    const shape = shapes.get(r.index)!;
    const cover = keptCovers(plan, shape, plan.drops);
    if (cover.length === 0) {
      // The sys view (and its rules) count invisible and ignored indexes as covers.
      const hidden = [...shapes.values()].find(
        (k) => !plan.drops.has(k.name) && !k.visible && coversParts(k, shape),
      );
      if (hidden) plan.keptForHidden.set(r.index, hidden);
      continue;
    }
    // Queries read through this one and not through what covers it: the unused one goes.
    if (!unused.has(r.index) && cover.every((k) => unused.has(k.name))) {
      for (const k of cover)
        plan.keptForUse.set(k.name, [...(plan.keptForUse.get(k.name) ?? []), r.index]);
      continue;
    }
    const next = new Map(plan.drops).set(r.index, 'redundant');
    if (mayDrop(plan, next, r.index)) plan.drops = next;
  }
  for (const u of [...unused].sort()) {
    if (plan.drops.has(u)) continue;
    const next = new Map(plan.drops).set(u, 'unused');
    if (mayDrop(plan, next, u)) plan.drops = next;
    else if (!plan.keptForKey.has(u)) plan.keptAsCover.add(u);
  }
  return plan;
}

function redundantAdvice(schema: string, table: string, plan: TablePlan, r: RedundantIndex) {
  const shape = plan.shapes.get(r.index)!;
  const kept = keptCovers(plan, shape, plan.drops);
  // Name the index the sys view or our rules named when it stays; else one that does.
  const k =
    kept.find((c) => c.name === r.coveredBy) ??
    kept.find((c) => c.name === 'PRIMARY') ??
    kept.find((c) => !plan.unused.has(c.name)) ??
    kept[0]!;
  const finding = redundantIndexFinding(schema, {
    table,
    index: r.index,
    columns: shape.parts,
    coveredBy: k.name,
    coveredByColumns: k.parts,
    kind: kindOf(k, shape),
  });
  let extra = '';
  if (plan.unused.has(r.index)) extra += ' It has not been used since the server started either.';
  const lastCover = kept.filter((c) => plan.keptAsCover.has(c.name));
  if (kept.length === lastCover.length) {
    extra += ` Keep ${k.name}: it has not been used since the server started either, but dropping both would leave (${shape.parts.join(', ')}) without any index. Judge it on its own once this one is gone.`;
  }
  return { ...finding, explanation: finding.explanation + extra };
}

function unusedAdvice(
  schema: string,
  table: string,
  plan: TablePlan,
  index: string,
  hiding: IndexHiding,
) {
  const finding = unusedIndexFinding(schema, table, index, hiding);
  const used = plan.keptForUse.get(index);
  if (!used) return finding;
  const names = used.join(', ');
  return {
    ...finding,
    explanation:
      finding.explanation +
      ` Keep ${names}: ${used.length > 1 ? 'they are' : 'it is'} listed as redundant to this index, but queries read through ${used.length > 1 ? 'them' : 'it'} and not through this one, so this is the one to drop.`,
  };
}

/**
 * The DROP INDEX advice for a schema, decided as a whole so that following all of it is safe:
 * an index is advised as redundant only while an index that covers it is kept, and an unused
 * index is not advised when it is the last cover of one advised as redundant (dropping both would
 * leave that column set without any index). When a redundant index is read by queries and what
 * covers it is not, the unused one is advised instead. No advice leaves a foreign key of
 * `foreignKeys` without an index that serves it (the server would refuse the DROP); an index
 * kept for that reason is said in `notes`. An index gets one finding at most. Redundant findings
 * come first, then unused ones, each by table and index. `hiding` is how this server can hide an
 * unused index first (see IndexHiding).
 */
export function adviseIndexDrops(
  schema: string,
  rows: readonly IndexColumnRow[],
  redundant: readonly RedundantIndex[],
  unused: readonly UnusedIndex[],
  foreignKeys: readonly ForeignKeyNeed[] = [],
  notes: string[] = [],
  hiding: IndexHiding = 'invisible',
): HealthFinding[] {
  const shapes = shapesOf(rows);
  const tables = [...new Set([...redundant.map((r) => r.table), ...unused.map((u) => u.table)])];
  const redundantOut: HealthFinding[] = [];
  const unusedOut: HealthFinding[] = [];
  for (const table of tables.sort((a, b) => a.localeCompare(b))) {
    const own = new Map((shapes.get(table) ?? []).map((s) => [s.name, s] as const));
    const mine = redundant.filter((r) => r.table === table);
    const plan = planTable(
      own,
      mine,
      unused.filter((u) => u.table === table).map((u) => u.index),
      foreignKeys.filter((k) => k.table === table),
    );
    for (const [index, constraint] of [...plan.keptForKey].sort(([a], [b]) => a.localeCompare(b))) {
      const columns = foreignKeys.find((k) => k.table === table && k.constraint === constraint)!;
      const listed = plan.unused.has(index) ? 'listed as unused' : 'redundant';
      notes.push(
        `${table}.${index} is ${listed}, but it is the last index that serves foreign key ${constraint} (${columns.columns.join(', ')}): the server refuses to drop it, and its checks of the key read through it without performance_schema counting them. Not advised.`,
      );
    }
    for (const [index, hidden] of [...plan.keptForHidden].sort(([a], [b]) => a.localeCompare(b))) {
      // Advised after all when unused: that finding says what to check.
      if (plan.drops.has(index)) continue;
      const shape = plan.shapes.get(index)!;
      const says = {
        duplicate: `duplicates ${hidden.name}`,
        prefix: `is a prefix of ${hidden.name}`,
        'extends-unique': `extends the unique ${hidden.name}`,
      }[kindOf(hidden, shape)];
      notes.push(
        `${table}.${index} ${says}, but ${hidden.name} is invisible or ignored (the optimizer does not use it), so dropping ${index} would leave (${shape.parts.join(', ')}) without an index queries can use. Not advised.`,
      );
    }
    for (const r of [...mine].sort((a, b) => a.index.localeCompare(b.index))) {
      if (plan.drops.get(r.index) === 'redundant')
        redundantOut.push(redundantAdvice(schema, table, plan, r));
    }
    for (const [index, why] of [...plan.drops].sort(([a], [b]) => a.localeCompare(b))) {
      if (why === 'unused') unusedOut.push(unusedAdvice(schema, table, plan, index, hiding));
    }
  }
  return [...redundantOut, ...unusedOut];
}
