import { z } from 'zod';
import { ConnectionColorSchema } from './connection';

const Id = z.string().min(1).max(64);

/** The most entries one `history.search` call returns. */
export const MAX_HISTORY_PAGE = 500;

/**
 * The longest statement text kept in the history, in characters. Longer ones (a pasted dump)
 * are kept cut, with `sqlLength` saying so, so one huge statement cannot crowd out thousands of
 * ordinary ones.
 */
export const MAX_HISTORY_SQL_CHARS = 64 * 1024;

/** How a recorded statement ended (a running one is not recorded yet). */
export const HISTORY_STATES = ['done', 'error', 'cancelled'] as const;

/** The error a recorded statement ended with; the message has any secrets it echoed masked. */
export const HistoryErrorSchema = z.object({
  /** The API's error code (SERVER_ERROR, CANCELLED, ...). A string, so codes added later still read. */
  code: z.string().max(64),
  /** The server's error number, when the server reported one. */
  serverCode: z.number().int().optional(),
  sqlState: z.string().optional(),
  message: z.string(),
});
export type HistoryError = z.infer<typeof HistoryErrorSchema>;

/** One statement as the history keeps it. */
export const HistoryEntrySchema = z.object({
  /** Increases with every recorded statement, across restarts; what cursors point at. */
  seq: z.number().int().nonnegative(),
  connectionId: Id,
  /** The connection's name and colour when the statement ran (the connection may change later). */
  connectionName: z.string(),
  connectionColor: ConnectionColorSchema.catch('gray'),
  /** The session's default schema (`DATABASE()`) when the statement started; null when none. */
  schema: z.string().nullable(),
  /** When the statement started: ISO 8601 with its time zone, e.g. `2026-11-22T00:41:07.120Z`. */
  startedAt: z.iso.datetime({ offset: true }),
  durationMs: z.number().nonnegative(),
  state: z.enum(HISTORY_STATES),
  /** Rows received, for statements that return rows; null for the others. */
  rows: z.number().int().nonnegative().nullable(),
  /** Rows changed, for statements that return no rows (INSERT, UPDATE, ...); null otherwise. */
  affectedRows: z.number().int().nullable(),
  error: HistoryErrorSchema.nullable(),
  /** The statement with every password literal masked (`'***'`), cut at MAX_HISTORY_SQL_CHARS. */
  sql: z.string(),
  /** True when `sql` is only the start of the statement: it cannot be run again as it is. */
  sqlTruncated: z.boolean(),
  /** Characters in the statement as it ran. */
  sqlLength: z.number().int().nonnegative(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Where a page of results ends; pass it back as `before` to get the next, older page. */
export const HistoryCursorSchema = z.string().regex(/^\d{1,15}$/, 'Not a history cursor');

export const HistorySearchParamsSchema = z.object({
  /** Case-insensitive text to find in the statement or its error message. */
  text: z.string().max(1000).optional(),
  /** Only statements run on this connection. */
  connectionId: Id.optional(),
  limit: z.number().int().min(1).max(MAX_HISTORY_PAGE).default(100),
  before: HistoryCursorSchema.optional(),
});
export type HistorySearchParams = z.output<typeof HistorySearchParamsSchema>;

export const HistoryPageSchema = z.object({
  /** Newest first. */
  entries: z.array(HistoryEntrySchema),
  /** Null when there is nothing older that matches. */
  nextCursor: HistoryCursorSchema.nullable(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const HistoryClearParamsSchema = z.object({
  /** Only this connection's statements; all of them when absent. */
  connectionId: Id.optional(),
});

export const HistoryClearedSchema = z.object({ removed: z.number().int().nonnegative() });
