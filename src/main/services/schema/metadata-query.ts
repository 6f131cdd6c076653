import type { Connection } from 'mysql2/promise';

/** A metadata query that takes longer than this is given up (the side connection with it). */
const METADATA_TIMEOUT_MS = 30_000;

/** One row of a metadata query, by column name. */
export type MetadataRow = Record<string, unknown>;

/**
 * How long to wait before each new try of a metadata read the server chose as a deadlock
 * victim. information_schema reads take data-dictionary locks (INNODB_TABLES, for one), so a
 * busy server running DDL can pick them as victims; a read on its own is always safe to repeat.
 */
const DEADLOCK_RETRY_DELAYS_MS = [25, 100, 400];

/** MySQL's and MariaDB's ER_LOCK_DEADLOCK. */
const ER_LOCK_DEADLOCK = 1213;

/** True when `error` is the server choosing this statement as a deadlock victim. */
export function isDeadlockVictim(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errno?: unknown }).errno === ER_LOCK_DEADLOCK
  );
}

/**
 * Runs a metadata query with `values` bound to its `?`s and returns its rows. These are plain
 * autocommit reads, so a deadlock victim is tried again a few times before the error is shown.
 */
export async function selectRows(
  conn: Connection,
  sql: string,
  values: unknown[] = [],
  retryDelaysMs: readonly number[] = DEADLOCK_RETRY_DELAYS_MS,
): Promise<MetadataRow[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [rows] = await conn.query({ sql, values, timeout: METADATA_TIMEOUT_MS });
      return rows as MetadataRow[];
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || !isDeadlockVictim(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
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
