import { z } from 'zod';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);

/**
 * File formats of a full-result export. Both are UTF-8 without a byte order mark, and keep every
 * value exactly as the server sent it:
 * - `csv`: RFC 4180 - a header row of column names, records ended by CRLF, a field quoted when it
 *   holds `"`, `,`, CR or LF (quotes doubled); NULL is an empty unquoted field and the empty
 *   string is `""`; bytes (BINARY, VARBINARY, BLOB, BIT, GEOMETRY) are `0x` + upper-case hex
 *   (`0x` alone for zero bytes). A text value that happens to read `0x...` is still text: the
 *   column's type says which.
 * - `jsonl`: JSON Lines - one object per row, keys the column names in order (a repeated name
 *   gets `_2`, `_3`, ...); NULL is `null`; every other value is a string - numbers and decimals
 *   too (exact: `18446744073709551615`, `0.1`), and a JSON column's own text as the server sent
 *   it (parse it for the structure); bytes are `{"$hex": "DEADBEEF"}`, so they never pass for
 *   text.
 */
export const ExportFormatSchema = z.enum(['csv', 'jsonl']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const EXPORT_STATES = ['running', 'done', 'error', 'cancelled'] as const;

/** The length of a download token: 32 random bytes in base64url (256 bits). */
export const DOWNLOAD_TOKEN_LENGTH = 43;

/** The web server's path for one download; the token is its last segment. */
export const DownloadUrlSchema = z
  .string()
  .regex(new RegExp(`^/download/[A-Za-z0-9_-]{${DOWNLOAD_TOKEN_LENGTH}}$`));

/**
 * A finished browser-mode export, ready for the browser to fetch once from `url` on the same
 * web server before `expiresAt`. The token in the url works once,
 * only while the page that started the export is connected; the file is removed after the
 * download or at expiry.
 */
export const ExportDownloadSchema = z.object({
  url: DownloadUrlSchema,
  /** The name the browser is offered (Content-Disposition). */
  fileName: z.string().min(1).max(255),
  /** Milliseconds since the epoch (the web server's clock). */
  expiresAt: z.number().int().nonnegative(),
});
export type ExportDownload = z.infer<typeof ExportDownloadSchema>;

/**
 * Where an export stands; pushed as `export.update` when it starts, while it runs (throttled) and
 * when it ends.
 * While it runs the file is written under a temporary name beside `path`
 * (`<name>.<8 hex digits>.sightline-partial`); it takes its name only once complete, and a
 * cancelled or failed export removes it, so `path` never holds a partial export (a backend
 * killed mid-way can leave the temporary file, named so that it is clearly one).
 */
export const ExportStatusSchema = z.object({
  exportId: Id,
  /** The result whose statement was re-run. */
  queryId: Id,
  sessionId: Id,
  format: ExportFormatSchema,
  /**
   * The file, absolute, as the backend resolved it (`~` expanded); for a download
   * (`query.exportDownload`), the file name offered to the browser.
   */
  path: z.string(),
  state: z.enum(EXPORT_STATES),
  /** Rows written so far. */
  rows: z.number().int().nonnegative(),
  /** Bytes written so far (header included). */
  bytes: z.number().int().nonnegative(),
  elapsedMs: z.number().nonnegative(),
  error: ApiErrorShapeSchema.nullable(),
  /**
   * CSV: cells (header included) that a spreadsheet opening the file may run as formulas
   * (`=HYPERLINK(...)`, `@SUM(...)`, `-1+cmd|...`), written as they are; 0 for JSON Lines.
   */
  formulaLikeCells: z.number().int().nonnegative(),
  /** A download export that is done: where the browser fetches it (absent otherwise). */
  download: ExportDownloadSchema.optional(),
});
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/**
 * Exports a result in full by running its statement again on its own session - the in-memory
 * result may have stopped at a limit - and streaming every row straight to a file on the
 * machine running the backend. Same session means same session state (default database,
 * variables, temporary tables, open transaction); the data itself may have changed since the
 * first run unless a consistent-snapshot transaction is open. The session is busy until the
 * export ends (`query.start` answers SESSION_BUSY). Only statements the read-only classifier
 * calls `read` are run again: re-running a write would repeat it.
 */
export const ExportParamsSchema = z.object({
  queryId: Id,
  format: ExportFormatSchema,
  /** Absolute, or starting with `~/` (the backend user's home folder). */
  path: z.string().min(1).max(4096),
  /**
   * Replace an existing file. Without it an existing file is refused with FILE_ERROR whose
   * `field` is `overwrite`: ask the user, then send again with it set.
   */
  overwrite: z.boolean().optional(),
  /**
   * The user confirmed writing into this folder, which no export wrote into before (only the
   * home folder is approved from the start). Without it such a folder is refused with
   * FILE_ERROR whose `field` is `confirmedFolder`, before the folder is even looked at.
   */
  confirmedFolder: z.boolean().optional(),
});

/** A file name for a new export in the backend user's home folder. */
export const ExportDefaultPathSchema = z.object({
  path: z.string(),
  homeDir: z.string(),
});

/**
 * Browser mode only: exports a result in full as `query.export` does (same re-run, progress,
 * cancel), into a private temporary file on the backend's machine, and makes it a download for
 * the page that asked (`download` in the final status). The desktop app refuses it with
 * INVALID_REQUEST: it saves through its own dialog.
 */
export const ExportDownloadParamsSchema = z.object({
  queryId: Id,
  format: ExportFormatSchema,
  /** The name offered to the browser; path separators and control characters are replaced. */
  fileName: z.string().min(1).max(255),
});
