import type { ExtraValue } from './process-row';

/** A row as the driver returned it, by column name. */
export type RawRow = Readonly<Record<string, unknown>>;

/** A number from a numeric column (drivers give numbers, or strings for DECIMAL/BIGINT). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A text column's value; null for NULL. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A value kept in `extra`: scalars as they are, dates as ISO text, anything else as text. */
export function extraValueOf(value: unknown): ExtraValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The columns of `raw` not in `known`, for a model's `extra`. */
export function extraColumns(raw: RawRow, known: ReadonlySet<string>): Record<string, ExtraValue> {
  const extra: Record<string, ExtraValue> = {};
  // for...in without an entries array: this runs for every row of every poll.
  for (const key in raw) {
    if (!known.has(key) && Object.hasOwn(raw, key)) extra[key] = extraValueOf(raw[key]);
  }
  return extra;
}
