/** One row of information_schema.STATISTICS: a column of an index. */
export interface IndexColumnRow {
  table: string;
  index: string;
  nonUnique: boolean;
  /** SEQ_IN_INDEX, from 1. */
  seq: number;
  /** COLUMN_NAME; null for functional key parts (MySQL 8.0.13+). */
  column: string | null;
  /** SUB_PART: the prefix length, null when the whole column is indexed. */
  subPart: number | null;
  /** INDEX_TYPE: BTREE, HASH, FULLTEXT, SPATIAL. */
  type: string;
}

/** An index another index makes unnecessary. */
export interface RedundantIndex {
  table: string;
  /** The index that can go. */
  index: string;
  columns: string[];
  /** The index that already does its work. */
  coveredBy: string;
  coveredByColumns: string[];
  /** `duplicate`: same columns in the same order; `prefix`: its columns start the other's. */
  kind: 'duplicate' | 'prefix';
}

interface IndexShape {
  name: string;
  unique: boolean;
  type: string;
  /** `col` or `col(10)`; functional parts as `(expr)`. */
  parts: string[];
}

function shapesOf(rows: readonly IndexColumnRow[]): Map<string, IndexShape[]> {
  const byIndex = new Map<string, { shape: IndexShape; table: string; cols: IndexColumnRow[] }>();
  for (const r of rows) {
    const id = `${r.table}\u0000${r.index}`;
    let e = byIndex.get(id);
    if (!e) {
      e = {
        table: r.table,
        shape: { name: r.index, unique: !r.nonUnique, type: r.type.toUpperCase(), parts: [] },
        cols: [],
      };
      byIndex.set(id, e);
    }
    e.cols.push(r);
  }
  const byTable = new Map<string, IndexShape[]>();
  for (const e of byIndex.values()) {
    e.shape.parts = e.cols
      .sort((a, b) => a.seq - b.seq)
      .map((c) =>
        c.column === null ? '(expression)' : c.subPart ? `${c.column}(${c.subPart})` : c.column,
      );
    const list = byTable.get(e.table) ?? [];
    list.push(e.shape);
    byTable.set(e.table, list);
  }
  return byTable;
}

function startsWith(long: string[], short: string[]): boolean {
  return short.length <= long.length && short.every((p, i) => p === long[i]);
}

/**
 * Redundant and duplicate indexes, computed from information_schema.STATISTICS the way
 * sys.schema_redundant_indexes does on MySQL (so MariaDB, which has no such view, gets the same
 * answer): a B-tree index whose columns are the leading columns of another B-tree index of the
 * same table is redundant, unless it is unique and the other is longer (it enforces something
 * the other does not). Of two identical indexes the unique one (or the PRIMARY KEY, or the
 * first by name) is kept. Indexes with functional parts are never reported.
 */
export function findRedundantIndexes(rows: readonly IndexColumnRow[]): RedundantIndex[] {
  const out: RedundantIndex[] = [];
  for (const [table, shapes] of shapesOf(rows)) {
    const btrees = shapes.filter(
      (s) => (s.type === 'BTREE' || s.type === '') && !s.parts.includes('(expression)'),
    );
    for (const s of btrees) {
      if (s.name === 'PRIMARY') continue;
      let best: { by: IndexShape; kind: 'duplicate' | 'prefix' } | null = null;
      for (const o of btrees) {
        if (o === s || !startsWith(o.parts, s.parts)) continue;
        const duplicate = o.parts.length === s.parts.length;
        if (duplicate) {
          // Keep one of a duplicate pair: the PRIMARY KEY, else a unique one, else the first name.
          const keepOther =
            o.name === 'PRIMARY' ||
            (o.unique && !s.unique) ||
            (o.unique === s.unique && o.name < s.name);
          if (!keepOther) continue;
        } else if (s.unique) {
          continue;
        }
        const kind = duplicate ? 'duplicate' : 'prefix';
        if (!best || (kind === 'duplicate' && best.kind === 'prefix')) best = { by: o, kind };
      }
      if (best) {
        out.push({
          table,
          index: s.name,
          columns: s.parts,
          coveredBy: best.by.name,
          coveredByColumns: best.by.parts,
          kind: best.kind,
        });
      }
    }
  }
  return out.sort((a, b) => a.table.localeCompare(b.table) || a.index.localeCompare(b.index));
}
