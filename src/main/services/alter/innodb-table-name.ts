import type { Connection } from 'mysql2/promise';
import { countOf, selectRows } from '../schema/metadata-query';

/**
 * A schema or table name as InnoDB's own views (INNODB_TABLES, INNODB_SYS_TABLES) write it: the
 * server's file-name encoding, where letters, digits and `_` stand for themselves and any other
 * ASCII character is `@` and four hex digits (`order-items` → `order@002ditems`). Null for a
 * name with other characters: their encoding needs the server's tables of letters (`é` → `@0p`).
 */
export function innodbNamePart(name: string): string | null {
  let out = '';
  for (const ch of name) {
    const code = ch.codePointAt(0) ?? 0;
    if (/^[0-9A-Za-z_]$/.test(ch)) out += ch;
    else if (code < 0x80) out += `@${code.toString(16).padStart(4, '0')}`;
    else return null;
  }
  return out;
}

/**
 * Where `schema.table` and its partitions (`t#p#p0`, `t#P#p0` on MariaDB) are in InnoDB's
 * views: a WHERE condition on the view's NAME and TABLE_ID/SPACE columns and its parameters.
 * ASCII names match by their encoding; other names through MySQL's INNODB_TABLESPACES, which
 * writes names as they are (file-per-table tablespaces only: elsewhere nothing matches).
 */
function innodbTableMatch(
  schema: string,
  table: string,
  flavor: 'mysql' | 'mariadb',
  alias: string,
): { where: string; params: string[] } | null {
  const s = innodbNamePart(schema);
  const t = innodbNamePart(table);
  const byName = (column: string, name: string) => ({
    // Byte-wise: the views compare without regard to case, and `T` and `t` are two tables.
    where: `(CAST(${column} AS BINARY) = CAST(? AS BINARY)
          OR CAST(LEFT(${column}, CHAR_LENGTH(?)) AS BINARY) IN (CAST(? AS BINARY), CAST(? AS BINARY)))`,
    params: [name, `${name}#p#`, `${name}#p#`, `${name}#P#`],
  });
  if (s !== null && t !== null) return byName(`${alias}.NAME`, `${s}/${t}`);
  if (flavor !== 'mysql') return null;
  const m = byName('ts.NAME', `${schema}/${table}`);
  return {
    where: `${alias}.SPACE IN (SELECT ts.SPACE FROM information_schema.INNODB_TABLESPACES ts WHERE ${m.where})`,
    params: m.params,
  };
}

/**
 * INNODB_TABLES.TOTAL_ROW_VERSIONS of a table (MySQL 8.0.29+): the most any of its partitions
 * has used, since each partition counts its own. Null when InnoDB's views do not list it.
 */
export async function readRowVersions(
  conn: Connection,
  schema: string,
  table: string,
): Promise<number | null> {
  const match = innodbTableMatch(schema, table, 'mysql', 'it');
  if (match === null) return null;
  const [row] = await selectRows(
    conn,
    `SELECT MAX(it.TOTAL_ROW_VERSIONS) AS V FROM information_schema.INNODB_TABLES it WHERE ${match.where}`,
    match.params,
  );
  return row?.V === null || row?.V === undefined ? null : countOf(row.V);
}

/**
 * Whether InnoDB keeps an FTS_DOC_ID_INDEX on the table: made with its first FULLTEXT index,
 * with a hidden FTS_DOC_ID column unless the table defines one, and left behind when the
 * FULLTEXT indexes are dropped. Null when InnoDB's views do not list the table.
 */
export async function readFtsDocIdIndex(
  conn: Connection,
  flavor: 'mysql' | 'mariadb',
  schema: string,
  table: string,
): Promise<boolean | null> {
  const match = innodbTableMatch(schema, table, flavor, 'it');
  if (match === null) return null;
  const [tables, indexes] =
    flavor === 'mariadb'
      ? ['information_schema.INNODB_SYS_TABLES', 'information_schema.INNODB_SYS_INDEXES']
      : ['information_schema.INNODB_TABLES', 'information_schema.INNODB_INDEXES'];
  const [row] = await selectRows(
    conn,
    `SELECT COUNT(DISTINCT it.TABLE_ID) AS T, COUNT(ix.INDEX_ID) AS I
       FROM ${tables} it LEFT JOIN ${indexes} ix
         ON ix.TABLE_ID = it.TABLE_ID AND ix.NAME = 'FTS_DOC_ID_INDEX'
      WHERE ${match.where}`,
    match.params,
  );
  if (!row || (countOf(row.T) ?? 0) === 0) return null;
  return (countOf(row.I) ?? 0) > 0;
}

/**
 * The InnoDB table ids of `schema.table` and its partitions, sorted: a rebuild (or copy) gives
 * the table new ones. Null when InnoDB's views do not list the table (another engine, a name
 * Sightline cannot encode).
 */
export async function readTableIds(
  conn: Connection,
  flavor: 'mysql' | 'mariadb',
  schema: string,
  table: string,
): Promise<string[] | null> {
  const match = innodbTableMatch(schema, table, flavor, 'it');
  if (match === null) return null;
  const view =
    flavor === 'mariadb'
      ? 'information_schema.INNODB_SYS_TABLES'
      : 'information_schema.INNODB_TABLES';
  const rows = await selectRows(
    conn,
    `SELECT it.TABLE_ID AS ID FROM ${view} it WHERE ${match.where} ORDER BY it.TABLE_ID`,
    match.params,
  );
  return rows.length === 0 ? null : rows.map((r) => String(r.ID));
}
