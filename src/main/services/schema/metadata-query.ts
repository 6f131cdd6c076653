import type { Connection } from 'mysql2/promise';

/** A metadata query that takes longer than this is given up (the side connection with it). */
const METADATA_TIMEOUT_MS = 30_000;

/** One row of a metadata query, by column name. */
export type MetadataRow = Record<string, unknown>;

/** Runs a metadata query with `values` bound to its `?`s and returns its rows. */
export async function selectRows(
  conn: Connection,
  sql: string,
  values: unknown[] = [],
): Promise<MetadataRow[]> {
  const [rows] = await conn.query({ sql, values, timeout: METADATA_TIMEOUT_MS });
  return rows as MetadataRow[];
}

/**
 * A text value as the server sent it. information_schema columns are text, but a few come as
 * bytes on some versions (binary collations): those are UTF-8.
 */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** Like textOf, keeping SQL NULL as null. */
export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : textOf(value);
}

/**
 * A count or size (numbers may come as strings: BIGINT columns with bigNumberStrings); null
 * for NULL or anything that is not a whole non-negative number.
 */
export function countOf(value: unknown): number | null {
  const text = textOrNull(value);
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  return Number(text);
}
