import { qualifiedName, quoteIdentifier } from '../sql/quote-identifier';
import {
  BINARY_TYPES,
  STRING_TYPES,
  type DriftColumn,
  type DriftKey,
  type DriftTable,
} from './drift-table';

/**
 * The SQL the comparison runs on both servers. Each row's text holds the bytes of every stored
 * column, so values a collation calls equal ('a' and 'A', trailing spaces, a value re-encoded in
 * another character set) still differ, and NULL differs from '' (a bitmap of which columns are
 * NULL goes in with the values). A chunk is first read as one SHA-256 of its rows' texts joined
 * in key order (chunkDigestSql); where that cannot be used, as the count of its rows and the XOR
 * of the first 64 bits of each row's SHA-256 (chunkChecksumSql). MySQL 9.7 no longer has MD5()
 * or SHA1(); SHA2() is on every server.
 */

/**
 * The longest text a chunk digest joins (8 MiB), under MariaDB's default max_allowed_packet
 * (16 MiB): the server holds it in memory while it reads the chunk, so a chunk of rows longer
 * than that is read with the per-row checksum instead.
 */
export const CHUNK_TEXT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A column's part of the hashed text. Strings and binaries go in as their stored bytes with
 * their length before them, so no character set conversion can lose a difference and 'a#b' +
 * 'c' cannot read as 'a' + 'b#c'; numbers, dates and times go in as their text, which holds no
 * separator; JSON as its UTF-8 text.
 */
function columnPart(column: DriftColumn): string {
  const name = quoteIdentifier(column.name);
  if (column.dataType === 'json') {
    const text = `CAST(${name} AS CHAR CHARACTER SET utf8mb4)`;
    return `LENGTH(${text}), ${text}`;
  }
  if (STRING_TYPES.has(column.dataType) || BINARY_TYPES.has(column.dataType))
    return `LENGTH(${name}), CAST(${name} AS BINARY)`;
  return name;
}

/** The columns a row hash covers: stored columns in table order. */
export function hashedColumns(table: DriftTable): DriftColumn[] {
  return table.columns.filter((c) => !c.generated);
}

/** An expression giving each row's text: its columns' parts and the NULL bitmap, `#` between. */
export function rowTextExpression(table: DriftTable): string {
  const columns = hashedColumns(table);
  const nulls = columns.filter((c) => c.nullable).map((c) => `ISNULL(${quoteIdentifier(c.name)})`);
  // CONCAT_WS skips NULLs: the bitmap says where they were.
  const bitmap = nulls.length > 0 ? `CONCAT(${nulls.join(', ')})` : "''";
  return `CONCAT_WS('#', ${[...columns.map(columnPart), bitmap].join(', ')})`;
}

/** An expression giving each row's SHA-256 hash as 64 hex digits. */
export function rowHashExpression(table: DriftTable): string {
  return `SHA2(${rowTextExpression(table)}, 256)`;
}

/** The key's columns as `k0, k1, ...`, the names the comparison reads them by. */
function keySelect(key: DriftKey): string {
  return key.columns.map((c, i) => `${quoteIdentifier(c)} AS k${i}`).join(', ');
}

/** The `ORDER BY` list of the key. */
export function keyOrder(key: DriftKey): string {
  return key.columns.map((c) => quoteIdentifier(c)).join(', ');
}

/**
 * `key > lower` (and `key <= upper`) for a key of one or more columns, written out as
 * `a > ? OR (a = ? AND b > ?)` so both servers use the index for it, with the values to bind
 * in order. A null bound is no bound.
 */
export function keyRange(
  key: DriftKey,
  lower: readonly unknown[] | null,
  upper: readonly unknown[] | null,
): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const compare = (bound: readonly unknown[], op: '>' | '<=') => {
    if (bound.length !== key.columns.length) {
      throw new Error(`a bound of ${bound.length} values for a key of ${key.columns.length}`);
    }
    const strict = op === '>' ? '>' : '<';
    const alternatives: string[] = [];
    for (let i = 0; i < key.columns.length; i++) {
      const equal = key.columns.slice(0, i).map((c) => `${quoteIdentifier(c)} = ?`);
      const last = i === key.columns.length - 1;
      const cmp = `${quoteIdentifier(key.columns[i]!)} ${last ? op : strict} ?`;
      alternatives.push([...equal, cmp].join(' AND '));
      values.push(...bound.slice(0, i), bound[i]);
    }
    parts.push(`(${alternatives.map((a) => `(${a})`).join(' OR ')})`);
  };
  if (lower) compare(lower, '>');
  if (upper) compare(upper, '<=');
  return { sql: parts.length > 0 ? parts.join(' AND ') : 'TRUE', values };
}

/** The `FROM ... WHERE` of a key range's rows, read through the key's index. */
function rangeSource(table: DriftTable, key: DriftKey, range: { sql: string }): string {
  return (
    ` FROM ${qualifiedName(table.schema, table.table)} FORCE INDEX (${quoteIdentifier(key.index)})` +
    ` WHERE ${range.sql}`
  );
}

/**
 * The checksum of the rows of a key range, whatever order the server reads them in: `cnt`, and
 * `h` (a 64-bit XOR of the rows' hashes, as text).
 */
export function chunkChecksumSql(
  table: DriftTable,
  key: DriftKey,
  lower: readonly unknown[] | null,
  upper: readonly unknown[] | null,
): { sql: string; values: unknown[] } {
  const range = keyRange(key, lower, upper);
  const hash = rowHashExpression(table);
  return {
    sql:
      `SELECT COUNT(*) AS cnt,` +
      ` COALESCE(BIT_XOR(CAST(CONV(LEFT(${hash}, 16), 16, 10) AS UNSIGNED)), 0) AS h` +
      rangeSource(table, key, range),
    values: range.values,
  };
}

/**
 * The digest of the rows of a key range: `cnt`, `h` (one SHA-256 of the rows' texts joined as
 * the server reads them through the key's index, in key order) and `len` (the bytes joined).
 * About a third cheaper for the server than chunkChecksumSql, which hashes every row apart and
 * turns each hash into a number. The session's `group_concat_max_len` must be set to `limit`:
 * a `len` within 3 bytes of it (a character cut short) means the text was cut, so the digest
 * says nothing. Rows read in another order (no bound on a table not clustered by the key) only
 * make a chunk look different; the caller confirms such a chunk with chunkChecksumSql.
 */
export function chunkDigestSql(
  table: DriftTable,
  key: DriftKey,
  lower: readonly unknown[] | null,
  upper: readonly unknown[] | null,
): { sql: string; values: unknown[] } {
  const range = keyRange(key, lower, upper);
  return {
    sql:
      `SELECT cnt, COALESCE(SHA2(g, 256), '') AS h, COALESCE(LENGTH(g), 0) AS len FROM (` +
      `SELECT COUNT(*) AS cnt, GROUP_CONCAT(${rowTextExpression(table)} SEPARATOR ';') AS g` +
      rangeSource(table, key, range) +
      `) AS chunk`,
    values: range.values,
  };
}

/** Whether a chunk digest's text (`len` bytes, see chunkDigestSql) was joined whole. */
export function digestIsWhole(len: number, limit: number): boolean {
  return len < limit - 3;
}

/** Each row's key (as text) and hash in a key range, in key order. */
export function rowHashesSql(
  table: DriftTable,
  key: DriftKey,
  lower: readonly unknown[] | null,
  upper: readonly unknown[] | null,
): { sql: string; values: unknown[] } {
  const range = keyRange(key, lower, upper);
  const keys = keySelect(key);
  return {
    sql:
      `SELECT ${keys}, ${rowHashExpression(table)} AS h` +
      ` FROM ${qualifiedName(table.schema, table.table)} FORCE INDEX (${quoteIdentifier(key.index)})` +
      ` WHERE ${range.sql} ORDER BY ${keyOrder(key)}`,
    values: range.values,
  };
}

/**
 * The key of the row `size` rows after `lower` (the upper bound of the next chunk), or of the
 * last row when fewer are left: `SELECT k0, k1 ... LIMIT size-1, 1`, with the last row's key
 * asked separately by the caller when this returns nothing.
 */
export function nextBoundarySql(
  table: DriftTable,
  key: DriftKey,
  lower: readonly unknown[] | null,
  size: number,
): { sql: string; values: unknown[] } {
  const range = keyRange(key, lower, null);
  const keys = keySelect(key);
  return {
    sql:
      `SELECT ${keys} FROM ${qualifiedName(table.schema, table.table)}` +
      ` FORCE INDEX (${quoteIdentifier(key.index)}) WHERE ${range.sql}` +
      ` ORDER BY ${keyOrder(key)} LIMIT ${Math.max(0, Math.floor(size) - 1)}, 1`,
    values: range.values,
  };
}
