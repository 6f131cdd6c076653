/**
 * The writing side of a JSON Lines store (history, plans, ALTER runs): lines are appended and
 * flushed, and the whole file is rewritten atomically from memory when the store asks (it
 * dropped its oldest entries, or was cleared). A failed write leaves the file as it was - a
 * partial append is cut off again - and keeps its lines waiting, retried (RetryingWrite).
 */
import { open } from 'node:fs/promises';
import type { WrittenStore } from '../../shared/api/store-writes';
import { ApiError } from '../../shared/api/errors';
import { PRIVATE_FILE_MODE, writeFileAtomic } from './atomic-file';
import { APPEND_NO_FOLLOW } from './private-data-dir';
import { errorMessage } from './os-error';
import { RetryingWrite, type RetryDelays } from './retrying-write';
import type { StoreWriteMonitor } from './store-write-monitor';

export interface AppendOnlyFileOptions {
  path: string;
  store: WrittenStore;
  /** What the file holds, for messages, e.g. "The query history". */
  label: string;
  /** Everything the file should hold now, each line with its newline: what a rewrite writes. */
  content: () => string;
  /** The file ends inside a line (a kept last line without its newline). */
  needsNewline?: boolean;
  monitor?: StoreWriteMonitor | undefined;
  delays?: RetryDelays | undefined;
}

/** A line waiting for the file, and who waits for it to be written. */
interface PendingLine {
  text: string;
  written: (() => void) | null;
}

export class AppendOnlyFile {
  readonly #o: AppendOnlyFileOptions;
  readonly #writer: RetryingWrite;
  /** Lines in memory but not yet in the file, in order, each with its newline. */
  #pending: PendingLine[] = [];
  /** The file must be rewritten from memory before anything is appended. */
  #rewrite = false;
  #needsNewline: boolean;
  /** Lines added since the file last took everything. */
  #unsaved = 0;

  constructor(options: AppendOnlyFileOptions) {
    this.#o = options;
    this.#needsNewline = options.needsNewline ?? false;
    this.#writer = new RetryingWrite({
      store: options.store,
      path: options.path,
      write: (written) => this.#write(written),
      unsaved: () => this.#unsaved,
      monitor: options.monitor,
      delays: options.delays,
    });
  }

  /**
   * Queues `line` (ending with a newline). Resolves once it is written to the file: the system
   * holds it, so a crash of the backend keeps it. The flush to the disk follows at once without
   * being waited for (on a busy disk it takes tens of milliseconds, which every statement's
   * end would wait), and a failed flush is reported and retried like a failed write. Rejects
   * with STORE_FAILED if the write failed, in which case the line stays queued and is retried.
   */
  append(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ text: line, written: resolve });
      this.#unsaved++;
      // After the line was written this changes nothing: a promise settles once.
      this.flush().catch(reject);
    });
  }

  /**
   * Marks the file to be rewritten from `content()` at the next write; the lines waiting are
   * part of that content, so each is written exactly once.
   */
  markRewrite(): void {
    this.#rewrite = true;
  }

  get rewritePending(): boolean {
    return this.#rewrite;
  }

  /** Resolves once everything queued so far is in the file; rejects if writing failed. */
  flush(): Promise<void> {
    return this.#writer.run().catch((error: unknown) => {
      throw new ApiError({
        code: 'STORE_FAILED',
        message:
          `${this.#o.label} could not be written to ${this.#o.path}: ${errorMessage(error)}. ` +
          `It is kept in memory and written as soon as the disk takes it.`,
      });
    });
  }

  /** Stops retrying (the backend is closing). */
  close(): void {
    this.#writer.close();
  }

  async #write(written: () => void): Promise<void> {
    const path = this.#o.path;
    if (this.#rewrite) {
      this.#rewrite = false;
      const taken = this.#pending;
      this.#pending = [];
      try {
        await writeFileAtomic(path, this.#o.content(), { mode: PRIVATE_FILE_MODE });
        announceWritten(taken);
        written();
      } catch (error) {
        // The old file is intact (the rename never happened): rewrite again next time.
        this.#rewrite = true;
        this.#pending = [...taken, ...this.#pending];
        throw error;
      }
      this.#needsNewline = false;
      this.#unsaved = this.#pending.length;
      return;
    }
    if (this.#pending.length === 0) return;
    const lines = this.#pending;
    this.#pending = [];
    const text = (this.#needsNewline ? '\n' : '') + lines.map((l) => l.text).join('');
    let handle;
    try {
      // Opened for each batch rather than held open: a rewrite renames a new file into place.
      // Never through a symbolic link: the data folder is checked, but a link would send the
      // history to a file elsewhere.
      handle = await open(path, APPEND_NO_FOLLOW, PRIVATE_FILE_MODE);
    } catch (error) {
      this.#pending = [...lines, ...this.#pending];
      throw error;
    }
    let sizeBefore: number | null = null;
    try {
      sizeBefore = (await handle.stat()).size;
      await handle.appendFile(text);
      announceWritten(lines);
      written();
      await handle.datasync();
    } catch (error) {
      this.#pending = [...lines, ...this.#pending];
      // A full disk takes part of a batch: cut the file back, so the retry writes each line once
      // and whole. If it cannot be cut, the retry rewrites the file from memory instead.
      if (sizeBefore !== null) {
        const size = sizeBefore;
        await handle.truncate(size).catch(() => (this.#rewrite = true));
      }
      throw error;
    } finally {
      await handle.close().catch(() => undefined);
    }
    this.#needsNewline = false;
    this.#unsaved = this.#pending.length;
  }
}

/** Tells those waiting for `lines` that they are written (once: a retry writes them again). */
function announceWritten(lines: PendingLine[]): void {
  for (const line of lines) {
    line.written?.();
    line.written = null;
  }
}
