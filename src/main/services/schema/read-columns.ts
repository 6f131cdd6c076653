import type { Connection } from 'mysql2/promise';
import type { ColumnInfo } from '../../../shared/api/schema';
import type { ServerInfo } from '../../../shared/server/server-info';
import { columnDefault } from './column-default';
import { selectRows, textOf, textOrNull } from './metadata-query';

/** The columns of a table or view, in order; empty when there is no such table. */
export async function readColumns(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  table: string,
): Promise<ColumnInfo[]> {
  const rows = await selectRows(
    conn,
    'SELECT ORDINAL_POSITION AS ordinal, COLUMN_NAME AS name, COLUMN_TYPE AS column_type, ' +
      'IS_NULLABLE AS nullable, COLUMN_DEFAULT AS default_value, COLUMN_KEY AS column_key, ' +
      'EXTRA AS extra, COLUMN_COMMENT AS comment_text FROM information_schema.COLUMNS ' +
      'WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
    [schema, table],
  );
  return rows.map((r) => {
    const extra = textOf(r.extra);
    const dflt = columnDefault(
      textOrNull(r.default_value),
      extra,
      server.capabilities.columnDefaultsAsSql,
    );
    return {
      ordinal: Number(r.ordinal),
      name: textOf(r.name),
      columnType: textOf(r.column_type),
      nullable: textOf(r.nullable) === 'YES',
      default: dflt.value,
      defaultIsExpression: dflt.isExpression,
      key: textOf(r.column_key),
      extra,
      comment: textOf(r.comment_text),
    };
  });
}
