import type { Connection } from 'mysql2/promise';
import type { RawRow } from '../../../shared/processlist/raw-value';

/**
 * Rows of a statement as plain objects by column name. Byte values become UTF-8 text (bytes
 * that are not UTF-8 turn into U+FFFD, which the model reports as binary), so nothing below the
 * service sees a Buffer.
 */
export async function queryRows(
  conn: Connection,
  sql: string,
  values: unknown[] = [],
): Promise<RawRow[]> {
  const [rows] = await conn.query({ sql, values });
  if (!Array.isArray(rows)) return [];
  return (rows as Array<Record<string, unknown>>).map((row) => {
    let copy: Record<string, unknown> | null = null;
    // for...in without an entries array per row: polls read thousands of rows.
    for (const key in row) {
      const value = row[key];
      if (Buffer.isBuffer(value)) {
        copy ??= Object.assign({}, row);
        copy[key] = value.toString('utf8');
      }
    }
    return copy ?? row;
  });
}

/** Server errors meaning "you may not read this": table, database or privilege denied. */
const ACCESS_DENIED = new Set([1044, 1142, 1143, 1227, 1370]);

/** True when a statement failed because the account lacks a privilege. */
export function isAccessDenied(err: unknown): boolean {
  const errno = (err as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' && ACCESS_DENIED.has(errno);
}
