import { z } from 'zod';

/** What a thread is there for: a client's connection, or the server's own work. */
export const THREAD_KINDS = ['client', 'system', 'replication', 'daemon'] as const;
export const ThreadKindSchema = z.enum(THREAD_KINDS);
export type ThreadKind = z.infer<typeof ThreadKindSchema>;

/** A value of a column the model does not know, kept as the server sent it (bytes as hex). */
export const ExtraValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ExtraValue = z.infer<typeof ExtraValueSchema>;

const Count = z.number().nonnegative();

/**
 * One row of the processlist, the same whichever table it came from. Figures the source does
 * not have are null; columns the model does not know are kept in `extra`.
 */
export const ProcessRowSchema = z.object({
  /** The processlist id: what KILL and EXPLAIN FOR CONNECTION name. */
  id: z.number().int().nonnegative(),
  /** performance_schema's THREAD_ID (lock tables name threads by it); null without it. */
  threadId: z.number().int().nonnegative().nullable(),
  kind: ThreadKindSchema,
  user: z.string(),
  /** As the server reports it: `10.0.0.5:53122`, `localhost`, `[::1]:4000`. */
  host: z.string(),
  db: z.string().nullable(),
  command: z.string(),
  /** Seconds in the current command (the TIME column). */
  timeSeconds: z.number(),
  /** The same with sub-second precision when the source has it, else timeSeconds × 1000. */
  timeMs: z.number(),
  state: z.string().nullable(),
  /** The statement, cut at STATEMENT_PREVIEW_CHARS (see `infoLength`); null when idle. */
  info: z.string().nullable(),
  /**
   * The statement's length in characters as the source keeps it (0 when there is none):
   * performance_schema keeps performance_schema_max_sql_text_length (1024 by default).
   */
  infoLength: z.number().int().nonnegative(),
  /** The statement held bytes that are not valid text (shown escaped). */
  infoBinary: z.boolean(),
  rowsExamined: Count.nullable(),
  rowsSent: Count.nullable(),
  /** Time spent waiting for table locks in the current statement (MySQL). */
  lockMs: Count.nullable(),
  tmpTables: Count.nullable(),
  tmpDiskTables: Count.nullable(),
  /** Memory the session holds now (MySQL threads.TOTAL_MEMORY, MariaDB MEMORY_USED). */
  memoryBytes: Count.nullable(),
  /** The most it has held (MySQL MAX_TOTAL_MEMORY, MariaDB MAX_MEMORY_USED). */
  memoryPeakBytes: Count.nullable(),
  /**
   * Percent done, for statements that report it: MariaDB's PROGRESS (ALTER, LOAD DATA, ...),
   * MySQL's WORK_COMPLETED / WORK_ESTIMATED of the current stage (events_stages_current).
   */
  progress: z.number().nullable(),
  /** The MySQL stage the progress is of, e.g. `copy to tmp table`; null elsewhere. */
  progressStage: z.string().nullable(),
  /** MariaDB's STAGE / MAX_STAGE of a statement that reports progress. */
  stage: z.object({ current: z.number(), max: z.number() }).nullable(),
  /** True for the connection that reads the processlist itself. */
  self: z.boolean(),
  extra: z.record(z.string(), ExtraValueSchema),
});
export type ProcessRow = z.infer<typeof ProcessRowSchema>;

/** The most statement characters a snapshot carries per row; the rest is fetched on demand. */
export const STATEMENT_PREVIEW_CHARS = 2048;
