import type { Connection } from 'mysql2/promise';
import {
  isSystemSchema,
  MAX_COMPLETION_COLUMNS,
  MAX_COMPLETION_TABLES,
  SYSTEM_SCHEMAS,
  type CompletionCatalogue,
  type CompletionTable,
} from '../../../shared/api/schema';
import { selectRows, textOf } from './metadata-query';

/** Orders the user's schemas before the server's own, so limits cut the latter first. */
const SYSTEM_LAST = `TABLE_SCHEMA IN (${SYSTEM_SCHEMAS.map(() => '?').join(', ')})`;

/**
 * The completion catalogue: every schema, its tables and views, and their columns, in three
 * queries. At most MAX_COMPLETION_TABLES tables and MAX_COMPLETION_COLUMNS columns (the user's
 * schemas first); a table whose columns did not all fit gets none (null), never some.
 */
export async function readCompletion(conn: Connection): Promise<CompletionCatalogue> {
  const schemaRows = await selectRows(
    conn,
    'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME',
  );
  const tableRows = await selectRows(
    conn,
    'SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, TABLE_TYPE AS type ' +
      `FROM information_schema.TABLES ORDER BY ${SYSTEM_LAST}, TABLE_SCHEMA, TABLE_NAME LIMIT ?`,
    [...SYSTEM_SCHEMAS, MAX_COMPLETION_TABLES + 1],
  );
  const columnRows = await selectRows(
    conn,
    'SELECT TABLE_SCHEMA AS schema_name, TABLE_NAME AS table_name, COLUMN_NAME AS name, ' +
      'COLUMN_TYPE AS type FROM information_schema.COLUMNS ' +
      `ORDER BY ${SYSTEM_LAST}, TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION LIMIT ?`,
    [...SYSTEM_SCHEMAS, MAX_COMPLETION_COLUMNS + 1],
  );
  const tablesTruncated = tableRows.length > MAX_COMPLETION_TABLES;
  const columnsTruncated = columnRows.length > MAX_COMPLETION_COLUMNS;

  const columns = new Map<string, NonNullable<CompletionTable['columns']>>();
  for (const r of columnRows.slice(0, MAX_COMPLETION_COLUMNS)) {
    const key = tableKey(textOf(r.schema_name), textOf(r.table_name));
    let list = columns.get(key);
    if (!list) columns.set(key, (list = []));
    list.push({ name: textOf(r.name), type: textOf(r.type) });
  }
  if (columnsTruncated) {
    // The last table read may have lost columns to the limit: it gets none rather than some.
    const last = columnRows[MAX_COMPLETION_COLUMNS - 1];
    if (last) columns.delete(tableKey(textOf(last.schema_name), textOf(last.table_name)));
  }

  const bySchema = new Map<string, CompletionTable[]>();
  for (const r of schemaRows) bySchema.set(textOf(r.name), []);
  for (const r of tableRows.slice(0, MAX_COMPLETION_TABLES)) {
    const schema = textOf(r.schema_name);
    const name = textOf(r.table_name);
    let list = bySchema.get(schema);
    if (!list) bySchema.set(schema, (list = []));
    list.push({
      name,
      view: textOf(r.type) === 'VIEW',
      // Past the column limit a table is not known to have no columns: null, ask later.
      columns: columns.get(tableKey(schema, name)) ?? (columnsTruncated ? null : []),
    });
  }
  const schemas = [...bySchema].map(([name, tables]) => ({
    name,
    system: isSystemSchema(name),
    tables,
  }));
  return {
    // The user's schemas first, as in the limits (a stable sort keeps name order within each).
    schemas: schemas.sort((a, b) => Number(a.system) - Number(b.system)),
    truncated: tablesTruncated || columnsTruncated,
  };
}

function tableKey(schema: string, table: string): string {
  return `${schema}\u0000${table}`;
}
