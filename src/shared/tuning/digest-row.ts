import { z } from 'zod';

/**
 * One row of `performance_schema.events_statements_summary_by_digest`, normalised: counters as
 * numbers, timers in milliseconds (the server counts picoseconds). Columns this model does not
 * name are kept in `extra`, so a newer server's additions are not lost.
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
  extra: z.record(z.string(), z.unknown()),
});
export type DigestRow = z.infer<typeof DigestRowSchema>;

/** The server's columns each field is read from (counters and timers). */
const COUNTERS = {
  calls: 'COUNT_STAR',
  errors: 'SUM_ERRORS',
  warnings: 'SUM_WARNINGS',
  rowsAffected: 'SUM_ROWS_AFFECTED',
  rowsSent: 'SUM_ROWS_SENT',
  rowsExamined: 'SUM_ROWS_EXAMINED',
  tmpTables: 'SUM_CREATED_TMP_TABLES',
  tmpDiskTables: 'SUM_CREATED_TMP_DISK_TABLES',
  sortMergePasses: 'SUM_SORT_MERGE_PASSES',
  noIndexUsed: 'SUM_NO_INDEX_USED',
  noGoodIndexUsed: 'SUM_NO_GOOD_INDEX_USED',
} as const;
const TIMERS = {
  totalLatencyMs: 'SUM_TIMER_WAIT',
  maxLatencyMs: 'MAX_TIMER_WAIT',
  lockLatencyMs: 'SUM_LOCK_TIME',
} as const;
const TEXTS = ['SCHEMA_NAME', 'DIGEST', 'DIGEST_TEXT', 'FIRST_SEEN', 'LAST_SEEN'];
const SAMPLE = 'QUERY_SAMPLE_TEXT';
const CONSUMED = new Set<string>([
  ...Object.values(COUNTERS),
  ...Object.values(TIMERS),
  ...TEXTS,
  SAMPLE,
]);

/** The columns a digest row must have to be read at all. */
export const REQUIRED_DIGEST_COLUMNS: readonly string[] = [
  ...Object.values(COUNTERS),
  ...Object.values(TIMERS),
  ...TEXTS,
];

/** A whole number as drivers hand it over: a number, or a string for BIGINT. */
function whole(value: unknown, column: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) throw new Error(`${column} is not a counter: ${String(value)}`);
  return n;
}

/** Picoseconds (a BIGINT UNSIGNED, often beyond 2^53 as a number) to milliseconds. */
export function picosToMs(value: unknown, column = 'timer'): number {
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    // Exact to the nanosecond even past 2^53 picoseconds (about 2.5 hours).
    const ps = BigInt(value);
    return Number(ps / 1000n) / 1e6;
  }
  return whole(value, column) / 1e9;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return String(value);
}

/**
 * Reads one row as the server returned it (column name → value). `maxSqlTextBytes` is the
 * server's performance_schema_max_sql_text_length: a sample that long was cut there.
 * Throws naming the column when a row lacks one or holds something that is not a counter.
 */
export function readDigestRow(
  raw: Record<string, unknown>,
  maxSqlTextBytes: number,
  sampleOverride?: string | null,
): DigestRow {
  return digestRowReader(Object.keys(raw), maxSqlTextBytes)(Object.values(raw), sampleOverride);
}

/**
 * A reader for rows that come as arrays in `columns` order (the fast way to read ten thousand
 * digests): the columns are looked up once, not per row. Throws at once when a needed column is
 * missing.
 */
export function digestRowReader(
  columns: readonly string[],
  maxSqlTextBytes: number,
): (values: readonly unknown[], sampleOverride?: string | null) => DigestRow {
  const at = new Map(columns.map((c, i) => [c, i]));
  for (const c of REQUIRED_DIGEST_COLUMNS) {
    if (!at.has(c)) throw new Error(`The digest table has no ${c} column.`);
  }
  const index = (c: string) => at.get(c)!;
  const counters = (Object.entries(COUNTERS) as Array<[keyof typeof COUNTERS, string]>).map(
    ([field, column]) => [field, column, index(column)] as const,
  );
  const timers = (Object.entries(TIMERS) as Array<[keyof typeof TIMERS, string]>).map(
    ([field, column]) => [field, column, index(column)] as const,
  );
  const extras = columns.flatMap((c, i) => (CONSUMED.has(c) ? [] : [[c, i] as const]));
  const sampleAt = at.get(SAMPLE);
  const [schemaAt, digestAt, textAt, firstAt, lastAt] = TEXTS.map(index) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return (values, sampleOverride) => {
    const sample =
      sampleOverride !== undefined
        ? sampleOverride
        : sampleAt === undefined
          ? null
          : text(values[sampleAt]);
    const extra: Record<string, unknown> = {};
    for (const [c, i] of extras) extra[c] = values[i];
    const row: DigestRow = {
      schema: text(values[schemaAt]),
      digest: text(values[digestAt]),
      digestText: text(values[textAt]),
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
      firstSeen: text(values[firstAt]) ?? '',
      lastSeen: text(values[lastAt]) ?? '',
      sample: sample === '' ? null : sample,
      sampleTruncated: sample ? isTruncatedSample(sample, maxSqlTextBytes) : false,
      extra,
    };
    for (const [field, column, i] of counters) row[field] = whole(values[i], column);
    for (const [field, column, i] of timers) row[field] = picosToMs(values[i], column);
    return row;
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
