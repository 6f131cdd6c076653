import { qualifiedName, quoteIdentifier } from '../sql/quote-identifier';

/** One row of information_schema.STATISTICS, as an index experiment reads it. */
export interface StatisticsRow {
  index: string;
  seq: number;
  /** Null for a functional key part (MySQL 8.0.13+), whose `expression` is set. */
  column: string | null;
  subPart: number | null;
  nonUnique: boolean;
  indexType: string;
  /** `A`, `D` (descending) or null. */
  collation: string | null;
  comment: string;
  /** False for an invisible (MySQL) or ignored (MariaDB) index. */
  visible: boolean;
  expression: string | null;
}

/** An index of a table, its parts in order. */
export interface TableIndex {
  name: string;
  rows: StatisticsRow[];
}

/** The table's indexes from its STATISTICS rows, each with its parts in key order. */
export function tableIndexes(rows: readonly StatisticsRow[]): TableIndex[] {
  const byName = new Map<string, StatisticsRow[]>();
  for (const row of rows) {
    const list = byName.get(row.index) ?? [];
    list.push(row);
    byName.set(row.index, list);
  }
  return [...byName].map(([name, parts]) => ({
    name,
    rows: parts.sort((a, b) => a.seq - b.seq),
  }));
}

/**
 * Indexes of `before` that `after` no longer has. Building an index can make the server drop
 * one of its own: the index MySQL and MariaDB create for a foreign key when the table has none
 * goes silently once another index can serve the key, and the tried index, then needed by the
 * key, cannot be dropped.
 */
export function vanishedIndexes(
  before: readonly TableIndex[],
  after: readonly TableIndex[],
): TableIndex[] {
  const kept = new Set(after.map((i) => i.name));
  return before.filter((i) => !kept.has(i.name));
}

/**
 * The CREATE INDEX that builds `index` again as it was, or null when it is not a plain index
 * (non-unique BTREE of whole columns, ascending, visible, no comment): the index a server makes
 * for a foreign key is always one; anything else is not rebuilt by guessing. `schema` null: the
 * session's current one.
 */
export function recreateIndexSql(
  schema: string | null,
  table: string,
  index: TableIndex,
): string | null {
  const plain = index.rows.every(
    (r) =>
      r.nonUnique &&
      r.indexType === 'BTREE' &&
      r.column !== null &&
      r.expression === null &&
      r.subPart === null &&
      r.collation !== 'D' &&
      r.visible &&
      r.comment === '',
  );
  if (!plain || index.rows.length === 0 || index.name === 'PRIMARY') return null;
  const columns = index.rows.map((r) => quoteIdentifier(r.column!)).join(', ');
  return `CREATE INDEX ${quoteIdentifier(index.name)} ON ${qualifiedName(schema, table)} (${columns})`;
}

/**
 * What an experiment had to put back besides its own index, in words for the screen; null
 * when nothing (see ExperimentResult.restored).
 */
export function restoredText(indexName: string, restored: readonly string[]): string | null {
  if (restored.length === 0) return null;
  const names = restored.join(', ');
  const one = restored.length === 1;
  return `Building ${indexName} made the server drop ${names}, the ${one ? 'index' : 'indexes'} it had made for a foreign key. Sightline built ${one ? 'it' : 'them'} again as before, then dropped ${indexName}: the table's indexes are as they were.`;
}
