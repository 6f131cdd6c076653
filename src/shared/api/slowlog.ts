import { z } from 'zod';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);

/** The most classes one ranking sends; the rest are counted (`classesTotal`). */
export const SLOWLOG_TOP_CLASSES = 200;
/** The most malformed entries whose byte offsets are sent; the rest are counted. */
export const SLOWLOG_MAX_PROBLEMS = 20;

/** How the classes of an analysis can be ranked (each ranking's top classes are sent). */
export const SlowLogRankingSchema = z.enum(['time', 'count', 'avg', 'rows-examined']);
export type SlowLogRanking = z.infer<typeof SlowLogRankingSchema>;

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
  /** `# Time:` of the first and last entry, as pt-query-digest prints them; null if none. */
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
});
export type SlowLogResult = z.infer<typeof SlowLogResultSchema>;

/** Where an analysis stands; pushed as `slowlog.update` while it runs (throttled) and when it ends. */
export const SlowLogRunSchema = z.object({
  runId: Id,
  sessionId: Id,
  /** The file, absolute, as the backend resolved it (`~` expanded), or `mysql.slow_log`. */
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
  /** Set once done. */
  result: SlowLogResultSchema.nullable(),
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
    }),
    result: SlowLogRunSchema,
  },
  /**
   * The same for mysql.slow_log, where the server's log_output includes TABLE: its rows are
   * streamed on the session's own connection (explains wait until it ends) and stopped with KILL
   * QUERY on cancel. Refused with INVALID_REQUEST when the source is not available.
   */
  'slowlog.analyzeTable': {
    params: z.object({ sessionId: Id }),
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
