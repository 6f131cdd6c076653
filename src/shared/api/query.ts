import { z } from 'zod';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);

/** A result column as the server described it. */
export const ResultColumnSchema = z.object({
  name: z.string(),
  /** The column's own name in its table (`name` may be an alias); '' for an expression. */
  orgName: z.string(),
  /** The table and schema the column comes from, when it comes from one. */
  table: z.string(),
  schema: z.string(),
  /** `BIGINT UNSIGNED`, `VARCHAR`, `JSON`, ... */
  typeName: z.string(),
  typeCode: z.number().int(),
  flags: z.number().int(),
  charset: z.number().int(),
  length: z.number(),
  decimals: z.number().int(),
  binary: z.boolean(),
  numeric: z.boolean(),
});
export type ResultColumn = z.infer<typeof ResultColumnSchema>;

/**
 * One cell on the wire: NULL, exact text (numbers, dates and decimals exactly as the server sent
 * them, never converted), bytes as hex, or the start of a long value whose rest is fetched on
 * demand.
 */
/**
 * Set on a value of which only the start was kept: a row too large for the result's memory limit
 * is cut while it arrives. The whole value's size in bytes; the cell's own sizes count the part
 * that was kept.
 */
const WholeBytes = z.number().int().nonnegative().optional();

export const CellSchema = z.union([
  z.null(),
  z.string(),
  z.object({
    t: z.literal('bin'),
    hex: z.string(),
    bytes: z.number().int(),
    partial: z.boolean(),
    wholeBytes: WholeBytes,
  }),
  z.object({
    t: z.literal('long'),
    text: z.string(),
    chars: z.number().int(),
    wholeBytes: WholeBytes,
  }),
]);
export type Cell = z.infer<typeof CellSchema>;

export const QueryWarningSchema = z.object({
  level: z.string(),
  code: z.number().int(),
  message: z.string(),
});
export type QueryWarning = z.infer<typeof QueryWarningSchema>;

export const QUERY_STATES = ['running', 'done', 'error', 'cancelled'] as const;

/** Where a running or finished statement stands; pushed as `query.update` while it runs. */
export const QueryStatusSchema = z.object({
  queryId: Id,
  sessionId: Id,
  sql: z.string(),
  state: z.enum(QUERY_STATES),
  /** Null for statements that return no rows (INSERT, SET, ...). */
  columns: z.array(ResultColumnSchema).nullable(),
  /** Rows received and kept so far. */
  rowCount: z.number().int().nonnegative(),
  /** Why fetching stopped early: the row or memory limit protecting the app. */
  truncated: z.enum(['rows', 'bytes']).nullable(),
  /** As the clients count them: an UPDATE counts the rows it changed, not those it matched. */
  affectedRows: z.number().int().nullable(),
  /**
   * The server's own summary of what the statement did, as the mysql client prints it under
   * "Query OK" (`Rows matched: 3  Changed: 1  Warnings: 0`, `Records: 3  Duplicates: 0
   * Warnings: 0`), in the server's language; null when it sent none (a result set, most DDL).
   */
  info: z.string().nullable(),
  /** As text: it can exceed 2^53. */
  insertId: z.string().nullable(),
  warnings: z.array(QueryWarningSchema),
  elapsedMs: z.number().nonnegative(),
  /** For errors that come after some rows: rows received stay available. */
  error: ApiErrorShapeSchema.nullable(),
  /**
   * Whether the session has a transaction open: as it was when the statement started while it
   * runs, as the server reported after it once it ended; null when the server did not say.
   */
  inTransaction: z.boolean().nullable(),
});
export type QueryStatus = z.infer<typeof QueryStatusSchema>;

/**
 * A `query.update` event: the statement's status, except that `columns` and `sql` are left out
 * of the progress updates, where they did not change. A result thousands of columns wide, or a
 * statement of megabytes, would otherwise travel with every progress report; both come in the
 * update that announces the statement, the columns again where they arrive, both in the last
 * one, and `query.status` always has them.
 */
export const QueryUpdateSchema = QueryStatusSchema.extend({
  /** Absent: the same as in this statement's previous update. */
  columns: QueryStatusSchema.shape.columns.optional(),
  /** Absent: the same as in this statement's previous update. */
  sql: QueryStatusSchema.shape.sql.optional(),
});
export type QueryUpdate = z.infer<typeof QueryUpdateSchema>;

/**
 * The status a screen holds after `update` arrived: the update's columns and statement, or
 * where it left them out, the ones `previous` (the same statement's status as the screen had
 * it) already had.
 */
export function statusAfterUpdate(
  previous: QueryStatus | undefined,
  update: QueryUpdate,
): QueryStatus {
  const { columns, sql, ...rest } = update;
  return {
    ...rest,
    sql: sql ?? previous?.sql ?? '',
    columns: columns === undefined ? (previous?.columns ?? null) : columns,
  };
}

export const QueryRowsSchema = z.object({
  offset: z.number().int().nonnegative(),
  rows: z.array(z.array(CellSchema)),
});
export type QueryRows = z.infer<typeof QueryRowsSchema>;

/** A slice of one cell's full value (text, or hex for bytes), for the cell viewer. */
export const CellSliceSchema = z.object({
  kind: z.enum(['null', 'text', 'binary']),
  /** Characters (text) or bytes (binary) in the whole value. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  data: z.string(),
  /** Set when only the start of the value was kept (see CellSchema); `total` counts that part. */
  wholeBytes: WholeBytes,
});
export type CellSlice = z.infer<typeof CellSliceSchema>;

/** The largest page of rows one call returns. */
export const MAX_ROWS_PER_PAGE = 5000;
/** The largest slice of a cell one call returns (characters or bytes). */
export const MAX_CELL_SLICE = 4 * 1024 * 1024;
