import type { ResultColumn } from '../../shared/api/query';
import { isGeneratedColumn, type ColumnInfo } from '../../shared/api/schema';
import { insertTarget, PLACEHOLDER_TABLE } from './copy-formats';

/** Reads a table's columns as the server describes them now (`schema.columns`). */
export type ReadColumns = (schema: string, table: string) => Promise<ColumnInfo[]>;

/**
 * The generated columns of the table copied INSERTs go to, by lower-case name, read from the
 * server when asked (the result's column definitions do not say): copied INSERTs leave them out.
 * Empty when the INSERTs go to `your_table`.
 */
export async function generatedColumnsOf(
  columns: readonly ResultColumn[],
  readColumns: ReadColumns,
): Promise<Set<string>> {
  const first = columns[0];
  if (!first || insertTarget(columns).table === PLACEHOLDER_TABLE) return new Set();
  const live = await readColumns(first.schema, first.table);
  return new Set(live.filter((c) => isGeneratedColumn(c.extra)).map((c) => c.name.toLowerCase()));
}
