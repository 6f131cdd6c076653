import { z } from 'zod';
import { digestFilterOf, timeBoundProblem } from '../slowlog/filter-text';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);

/** The most classes one ranking sends; the rest are counted (`classesTotal`). */
export const SLOWLOG_TOP_CLASSES = 200;
/** The most malformed entries whose byte offsets are sent; the rest are counted. */
export const SLOWLOG_MAX_PROBLEMS = 20;

/** How the classes of an analysis can be ranked (each ranking's top classes are sent). */
export const SlowLogRankingSchema = z.enum(['time', 'count', 'avg', 'rows-examined']);
export type SlowLogRanking = z.infer<typeof SlowLogRankingSchema>;

const Bound = z.string().max(64).optional();
const Name = z.string().max(255).optional();

/**
 * Which entries an analysis counts, as typed: a time window (`2026-11-25`, `2026-11-25
 * 10:00:00`, `261125`; a bare date as `until` means the whole day; wall-clock time as the log
 * writes it) and an exact user, host (or IP) and database. Empty fields filter nothing.
 */
export const SlowLogFilterSchema = z
  .object({ since: Bound, until: Bound, user: Name, host: Name, db: Name })
  .superRefine((filter, ctx) => {
    for (const bound of ['since', 'until'] as const) {
      const problem = timeBoundProblem(filter[bound]);
      if (problem) ctx.addIssue({ code: 'custom', path: [bound], message: problem });
    }
    const { since, until } = digestFilterOf({
      since: timeBoundProblem(filter.since) ? undefined : filter.since,
      until: timeBoundProblem(filter.until) ? undefined : filter.until,
    });
    if (since !== undefined && until !== undefined && since > until)
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `"${filter.until?.trim()}" is before since "${filter.since?.trim()}"`,
      });
  });
export type SlowLogFilter = z.infer<typeof SlowLogFilterSchema>;

/** Where a slow log can be read from, and whether this connection offers it. */
export const SlowLogSourceInfoSchema = z.object({
  kind: z.enum(['file', 'ssh', 'table']),
  label: z.string(),
  available: z.boolean(),
  /** Why it is not available, or a caveat when it is (null: nothing to say). */
  reason: z.string().nullable(),
});
export type SlowLogSourceInfo = z.infer<typeof SlowLogSourceInfoSchema>;

/** Sum, average, 95th percentile and maximum of one attribute of a class (pt-query-digest's). */
const FigureSchema = z.object({
  sum: z.number(),
  avg: z.number(),
  p95: z.number(),
  max: z.number(),
});

/** One class of statements sharing a pt-query-digest fingerprint. */
export const SlowLogClassSchema = z.object({
  /** pt-query-digest's class ID (32 upper-case hex digits). */
  checksum: z.string().regex(/^[0-9A-F]{32}$/),
  /** The fingerprint as text (bytes that are not UTF-8 shown as U+FFFD). */
  fingerprint: z.string(),
  count: z.number().int().positive(),
  /** Query_time in seconds. */
  queryTime: FigureSchema,
  lockTime: FigureSchema,
  rowsExamined: FigureSchema,
  rowsSent: FigureSchema,
  /**
   * `# Time:` of the first and last entry, as pt-query-digest prints them but with the UTC offset
   * when the log writes one (see ptTimestamp; show with slowLogTimeText); null if none.
   */
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** The slowest statement of the class (its `use db` gives `db`). */
  example: z.object({
    sql: z.string(),
    /** Whether `sql` is cut at the backend's limit (the whole statement is in the file). */
    truncated: z.boolean(),
    queryTime: z.number().nonnegative(),
    db: z.string().nullable(),
    time: z.string().nullable(),
    /** Byte offset of the entry in the log. */
    offset: z.number().int().nonnegative(),
  }),
});
export type SlowLogClass = z.infer<typeof SlowLogClassSchema>;

/** Statements Sightline sent itself (tagged), which the screen hides unless asked. */
const OwnSchema = z.object({
  /** Classes all of whose statements carry Sightline's tag (they are in `classes` too). */
  classes: z.array(z.string().regex(/^[0-9A-F]{32}$/)),
  /** Their statements and Query_time (seconds), included in the result's totals. */
  entries: z.number().int().nonnegative(),
  queryTime: z.number().nonnegative(),
});

/** What the analysis of a log found: its classes (the top of each ranking) and its problems. */
export const SlowLogResultSchema = z.object({
  /** Entries read and aggregated. */
  entries: z.number().int().nonnegative(),
  /** Classes in the log; only the top SLOWLOG_TOP_CLASSES of each ranking are in `classes`. */
  classesTotal: z.number().int().nonnegative(),
  /** Ranked by total Query_time; holds every class in the top of any ranking. */
  classes: z.array(SlowLogClassSchema),
  /** Sum of Query_time over all classes, in seconds. */
  totalQueryTime: z.number().nonnegative(),
  /** Entries or lines that could not be read, never fatal: how many and the first ones. */
  malformed: z.object({
    count: z.number().int().nonnegative(),
    first: z.array(
      z.object({
        offset: z.number().int().nonnegative(),
        kind: z.string(),
        detail: z.string(),
      }),
    ),
  }),
  /** The first and last `# Time:` of the log; null when it had none. */
  timeRange: z.object({ first: z.string(), last: z.string() }).nullable(),
  /** The filter that produced the result, as given (null: none). */
  filter: SlowLogFilterSchema.nullable(),
  /** Entries the filter left out (not in `entries`). */
  filteredOut: z.number().int().nonnegative(),
  own: OwnSchema,
});
export type SlowLogResult = z.infer<typeof SlowLogResultSchema>;

const ClassSideSchema = z.object({
  count: z.number().int().positive(),
  /** Query_time in seconds. */
  queryTimeSum: z.number().nonnegative(),
  queryTimeAvg: z.number().nonnegative(),
});

/** One class of either window, compared (see src/shared/slowlog/slowlog-compare). */
export const SlowLogClassComparisonSchema = z.object({
  checksum: z.string().regex(/^[0-9A-F]{32}$/),
  fingerprint: z.string(),
  change: z.enum(['new', 'gone', 'slower', 'faster', 'same']),
  before: ClassSideSchema.nullable(),
  after: ClassSideSchema.nullable(),
  /** After's average Query_time over before's; null for new or gone, or before's average 0. */
  avgRatio: z.number().nonnegative().nullable(),
  countChange: z.number().int(),
  /** After's total Query_time minus before's, seconds: the ranking. */
  timeChange: z.number(),
});
export type SlowLogClassComparison = z.infer<typeof SlowLogClassComparisonSchema>;

/** One side of a comparison: which log and filter, and what it held. */
const WindowSummarySchema = z.object({
  path: z.string(),
  filter: SlowLogFilterSchema.nullable(),
  entries: z.number().int().nonnegative(),
  filteredOut: z.number().int().nonnegative(),
  classesTotal: z.number().int().nonnegative(),
  timeRange: z.object({ first: z.string(), last: z.string() }).nullable(),
});

/** Two windows compared: classes new, gone, slower, faster, ranked by change of total time. */
export const SlowLogComparisonSchema = z.object({
  before: WindowSummarySchema,
  after: WindowSummarySchema,
  /** The SLOWLOG_TOP_CLASSES largest changes, Sightline's own classes left out. */
  classes: z.array(SlowLogClassComparisonSchema),
  /** Per kind of change, over all classes compared (not only those sent). */
  counts: z.object({
    new: z.number().int().nonnegative(),
    gone: z.number().int().nonnegative(),
    slower: z.number().int().nonnegative(),
    faster: z.number().int().nonnegative(),
    same: z.number().int().nonnegative(),
  }),
  /** Classes of Sightline's own statements, left out of the comparison. */
  ownLeftOut: z.number().int().nonnegative(),
});
export type SlowLogComparison = z.infer<typeof SlowLogComparisonSchema>;

/** One window of a comparison: a file and a filter (the same file twice is read once). */
export const SlowLogWindowSchema = z.object({
  /** Absolute, or starting with `~/`. */
  path: z.string().min(1).max(4096),
  filter: SlowLogFilterSchema.optional(),
});
export type SlowLogWindow = z.infer<typeof SlowLogWindowSchema>;

/** Where an analysis stands; pushed as `slowlog.update` while it runs (throttled) and when it ends. */
export const SlowLogRunSchema = z.object({
  runId: Id,
  sessionId: Id,
  /**
   * The file, absolute, as the backend resolved it (`~` expanded), `mysql.slow_log`, or
   * `ssh://user@host:port/path` for the server's file over SSH.
   */
  path: z.string(),
  /** What `bytesRead` and `totalBytes` count: bytes of a file, or rows of mysql.slow_log. */
  unit: z.enum(['bytes', 'rows']),
  state: z.enum(['running', 'done', 'error', 'cancelled']),
  /** Bytes read so far (after gunzip for a gzip file). */
  bytesRead: z.number().int().nonnegative(),
  /** The file's size on disk; null for a gzip file (its bytes read are the unzipped ones). */
  totalBytes: z.number().int().nonnegative().nullable(),
  /** Bytes read per second so far. */
  bytesPerSecond: z.number().nonnegative(),
  /** Seconds left at that rate; null when the size is unknown or nothing was read yet. */
  etaSeconds: z.number().nonnegative().nullable(),
  elapsedMs: z.number().nonnegative(),
  /** Why it stopped (a clear message for a missing, binary, empty or non-slow-log file). */
  error: ApiErrorShapeSchema.nullable(),
  /** Set once done (an analysis). */
  result: SlowLogResultSchema.nullable(),
  /** Set once done (a comparison). */
  comparison: SlowLogComparisonSchema.nullable(),
});
export type SlowLogRun = z.infer<typeof SlowLogRunSchema>;

/** The slow-log part of the tuning screen, spread into the contract. */
export const slowlogContract = {
  /** Which slow-log sources the session's connection offers, and why the others are not. */
  'slowlog.sources': {
    params: z.object({ sessionId: Id }),
    result: z.object({ sources: z.array(SlowLogSourceInfoSchema) }),
  },
  /**
   * Reads a slow log file on the backend's machine (plain or gzip) into pt-query-digest's classes
   * and returns at once; `slowlog.update` events follow. Only the digest is kept, never the file.
   * One analysis per session: starting another cancels the one running. Closing the session or
   * the screen cancels it too.
   */
  'slowlog.analyze': {
    params: z.object({
      sessionId: Id,
      /** Absolute, or starting with `~/` (the backend user's home folder). */
      path: z.string().min(1).max(4096),
      filter: SlowLogFilterSchema.optional(),
    }),
    result: SlowLogRunSchema,
  },
  /**
   * Compares two windows (before and after a deploy): two time windows of one file, read once,
   * or two files read one after the other. Runs, reports and cancels as `slowlog.analyze` does
   * (one run per session); the run's `comparison` is set once done.
   */
  'slowlog.compare': {
    params: z.object({ sessionId: Id, before: SlowLogWindowSchema, after: SlowLogWindowSchema }),
    result: SlowLogRunSchema,
  },
  /**
   * Two windows of the server's own log, read once: mysql.slow_log (`table`, where log_output
   * includes TABLE) or its file over the connection's SSH tunnel (`ssh`), each refused as
   * `slowlog.analyzeTable` / `slowlog.analyzeServerFile` refuse it. Runs, reports and cancels
   * as `slowlog.compare` does.
   */
  'slowlog.compareServerLog': {
    params: z.object({
      sessionId: Id,
      source: z.enum(['table', 'ssh']),
      before: SlowLogFilterSchema,
      after: SlowLogFilterSchema,
    }),
    result: SlowLogRunSchema,
  },
  /**
   * The same for mysql.slow_log, where the server's log_output includes TABLE: its rows are
   * streamed on the session's own connection (explains wait until it ends) and stopped with KILL
   * QUERY on cancel. Refused with INVALID_REQUEST when the source is not available.
   */
  'slowlog.analyzeTable': {
    params: z.object({ sessionId: Id, filter: SlowLogFilterSchema.optional() }),
    result: SlowLogRunSchema,
  },
  /**
   * The same for the server's own file (@@slow_query_log_file, relative to @@datadir) read over
   * the connection's SSH tunnel with SFTP, read-only. Refused with INVALID_REQUEST when the
   * connection has no SSH tunnel; a file the SSH user cannot read ends the run with FILE_ERROR.
   */
  'slowlog.analyzeServerFile': {
    params: z.object({ sessionId: Id, filter: SlowLogFilterSchema.optional() }),
    result: SlowLogRunSchema,
  },
  'slowlog.status': {
    params: z.object({ runId: Id }),
    result: SlowLogRunSchema,
  },
  /** Stops an analysis at the next chunk read; harmless once it ended. */
  'slowlog.cancel': {
    params: z.object({ runId: Id }),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const;

export const slowlogEvents = {
  /** An analysis progressed (throttled) or ended. */
  'slowlog.update': SlowLogRunSchema,
} as const;
