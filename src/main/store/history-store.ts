/**
 * The query history, kept in `<dataDir>/history.jsonl`: one JSON object per line, one line per
 * statement, only ever appended to, so a crash loses at most the line being written. A torn
 * last line is cut off when the file is opened; any other line that cannot be read is skipped,
 * and the file holding it is kept aside (see moveAsideDamaged) before the good lines are
 * written back.
 *
 * Memory holds every entry (the file is bounded, and searching memory is instant); writes go
 * through AppendOnlyFile (batched, retried when the disk refuses them), and the file is
 * rewritten atomically when it is compacted (past its bounds, the oldest entries go) or
 * cleared. Statements are masked before they are kept (history-masking.ts): no password ever
 * reaches the file.
 */
import { mkdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import {
  HistoryEntrySchema,
  MAX_HISTORY_SQL_CHARS,
  type HistoryEntry,
  type HistoryPage,
  type HistorySearchParams,
} from '../../shared/api/history';
import { ApiError } from '../../shared/api/errors';
import { AppendOnlyFile } from './append-only-file';
import { moveAsideDamaged, PRIVATE_FILE_MODE, removeStrayTempFiles } from './atomic-file';
import { chmodNoFollow } from './private-data-dir';
import type { SessionLexing } from '../../shared/sql/mask-secrets';
import { maskErrorMessageForHistory, maskStatementForHistory } from './history-masking';
import { errorCode, errorMessage } from './os-error';
import type { RetryDelays } from './retrying-write';
import type { StoreWriteMonitor } from './store-write-monitor';

export const HISTORY_FILE_NAME = 'history.jsonl';

/**
 * A finished statement as the recorder reports it: SQL and error as they were, unmasked, and
 * what is known of how the session read it (for masking; not kept).
 */
export type NewHistoryEntry = Omit<HistoryEntry, 'seq' | 'sqlTruncated' | 'sqlLength'> & {
  lexing?: SessionLexing;
};

export interface HistoryStoreOptions {
  /** Entries kept; the oldest go once there are 10% more. */
  maxEntries?: number;
  /** Bytes of file kept; the oldest entries go once the file is 10% larger. */
  maxBytes?: number;
  /** Told when a write fails and when writing works again. */
  monitor?: StoreWriteMonitor;
  retryDelays?: RetryDelays;
}

export const DEFAULT_HISTORY_LIMITS = { maxEntries: 50_000, maxBytes: 32 * 1024 * 1024 };

/** Lines as stored: entries, keeping keys a newer Sightline may have added. */
const StoredLineSchema = HistoryEntrySchema.loose();

interface Kept {
  entry: HistoryEntry;
  /** Bytes of its line in the file, newline included. */
  bytes: number;
}

export class HistoryStore {
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  /** Oldest first, in `seq` order. */
  #kept: Kept[];
  #bytes: number;
  #nextSeq: number;
  readonly #file: AppendOnlyFile;
  #warning: string | null;
  /**
   * The file could not be read when opened: it may hold entries memory does not, so it is only
   * appended to, never rewritten from memory (a compaction would erase them), until cleared whole.
   */
  #unread: boolean;
  readonly #path: string;

  private constructor(
    path: string,
    kept: Kept[],
    needsNewline: boolean,
    warning: string | null,
    options: HistoryStoreOptions,
    unread = false,
  ) {
    this.#unread = unread;
    this.#path = path;
    this.#maxEntries = options.maxEntries ?? DEFAULT_HISTORY_LIMITS.maxEntries;
    this.#maxBytes = options.maxBytes ?? DEFAULT_HISTORY_LIMITS.maxBytes;
    this.#kept = kept;
    this.#bytes = kept.reduce((sum, k) => sum + k.bytes, 0);
    this.#nextSeq = (kept.at(-1)?.entry.seq ?? -1) + 1;
    this.#warning = warning;
    this.#file = new AppendOnlyFile({
      path,
      store: 'history',
      label: 'The query history',
      content: () => this.#kept.map((k) => `${JSON.stringify(k.entry)}\n`).join(''),
      needsNewline,
      monitor: options.monitor,
      delays: options.retryDelays,
    });
  }

  static async open(dataDir: string, options: HistoryStoreOptions = {}): Promise<HistoryStore> {
    const path = join(dataDir, HISTORY_FILE_NAME);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await removeStrayTempFiles(path).catch(() => undefined);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      const warning =
        errorCode(error) === 'ENOENT'
          ? null
          : `The query history ${path} could not be read (${errorMessage(error)}); ` +
            `statements run now are added to it, but earlier ones are not shown.`;
      return new HistoryStore(path, [], false, warning, options, warning !== null);
    }
    // The history never held secrets, but it names servers and data: owner only, like all files.
    await chmodNoFollow(path, PRIVATE_FILE_MODE).catch(() => undefined);
    const read = readLines(bytes);
    let warning: string | null = null;
    let needsNewline = read.needsNewline;
    if (read.tornAt !== null) {
      // If it cannot be cut off, it stays a line of its own, skipped on every read.
      await truncate(path, read.tornAt).catch(() => (needsNewline = true));
    }
    const store = new HistoryStore(path, read.kept, needsNewline, null, options);
    let rewrite = false;
    if (read.damaged > 0) {
      try {
        const kept = await moveAsideDamaged(path);
        warning =
          `${read.damaged} ${read.damaged === 1 ? 'line' : 'lines'} of the query history ` +
          `${path} could not be read and ${read.damaged === 1 ? 'was' : 'were'} skipped; ` +
          `the file as it was is kept as ${kept}.`;
        rewrite = true;
      } catch (error) {
        warning = errorMessage(error);
      }
    }
    store.#warning = warning;
    if (rewrite) store.#file.markRewrite();
    store.#compactIfNeeded();
    // Failing, it is retried and reported like any write.
    if (store.#file.rewritePending) await store.flush().catch(() => undefined);
    return store;
  }

  /** What went wrong with the file, in plain words, or null. */
  get warning(): string | null {
    return this.#warning;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#kept.length;
  }

  /**
   * Records a finished statement: masked and cut to size at once (only the masked text is ever
   * kept, in memory too) and searchable at once. The promise resolves once its line is in the
   * file and flushed; it rejects (STORE_FAILED) when that write failed, and then the line is
   * kept in memory and written by the next write or retry.
   */
  append(input: NewHistoryEntry): Promise<void> {
    // Only what is kept is masked: masking costs time in proportion to the text (it is cut
    // first, which is safe: a literal cut open is masked to the end of the text).
    const kept = cutAt(input.sql, MAX_HISTORY_SQL_CHARS);
    const masked = maskStatementForHistory(kept, input.lexing);
    const error = input.error && {
      ...input.error,
      message: maskErrorMessageForHistory(input.error.message, kept, masked),
    };
    // Keys in the schema's order, so a line reads the same after a compaction rewrites it.
    const entry: HistoryEntry = {
      seq: this.#nextSeq++,
      connectionId: input.connectionId,
      connectionName: input.connectionName,
      connectionColor: input.connectionColor,
      schema: input.schema,
      startedAt: input.startedAt,
      durationMs: input.durationMs,
      state: input.state,
      rows: input.rows,
      affectedRows: input.affectedRows,
      error,
      sql: masked,
      sqlTruncated: kept.length < input.sql.length,
      sqlLength: input.sql.length,
    };
    const line = `${JSON.stringify(entry)}\n`;
    this.#kept.push({ entry, bytes: Buffer.byteLength(line) });
    this.#bytes += Buffer.byteLength(line);
    this.#compactIfNeeded();
    return this.#file.append(line);
  }

  /**
   * Entries newest first, matching `text` (case-insensitively, in the statement or its error
   * message) and `connectionId`, older than the cursor `before`.
   */
  search(params: HistorySearchParams): HistoryPage {
    const needle = params.text?.trim().toLowerCase() ?? '';
    const before = params.before === undefined ? Infinity : Number(params.before);
    const entries: HistoryEntry[] = [];
    let i = this.#indexBefore(before);
    for (; i >= 0; i--) {
      const { entry } = this.#kept[i]!;
      if (params.connectionId !== undefined && entry.connectionId !== params.connectionId) continue;
      if (needle !== '' && !matches(entry, needle)) continue;
      if (entries.length === params.limit) break;
      entries.push(structuredClone(entry));
    }
    // The loop stopped at a further match only when there is one: then there is a next page.
    const last = entries.at(-1);
    return { entries, nextCursor: i >= 0 && last ? String(last.seq) : null };
  }

  /** Forgets one connection's entries, or all; resolves once the file no longer has them. */
  async clear(connectionId?: string): Promise<number> {
    if (this.#unread && connectionId !== undefined) {
      throw new ApiError({
        code: 'STORE_FAILED',
        message:
          `The query history ${this.#path} could not be read when Sightline started, so this connection's earlier ` +
          'entries in it cannot be told from the others: nothing was removed. Make the file readable and restart ' +
          'Sightline, or clear the whole history.',
      });
    }
    const before = this.#kept.length;
    if (connectionId === undefined && this.#unread) {
      // Cleared whole, the file holds nothing memory lacks: it may be rewritten from now on.
      this.#unread = false;
      this.#warning = null;
    }
    this.#kept =
      connectionId === undefined
        ? []
        : this.#kept.filter((k) => k.entry.connectionId !== connectionId);
    this.#bytes = this.#kept.reduce((sum, k) => sum + k.bytes, 0);
    this.#file.markRewrite();
    // Counted now: entries recorded while the file is rewritten are not among the removed.
    const removed = before - this.#kept.length;
    await this.#file.flush();
    return removed;
  }

  /** Resolves once everything recorded so far is in the file; rejects if writing failed. */
  flush(): Promise<void> {
    return this.#file.flush();
  }

  /** Stops retrying failed writes (the backend is closing). */
  close(): void {
    this.#file.close();
  }

  /** The index of the newest entry with a seq below `before`, or -1. */
  #indexBefore(before: number): number {
    let lo = 0;
    let hi = this.#kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#kept[mid]!.entry.seq < before) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Past the bounds plus 10% slack (so not every append rewrites), drops the oldest entries. */
  #compactIfNeeded(): void {
    const slack = (n: number) => Math.max(n + 1, Math.floor(n * 1.1));
    if (this.#kept.length <= slack(this.#maxEntries) && this.#bytes <= slack(this.#maxBytes)) {
      return;
    }
    let drop = Math.max(0, this.#kept.length - this.#maxEntries);
    let bytes = this.#bytes - this.#kept.slice(0, drop).reduce((sum, k) => sum + k.bytes, 0);
    while (bytes > this.#maxBytes && drop < this.#kept.length) bytes -= this.#kept[drop++]!.bytes;
    this.#kept = this.#kept.slice(drop);
    this.#bytes = bytes;
    if (!this.#unread) this.#file.markRewrite();
  }
}

interface ReadLines {
  kept: Kept[];
  /** Lines that are not a valid entry, other than a torn last one. */
  damaged: number;
  /** Where an unfinished last line starts, to cut it off; null when there is none. */
  tornAt: number | null;
  /** The file's last line is a good entry that lacks its newline. */
  needsNewline: boolean;
}

/** Parses the file's lines, sorting entries by `seq` (two processes may have appended). */
function readLines(bytes: Buffer): ReadLines {
  const kept: Kept[] = [];
  let damaged = 0;
  let tornAt: number | null = null;
  let needsNewline = false;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    const isLast = newline === -1;
    const lineBytes = end - start + 1;
    const text = bytes.subarray(start, end).toString('utf8').trim();
    if (text !== '') {
      const entry = parseLine(text);
      if (entry) {
        kept.push({ entry, bytes: lineBytes });
        if (isLast) needsNewline = true;
      } else if (isLast) {
        // The write of the last line was cut short by a crash: it was never a complete entry.
        tornAt = start;
      } else {
        damaged++;
      }
    }
    start = end + 1;
  }
  kept.sort((a, b) => a.entry.seq - b.entry.seq);
  return { kept, damaged, tornAt, needsNewline };
}

function parseLine(text: string): HistoryEntry | null {
  try {
    const result = StoredLineSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function matches(entry: HistoryEntry, needle: string): boolean {
  return (
    entry.sql.toLowerCase().includes(needle) ||
    (entry.error?.message.toLowerCase().includes(needle) ?? false)
  );
}

/** `text` cut to at most `max` UTF-16 units, never between the halves of a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
