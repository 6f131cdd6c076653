import type { ForeignKeyNeed } from './index-drop-advice';

/** One row of information_schema.KEY_COLUMN_USAGE for a foreign key's column. */
export interface KeyColumnUsageRow {
  schema: string;
  table: string;
  constraint: string;
  column: string;
  position: number;
  referencedSchema: string;
  referencedTable: string;
  referencedColumn: string;
}

/**
 * What the foreign keys touching `schema` need of its tables' indexes: the referencing columns
 * of each key on a table of `schema`, and the referenced columns of each key that points at one
 * (a key from another schema named `schema.constraint`), each list in the key's column order.
 */
export function foreignKeyNeeds(
  schema: string,
  rows: readonly KeyColumnUsageRow[],
): ForeignKeyNeed[] {
  const keys = new Map<string, KeyColumnUsageRow[]>();
  for (const r of rows) {
    const id = `${r.schema}\u0000${r.table}\u0000${r.constraint}`;
    keys.set(id, [...(keys.get(id) ?? []), r]);
  }
  const needs: ForeignKeyNeed[] = [];
  for (const parts of keys.values()) {
    const ordered = [...parts].sort((a, b) => a.position - b.position);
    const first = ordered[0]!;
    const name = first.schema === schema ? first.constraint : `${first.schema}.${first.constraint}`;
    if (first.schema === schema)
      needs.push({ table: first.table, constraint: name, columns: ordered.map((r) => r.column) });
    if (first.referencedSchema === schema)
      needs.push({
        table: first.referencedTable,
        constraint: name,
        columns: ordered.map((r) => r.referencedColumn),
      });
  }
  return needs;
}
