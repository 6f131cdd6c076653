import type { Connection } from 'mysql2/promise';
import type { ColumnInfo } from '../../../shared/api/schema';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import type { ServerInfo } from '../../../shared/server/server-info';
import { columnDefault } from './column-default';
import { selectRows, textOf, textOrNull } from './metadata-query';

/** A column's line in SHOW CREATE TABLE: two spaces, the name in backticks, its definition. */
const COLUMN_LINE = /^ {2}`((?:[^`]|``)+)` (.+?),?$/;

/**
 * Each column's definition in the table's SHOW CREATE TABLE, by lower-case name; empty for a
 * view (its statement is a CREATE VIEW). Both servers write one element per line, columns
 * first and only they starting with a backtick, and escape line breaks inside literals.
 */
async function columnDefinitions(
  conn: Connection,
  schema: string,
  table: string,
): Promise<Map<string, string>> {
  const [row] = await selectRows(conn, `SHOW CREATE TABLE ${qualifiedName(schema, table)}`);
  const sql = textOrNull(row?.['Create Table']);
  const definitions = new Map<string, string>();
  for (const line of sql?.split('\n') ?? []) {
    const m = COLUMN_LINE.exec(line);
    if (m) definitions.set(m[1]!.replaceAll('``', '`').toLowerCase(), m[2]!);
  }
  return definitions;
}

/**
 * The columns of a table or view, in order; empty when there is no such table. information_schema
 * says what each column is; SHOW CREATE TABLE adds its definition as written there, which is
 * what the server would recreate (COLUMNS garbles some defaults: MySQL 9.7 reports a VARBINARY's
 * DEFAULT 0x00FF as `0x` and DEFAULT 'AB' as `0x4142`).
 */
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
  const definitions = rows.length > 0 ? await columnDefinitions(conn, schema, table) : new Map();
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
      definition: definitions.get(textOf(r.name).toLowerCase()) ?? null,
    };
  });
}
