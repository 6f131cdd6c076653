import type { Connection } from 'mysql2/promise';
import type { IndexInfo } from '../../../shared/api/schema';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import type { ServerInfo } from '../../../shared/server/server-info';
import { countOf, selectRows, textOf, textOrNull, type MetadataRow } from './metadata-query';

/**
 * The indexes of a table in the order the table defines them (SHOW INDEX: PRIMARY first, then
 * as created, like SHOW CREATE TABLE), each with its key parts in order.
 */
export async function readIndexes(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  table: string,
): Promise<IndexInfo[]> {
  const rows = await selectRows(conn, `SHOW INDEX FROM ${qualifiedName(schema, table)}`);
  const byName = new Map<string, IndexInfo>();
  for (const r of rows) {
    const name = textOf(r.Key_name);
    let index = byName.get(name);
    if (!index) {
      index = {
        name,
        unique: textOf(r.Non_unique) === '0',
        type: textOf(r.Index_type),
        parts: [],
        comment: textOf(r.Index_comment),
        visible: visibility(r, server),
      };
      byName.set(name, index);
    }
    const collation = textOrNull(r.Collation);
    index.parts.push({
      column: textOrNull(r.Column_name),
      // MySQL 8.0.13+ functional key parts; the column is absent on other servers.
      expression: textOrNull(r.Expression),
      order: collation === 'A' ? 'asc' : collation === 'D' ? 'desc' : null,
      subPart: countOf(r.Sub_part) || null,
    });
  }
  return [...byName.values()];
}

/** MySQL says `Visible: YES|NO`, MariaDB `Ignored: YES|NO`; older servers neither. */
function visibility(r: MetadataRow, server: ServerInfo): boolean | null {
  if (!server.capabilities.invisibleIndexes) return null;
  if (server.flavor === 'mariadb') return textOf(r.Ignored) !== 'YES';
  return textOf(r.Visible) !== 'NO';
}
