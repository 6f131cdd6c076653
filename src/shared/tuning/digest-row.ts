import { z } from 'zod';

/**
 * One row of `performance_schema.events_statements_summary_by_digest`, normalised: counters as
 * numbers, timers in milliseconds (the server counts picoseconds). The table's other columns
 * (some twenty more, growing with each server version: SUM_SELECT_SCAN, QUANTILE_95, ...) are
 * kept as the server gave them in `extra`, so a newer server's additions are not lost.
 */
export const DigestRowSchema = z.object({
  /** SCHEMA_NAME: the default schema the statements ran in; null when none was chosen. */
  schema: z.string().nullable(),
  /** DIGEST: the server's hash of the normalised text; null for the overflow row. */
  digest: z.string().nullable(),
  digestText: z.string().nullable(),
  calls: z.number().nonnegative(),
  totalLatencyMs: z.number().nonnegative(),
  maxLatencyMs: z.number().nonnegative(),
  lockLatencyMs: z.number().nonnegative(),
  errors: z.number().nonnegative(),
  warnings: z.number().nonnegative(),
  rowsAffected: z.number().nonnegative(),
  rowsSent: z.number().nonnegative(),
  rowsExamined: z.number().nonnegative(),
  tmpTables: z.number().nonnegative(),
  tmpDiskTables: z.number().nonnegative(),
  sortMergePasses: z.number().nonnegative(),
  /** SUM_NO_INDEX_USED: executions that scanned a table without any index. */
  noIndexUsed: z.number().nonnegative(),
  /** SUM_NO_GOOD_INDEX_USED: executions that found no good index to use. */
  noGoodIndexUsed: z.number().nonnegative(),
  /** FIRST_SEEN / LAST_SEEN as the server wrote them (its time zone). */
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** An example statement (QUERY_SAMPLE_TEXT or the history), null when the server has none. */
  sample: z.string().nullable(),
  /** True when the example was cut at performance_schema_max_sql_text_length. */
  sampleTruncated: z.boolean(),
  /**
   * The server's other columns, as it gave them (BIGINT as text), totals since the digest was
   * first seen even in a window: only the named counters are differenced.
   */
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type DigestRow = z.infer<typeof DigestRowSchema>;

/**
 * What a snapshot keeps of a digest: its identity, counters and times, without its texts (the
 * long strings that rarely change, read once per digest and kept apart).
 */
export type DigestCounts = Omit<DigestRow, 'digestText' | 'sample' | 'sampleTruncated'>;

/** The server's columns the counters are read from, in the order `readDigestCounts` expects. */
const COUNTERS = [
  ['calls', 'COUNT_STAR'],
  ['errors', 'SUM_ERRORS'],
  ['warnings', 'SUM_WARNINGS'],
  ['rowsAffected', 'SUM_ROWS_AFFECTED'],
  ['rowsSent', 'SUM_ROWS_SENT'],
  ['rowsExamined', 'SUM_ROWS_EXAMINED'],
  ['tmpTables', 'SUM_CREATED_TMP_TABLES'],
  ['tmpDiskTables', 'SUM_CREATED_TMP_DISK_TABLES'],
  ['sortMergePasses', 'SUM_SORT_MERGE_PASSES'],
  ['noIndexUsed', 'SUM_NO_INDEX_USED'],
  ['noGoodIndexUsed', 'SUM_NO_GOOD_INDEX_USED'],
] as const;
/** Timers, in picoseconds on the server. */
const TIMERS = [
  ['totalLatencyMs', 'SUM_TIMER_WAIT'],
  ['maxLatencyMs', 'MAX_TIMER_WAIT'],
  ['lockLatencyMs', 'SUM_LOCK_TIME'],
] as const;

/**
 * The columns `readDigestCounts` reads, in its order: select exactly these (the digest table
 * has some forty columns; reading only these is most of what makes a snapshot cheap).
 */
export const DIGEST_COUNT_COLUMNS: readonly string[] = [
  'SCHEMA_NAME',
  'DIGEST',
  'FIRST_SEEN',
  'LAST_SEEN',
  ...COUNTERS.map(([, c]) => c),
  ...TIMERS.map(([, c]) => c),
];
const FIRST_COUNTER = 4;
const FIRST_TIMER = FIRST_COUNTER + COUNTERS.length;

/** A whole number as drivers hand it over: a number, or a string for BIGINT. */
function whole(value: unknown, column: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!(n >= 0) || !Number.isFinite(n) || value === '') {
    throw new Error(`${column} is not a counter: ${String(value)}`);
  }
  return n;
}

/** Picoseconds (a BIGINT UNSIGNED, often beyond 2^53 as a number) to milliseconds. */
export function picosToMs(value: unknown, column = 'timer'): number {
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    // Exact to the nanosecond even past 2^53 picoseconds (about 2.5 hours): dropping the last
    // three digits is an exact division by 1000, and Number() of the rest rounds once, as
    // Number(BigInt(value) / 1000n) would (at a fraction of its cost).
    return Number(value.length > 3 ? value.slice(0, -3) : '0') / 1e6;
  }
  return whole(value, column) / 1e9;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return String(value);
}

/**
 * Reads one row selected as DIGEST_COUNT_COLUMNS, as an array (mysql2's `rowsAsArray`): the
 * fast way to read ten thousand digests. Throws naming the column when a value is not a counter.
 */
export function readDigestCounts(
  values: readonly unknown[],
  /** Other columns selected after the named ones: their names, and where the first one is. */
  extras: { names: readonly string[]; at: number } = NO_EXTRAS,
): DigestCounts {
  const extra: Record<string, string | number | null> = {};
  for (let i = 0; i < extras.names.length; i++) {
    extra[extras.names[i]!] = scalar(values[extras.at + i]);
  }
  const row: DigestCounts = {
    schema: text(values[0]),
    digest: text(values[1]),
    calls: 0,
    totalLatencyMs: 0,
    maxLatencyMs: 0,
    lockLatencyMs: 0,
    errors: 0,
    warnings: 0,
    rowsAffected: 0,
    rowsSent: 0,
    rowsExamined: 0,
    tmpTables: 0,
    tmpDiskTables: 0,
    sortMergePasses: 0,
    noIndexUsed: 0,
    noGoodIndexUsed: 0,
    firstSeen: text(values[2]) ?? '',
    lastSeen: text(values[3]) ?? '',
    extra,
  };
  for (let i = 0; i < COUNTERS.length; i++) {
    const [field, column] = COUNTERS[i]!;
    row[field] = whole(values[FIRST_COUNTER + i], column);
  }
  for (let i = 0; i < TIMERS.length; i++) {
    const [field, column] = TIMERS[i]!;
    row[field] = picosToMs(values[FIRST_TIMER + i], column);
  }
  return row;
}

const NO_EXTRAS = { names: [] as readonly string[], at: 0 };

/** The columns of a digest table kept in `extra`: all but the named ones and the long texts. */
export function otherDigestColumns(columns: readonly string[]): string[] {
  const known = new Set([...DIGEST_COUNT_COLUMNS, ...DIGEST_TEXT_COLUMNS]);
  return columns.filter((c) => !known.has(c));
}

/** A value of another column as it can travel: numbers and text as they are, dates as text. */
function scalar(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The long texts, read apart from the counters (see DigestReader). */
export const DIGEST_TEXT_COLUMNS: readonly string[] = ['DIGEST_TEXT', 'QUERY_SAMPLE_TEXT'];

/**
 * Whether a row selected as DIGEST_COUNT_COLUMNS is `row` unchanged: the same digest, seen
 * first and last at the same times, with as many calls. The server updates LAST_SEEN and the
 * counters together when a statement ends, so such a row need not be decoded again (most of a
 * poll's rows, on a server with thousands of digests).
 */
export function sameDigestCounts(values: readonly unknown[], row: DigestCounts): boolean {
  return (
    values[3] === row.lastSeen &&
    values[1] === row.digest &&
    (values[0] ?? null) === row.schema &&
    values[2] === row.firstSeen &&
    Number(values[FIRST_COUNTER]) === row.calls
  );
}

/** A digest's texts: its normalised statement and an example of it. */
export interface DigestTexts {
  digestText: string | null;
  sample: string | null;
  sampleTruncated: boolean;
}

/**
 * A digest's texts as the server gave them. `maxSqlTextBytes` is the server's
 * performance_schema_max_sql_text_length: a sample that long was cut there.
 */
export function digestTexts(
  digestText: unknown,
  sample: unknown,
  maxSqlTextBytes: number,
): DigestTexts {
  const s = text(sample);
  return {
    digestText: text(digestText),
    sample: s === '' ? null : s,
    sampleTruncated: s ? isTruncatedSample(s, maxSqlTextBytes) : false,
  };
}

/**
 * Reads one row by column name (as a whole `SELECT *` gives it). `sampleOverride` replaces
 * QUERY_SAMPLE_TEXT (MariaDB's examples come from the statement history). Throws naming the
 * column when a row lacks one or holds something that is not a counter.
 */
export function readDigestRow(
  raw: Record<string, unknown>,
  maxSqlTextBytes: number,
  sampleOverride?: string | null,
): DigestRow {
  for (const c of DIGEST_COUNT_COLUMNS) {
    if (!(c in raw)) throw new Error(`The digest table has no ${c} column.`);
  }
  const names = otherDigestColumns(Object.keys(raw));
  return {
    ...readDigestCounts([...DIGEST_COUNT_COLUMNS.map((c) => raw[c]), ...names.map((c) => raw[c])], {
      names,
      at: DIGEST_COUNT_COLUMNS.length,
    }),
    ...digestTexts(
      raw.DIGEST_TEXT,
      sampleOverride !== undefined ? sampleOverride : raw.QUERY_SAMPLE_TEXT,
      maxSqlTextBytes,
    ),
  };
}

/**
 * Whether a statement text kept by performance_schema was cut: the server keeps at most
 * `maxBytes` bytes of it (UTF-8), so a text that long (or longer, counting multi-byte
 * characters cut mid-way) is not the whole statement.
 */
export function isTruncatedSample(sample: string, maxBytes: number): boolean {
  if (maxBytes <= 0) return false;
  return utf8Length(sample) >= maxBytes;
}

/** Bytes of `text` in UTF-8 (a surrogate pair is one 4-byte character). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
