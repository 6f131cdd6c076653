import type { Connection } from 'mysql2/promise';
import type { DriftKey, DriftTable } from '../../../shared/drift/drift-table';
import { selectRows, textOf, textOrNull } from '../schema/metadata-query';

/**
 * A table's stored columns and the key the comparison walks: the primary key, else the first
 * unique index whose columns are all NOT NULL (null when there is none). Throws when the table
 * does not exist.
 */
export async function readDriftTable(
  conn: Connection,
  schema: string,
  table: string,
): Promise<DriftTable> {
  const columns = await selectRows(
    conn,
    `SELECT COLUMN_NAME AS name, LOWER(DATA_TYPE) AS type, CHARACTER_SET_NAME AS cs,
            IS_NULLABLE AS nullable, EXTRA AS extra
       FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [schema, table],
  );
  if (columns.length === 0) throw new Error(`There is no table ${schema}.${table}.`);
  const indexes = await selectRows(
    conn,
    `SELECT INDEX_NAME AS idx, COLUMN_NAME AS col, NULLABLE AS nullable
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND NON_UNIQUE = 0
      ORDER BY INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const byIndex = new Map<string, { columns: string[]; nullable: boolean }>();
  for (const row of indexes) {
    const name = textOf(row.idx);
    const entry = byIndex.get(name) ?? { columns: [], nullable: false };
    entry.columns.push(textOf(row.col));
    if (textOf(row.nullable) === 'YES') entry.nullable = true;
    byIndex.set(name, entry);
  }
  let key: DriftKey | null = null;
  for (const [index, entry] of byIndex) {
    if (!entry.nullable && entry.columns.length > 0) {
      key = { index, columns: entry.columns };
      break;
    }
  }
  return {
    schema,
    table,
    key,
    columns: columns.map((c) => ({
      name: textOf(c.name),
      dataType: textOf(c.type),
      charset: textOrNull(c.cs),
      nullable: textOf(c.nullable) === 'YES',
      generated: /\b(?:VIRTUAL|STORED|PERSISTENT) GENERATED\b/i.test(textOf(c.extra)),
    })),
  };
}
