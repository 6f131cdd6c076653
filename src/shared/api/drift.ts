import { z } from 'zod';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);
const Name = z.string().min(1).max(64);

/** A table of a comparison. */
export const DriftTableRefSchema = z.object({ schema: Name, table: Name });
export type DriftTableRef = z.infer<typeof DriftTableRefSchema>;

/** What comparing one table found (see compareTable in the backend). */
export const DriftTableResultSchema = z.object({
  schema: z.string(),
  table: z.string(),
  /** The key walked: its index and columns; null when the table has none (see `skipped`). */
  key: z.object({ index: z.string(), columns: z.array(z.string()) }).nullable(),
  /** Why the table was not compared (no usable key, or an error on it); null when it was. */
  skipped: z.string().nullable(),
  /** The GTID point both servers were first read at. */
  point: z.string().nullable(),
  /**
   * How many points the table was read at: a new one every 30 s of reading, so no snapshot
   * holds the source's undo history for long.
   */
  points: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  chunksDiffering: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** The rows that differ (at most DRIFT_MAX_DIFFERENCES per table), by key value (bytes as 0x…). */
  differences: z.array(
    z.object({
      kind: z.enum(['missing', 'extra', 'changed']),
      key: z.array(z.string()),
      /** For a changed row: the stored columns whose values differ, in table order. */
      columns: z.array(z.string()).optional(),
    }),
  ),
  differencesTotal: z.number().int().nonnegative(),
  /** Statements for the replica that make its rows equal to the source's; empty when equal. */
  fix: z.array(z.string()),
  /** How long the replica's applier was held to reach the point, in ms. */
  pausedMs: z.number().nonnegative(),
});
export type DriftTableResult = z.infer<typeof DriftTableResultSchema>;

/** The most differing rows listed (and repaired) per table; the rest are counted. */
export const DRIFT_MAX_DIFFERENCES = 10_000;

/** Where a comparison stands; pushed as `drift.update` while it runs (throttled) and at its end. */
export const DriftRunSchema = z.object({
  runId: Id,
  sessionId: Id,
  replicaConnectionId: Id,
  /** The replica connection's name, for screens. */
  replicaName: z.string(),
  /** The replica's channel from the source. */
  channel: z.string(),
  state: z.enum(['running', 'done', 'error', 'cancelled']),
  tables: z.array(DriftTableRefSchema),
  /** The table being compared (its index in `tables`). */
  current: z.number().int().nonnegative(),
  rowsDone: z.number().int().nonnegative(),
  /** The servers' estimate of all tables' rows (TABLE_ROWS); progress, not a promise. */
  rowsEstimate: z.number().int().nonnegative(),
  rowsPerSecond: z.number().nonnegative(),
  etaSeconds: z.number().nonnegative().nullable(),
  elapsedMs: z.number().nonnegative(),
  /** Why it waits now (replica lag, source load), or null. */
  throttled: z.string().nullable(),
  /** How the throttle reads the source's load when it cannot do so fully, or null. */
  loadNote: z.string().nullable(),
  results: z.array(DriftTableResultSchema),
  error: ApiErrorShapeSchema.nullable(),
});
export type DriftRun = z.infer<typeof DriftRunSchema>;

/** Comparing tables between the session's server and one of its replicas (data drift). */
export const driftContract = {
  /**
   * Compares `tables` between the session's server (the source) and the saved connection
   * `replicaConnectionId` (a replica of it): per table, the replica's applier is held for a
   * moment to bring both to one GTID point (hence `allowApplierPause`), then chunks are
   * checksummed on both and differing chunks narrowed to rows. Reads only. Returns at once;
   * `drift.update` events follow. Throttled while the replica lags more than
   * `maxReplicaLagSeconds` or the source runs more than `maxThreadsRunning` statements (sessions
   * not sleeping, replication and daemon threads left out).
   */
  'drift.start': {
    params: z.object({
      sessionId: Id,
      replicaConnectionId: Id,
      tables: z.array(DriftTableRefSchema).min(1).max(200),
      chunkRows: z.number().int().min(100).max(100_000).optional(),
      maxReplicaLagSeconds: z.number().int().min(1).max(3600).optional(),
      maxThreadsRunning: z.number().int().min(1).max(10_000).optional(),
      allowApplierPause: z.literal(true),
    }),
    result: DriftRunSchema,
  },
  'drift.status': { params: z.object({ runId: Id }), result: DriftRunSchema },
  /** Stops a comparison between chunks; harmless once it ended. */
  'drift.cancel': {
    params: z.object({ runId: Id }),
    result: z.object({ cancelled: z.boolean() }),
  },
  /**
   * Runs a table's fix statements on the replica, exactly as shown: `confirmSql` must equal
   * the result's `fix` joined with `;\n`. Refused on a read-only replica connection. Stops at
   * the first statement that fails. `skipped`: statements that changed no row because the
   * replica's row is no longer as compared (a newer write replicated since): left alone.
   */
  'drift.fix': {
    params: z.object({
      runId: Id,
      schema: Name,
      table: Name,
      confirmSql: z
        .string()
        .min(1)
        .max(64 * 1024 * 1024),
    }),
    result: z.object({
      ran: z.number().int().nonnegative(),
      skipped: z.array(z.string()),
      failedStatement: z.string().nullable(),
      error: ApiErrorShapeSchema.nullable(),
    }),
  },
  /**
   * Stops a table's fix running on the replica: KILL QUERY of the statement it runs or waits
   * on, and no statement after it. Each statement commits on its own: those that ran stay.
   */
  'drift.cancelFix': {
    params: z.object({ runId: Id, schema: Name, table: Name }),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const;

export const driftEvents = {
  /** A comparison progressed (throttled) or ended. */
  'drift.update': DriftRunSchema,
} as const;
