import { qualifiedName, quoteIdentifier } from '../sql/quote-identifier';
import type { DriftColumn, DriftKey, DriftTable } from './drift-table';

/**
 * The SQL the comparison runs on both servers. Each row is hashed from the bytes of every
 * stored column, so values a collation calls equal ('a' and 'A', trailing spaces, a value
 * re-encoded in another character set) still differ, and NULL differs from '' (a bitmap of
 * which columns are NULL is hashed with the values). A chunk's checksum is the count of its
 * rows and the XOR of the first 128 bits of their SHA-256 hashes, taken in two 64-bit halves
 * (MySQL 9.7 no longer has MD5() or SHA1(): SHA2() is on every server).
 */

/** A column's value as bytes: its stored bytes for strings and binaries, its text otherwise. */
function columnBytes(column: DriftColumn): string {
  const name = quoteIdentifier(column.name);
  // Text and JSON go through their own bytes, never through the connection's character set.
  if (column.dataType === 'json') return `CAST(${name} AS CHAR CHARACTER SET utf8mb4)`;
  return `CAST(${name} AS BINARY)`;
}

/** The columns a row hash covers: stored columns in table order. */
export function hashedColumns(table: DriftTable): DriftColumn[] {
  return table.columns.filter((c) => !c.generated);
}

/** An expression giving each row's hash as 64 hex digits (the first 32 are compared). */
export function rowHashExpression(table: DriftTable): string {
  const columns = hashedColumns(table);
  const nulls = columns.filter((c) => c.nullable).map((c) => `ISNULL(${quoteIdentifier(c.name)})`);
  // CONCAT_WS skips NULLs: the bitmap says where they were. Lengths make 'a#b' + 'c' differ
  // from 'a' + 'b#c'.
  const parts = columns.map((c) => {
    const bytes = columnBytes(c);
    return `LENGTH(${bytes}), ${bytes}`;
  });
  const bitmap = nulls.length > 0 ? `CONCAT(${nulls.join(', ')})` : "''";
  return `SHA2(CONCAT_WS('#', ${[...parts, bitmap].join(', ')}), 256)`;
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

/** The checksum of the rows of a key range: `cnt`, and `h1`, `h2` (two 64-bit XORs, as text). */
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
      ` COALESCE(BIT_XOR(CAST(CONV(SUBSTRING(${hash}, 1, 16), 16, 10) AS UNSIGNED)), 0) AS h1,` +
      ` COALESCE(BIT_XOR(CAST(CONV(SUBSTRING(${hash}, 17, 16), 16, 10) AS UNSIGNED)), 0) AS h2` +
      ` FROM ${qualifiedName(table.schema, table.table)} FORCE INDEX (${quoteIdentifier(key.index)})` +
      ` WHERE ${range.sql}`,
    values: range.values,
  };
}

/** Each row's key (as text) and hash in a key range, in key order. */
export function rowHashesSql(
  table: DriftTable,
  key: DriftKey,
  lower: readonly unknown[] | null,
  upper: readonly unknown[] | null,
): { sql: string; values: unknown[] } {
  const range = keyRange(key, lower, upper);
  const keys = key.columns.map((c, i) => `${quoteIdentifier(c)} AS k${i}`).join(', ');
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
  const keys = key.columns.map((c, i) => `${quoteIdentifier(c)} AS k${i}`).join(', ');
  return {
    sql:
      `SELECT ${keys} FROM ${qualifiedName(table.schema, table.table)}` +
      ` FORCE INDEX (${quoteIdentifier(key.index)}) WHERE ${range.sql}` +
      ` ORDER BY ${keyOrder(key)} LIMIT ${Math.max(0, Math.floor(size) - 1)}, 1`,
    values: range.values,
  };
}
