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
  /**
   * False for an index the optimizer does not use: INVISIBLE (MySQL IS_VISIBLE = 'NO') or
   * IGNORED (MariaDB 10.6+). Absent: visible.
   */
  visible?: boolean;
}

/**
 * Why an index is redundant: `duplicate`, the same columns in the same order; `prefix`, its
 * columns start the other's (which serves every lookup it can); `extends-unique`, it starts
 * with all the columns of a unique index (which finds at most one row already, so the extra
 * columns only help queries that read them from this index alone).
 */
export type RedundancyKind = 'duplicate' | 'prefix' | 'extends-unique';

/** An index another index makes unnecessary. */
export interface RedundantIndex {
  table: string;
  /** The index that can go. */
  index: string;
  columns: string[];
  /** The index that already does its work. */
  coveredBy: string;
  coveredByColumns: string[];
  kind: RedundancyKind;
}

/** An index of a table as a whole: its name, uniqueness, type and key parts in order. */
export interface IndexShape {
  name: string;
  unique: boolean;
  type: string;
  /** `col` or `col(10)`; functional parts as `(expr)`. */
  parts: string[];
  /** False when the optimizer does not use it (invisible or ignored); see IndexColumnRow. */
  visible: boolean;
}

/** The indexes of each table (table → its indexes), from STATISTICS rows. */
export function shapesOf(rows: readonly IndexColumnRow[]): Map<string, IndexShape[]> {
  const byIndex = new Map<string, { shape: IndexShape; table: string; cols: IndexColumnRow[] }>();
  for (const r of rows) {
    const id = `${r.table}\u0000${r.index}`;
    let e = byIndex.get(id);
    if (!e) {
      e = {
        table: r.table,
        shape: {
          name: r.index,
          unique: !r.nonUnique,
          type: r.type.toUpperCase(),
          parts: [],
          visible: true,
        },
        cols: [],
      };
      byIndex.set(id, e);
    }
    e.cols.push(r);
    if (r.visible === false) e.shape.visible = false;
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
 * Redundant and duplicate indexes, computed from information_schema.STATISTICS by the rules of
 * MySQL's sys.schema_redundant_indexes, so MariaDB (which has no such view) gets the same answer
 * (the MySQL integration test compares the two). Among B-tree indexes of a table, an index is
 * redundant when another has the same columns (of two identical ones the PRIMARY KEY, else the
 * unique one, else the first by name is kept), when it is not unique and its columns start
 * another's, or when its columns start with all of a unique index's. Unlike the view, prefix
 * lengths are compared (name(10) is not name(20)), indexes with functional parts are never
 * reported, and neither is the PRIMARY KEY (dropping it is never the fix). Each redundant index
 * is reported once, against the index it is most plainly covered by (see onePerIndex).
 */
export function findRedundantIndexes(rows: readonly IndexColumnRow[]): RedundantIndex[] {
  const pairs: RedundantIndex[] = [];
  for (const [table, shapes] of shapesOf(rows)) {
    const btrees = shapes.filter(
      (s) => (s.type === 'BTREE' || s.type === '') && !s.parts.includes('(expression)'),
    );
    for (const s of btrees) {
      if (s.name === 'PRIMARY') continue;
      for (const o of btrees) {
        if (o === s) continue;
        let kind: RedundancyKind | null = null;
        if (o.parts.length === s.parts.length && startsWith(o.parts, s.parts)) {
          const keepOther =
            o.name === 'PRIMARY' ||
            (o.unique && !s.unique) ||
            (o.unique === s.unique && o.name < s.name);
          if (keepOther) kind = 'duplicate';
        } else if (!s.unique && startsWith(o.parts, s.parts)) {
          kind = 'prefix';
        } else if (o.unique && startsWith(s.parts, o.parts)) {
          kind = 'extends-unique';
        }
        if (kind) {
          pairs.push({
            table,
            index: s.name,
            columns: s.parts,
            coveredBy: o.name,
            coveredByColumns: o.parts,
            kind,
          });
        }
      }
    }
  }
  return onePerIndex(pairs);
}

const KIND_ORDER: Record<RedundancyKind, number> = { duplicate: 0, prefix: 1, 'extends-unique': 2 };

/**
 * One row per redundant index, from every (redundant, dominant) pair found: a duplicate before
 * a prefix before an extension of a unique index, then the PRIMARY KEY, then by name. Sorted
 * by table and index.
 */
export function onePerIndex(pairs: readonly RedundantIndex[]): RedundantIndex[] {
  const best = new Map<string, RedundantIndex>();
  const rank = (r: RedundantIndex) =>
    `${KIND_ORDER[r.kind]}\u0000${r.coveredBy === 'PRIMARY' ? '' : r.coveredBy}`;
  for (const p of pairs) {
    const id = `${p.table}\u0000${p.index}`;
    const kept = best.get(id);
    if (!kept || rank(p) < rank(kept)) best.set(id, p);
  }
  return [...best.values()].sort(
    (a, b) => a.table.localeCompare(b.table) || a.index.localeCompare(b.index),
  );
}

/** A row of sys.schema_redundant_indexes (MySQL 5.7.7+), as selected by name. */
export interface SysRedundantRow {
  table_name: string;
  redundant_index_name: string;
  /** Comma-separated column names, in index order (prefix lengths left out). */
  redundant_index_columns: string;
  dominant_index_name: string;
  dominant_index_columns: string;
  /** 1 when either index has a prefix part: the view compared whole names only. */
  subpart_exists: number | string;
}

/**
 * The redundant indexes sys.schema_redundant_indexes lists, one per index as findRedundantIndexes
 * gives them. Left out: pairs with prefix parts (the view compares column names without their
 * lengths, so it calls name(10) a duplicate of name) and the PRIMARY KEY as the redundant one.
 * `skipped` counts the pairs left out for prefix parts.
 */
export function fromSysRedundantIndexes(rows: readonly SysRedundantRow[]): {
  indexes: RedundantIndex[];
  skipped: number;
} {
  let skipped = 0;
  const pairs: RedundantIndex[] = [];
  for (const r of rows) {
    if (Number(r.subpart_exists) !== 0) {
      skipped++;
      continue;
    }
    if (r.redundant_index_name === 'PRIMARY') continue;
    const columns = r.redundant_index_columns.split(',');
    const coveredByColumns = r.dominant_index_columns.split(',');
    const kind: RedundancyKind =
      columns.length === coveredByColumns.length
        ? 'duplicate'
        : columns.length < coveredByColumns.length
          ? 'prefix'
          : 'extends-unique';
    pairs.push({
      table: r.table_name,
      index: r.redundant_index_name,
      columns,
      coveredBy: r.dominant_index_name,
      coveredByColumns,
      kind,
    });
  }
  return { indexes: onePerIndex(pairs), skipped };
}
