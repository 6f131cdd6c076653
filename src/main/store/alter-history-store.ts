/**
 * The ALTER runs, kept in `<dataDir>/alter-history.jsonl`: one JSON object per line, appended
 * when a run ends and again whenever its outcome becomes known later (a check after a lost
 * connection): the last line of a run is the one that counts, so an update is one append and a
 * crash loses at most the line being written. A torn last line is skipped; a file with any other
 * line that cannot be read (damage, a newer Sightline's run this version cannot use) is kept
 * aside (moveAsideDamaged) and its readable runs written back, so no compaction ever drops an
 * unread line. Past MAX_ENTRIES lines the file is rewritten atomically with the
 * newest runs, one line each. Writes the disk refuses are kept, reported and retried
 * (AppendOnlyFile).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AlterHistoryEntrySchema, type AlterHistoryEntry } from '../../shared/api/alter';
import { AppendOnlyFile } from './append-only-file';
import { moveAsideDamaged, PRIVATE_FILE_MODE } from './atomic-file';
import { chmodNoFollow } from './private-data-dir';
import { errorMessage } from './os-error';
import type { RetryDelays } from './retrying-write';
import type { StoreWriteMonitor } from './store-write-monitor';
import { maskAlterHistoryEntry } from './record-masking';

export const ALTER_HISTORY_FILE_NAME = 'alter-history.jsonl';
const MAX_ENTRIES = 2000;

/** Keeps keys a newer Sightline may have added. */
const StoredLine = AlterHistoryEntrySchema.loose();

export interface AlterHistoryWriting {
  /** Told when a write fails and when writing works again. */
  monitor?: StoreWriteMonitor;
  retryDelays?: RetryDelays;
}

interface Loaded {
  /** Runs oldest first, each once (as its last line says). */
  entries: AlterHistoryEntry[];
  /** Lines in the file, updates included: what decides when to compact. */
  lines: number;
  file: AppendOnlyFile;
}

export class AlterHistoryStore {
  readonly #dataDir: string;
  readonly #path: string;
  readonly #writing: AlterHistoryWriting;
  #loaded: Promise<Loaded> | null = null;
  #warning: string | null = null;

  constructor(dataDir: string, writing: AlterHistoryWriting = {}) {
    this.#dataDir = dataDir;
    this.#path = join(dataDir, ALTER_HISTORY_FILE_NAME);
    this.#writing = writing;
  }

  #load(): Promise<Loaded> {
    this.#loaded ??= this.#read();
    return this.#loaded;
  }

  async #read(): Promise<Loaded> {
    let text = '';
    try {
      text = await readFile(this.#path, 'utf8');
    } catch {
      // No file yet (or unreadable): an empty history; appends create it.
    }
    const entries: AlterHistoryEntry[] = [];
    const at = new Map<string, number>();
    let lines = 0;
    let damaged = 0;
    const all = text.split('\n');
    for (const [n, line] of all.entries()) {
      if (line.trim() === '') continue;
      try {
        const parsed = StoredLine.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error('not a run');
        lines++;
        const index = at.get(parsed.data.runId);
        if (index === undefined) {
          at.set(parsed.data.runId, entries.length);
          entries.push(parsed.data);
        } else {
          entries[index] = parsed.data;
        }
      } catch {
        // The last line without its newline was cut short by a crash: it never was a run.
        if (n < all.length - 1) damaged++;
      }
    }
    const loaded: Loaded = {
      entries,
      lines,
      file: new AppendOnlyFile({
        path: this.#path,
        store: 'alter-history',
        label: 'The ALTER history',
        content: () => loaded.entries.map((e) => JSON.stringify(e) + '\n').join(''),
        // The file ends inside a line (a torn write): the next line starts a new one first.
        needsNewline: text.length > 0 && !text.endsWith('\n'),
        monitor: this.#writing.monitor,
        delays: this.#writing.retryDelays,
      }),
    };
    if (damaged > 0) await this.#keepAside(loaded, damaged);
    return loaded;
  }

  /** Moves the file with `damaged` unreadable lines aside and writes the readable runs back. */
  async #keepAside(loaded: Loaded, damaged: number): Promise<void> {
    try {
      const kept = await moveAsideDamaged(this.#path);
      this.#warning =
        `${damaged} ${damaged === 1 ? 'line' : 'lines'} of the ALTER history ${this.#path} ` +
        `could not be read and ${damaged === 1 ? 'was' : 'were'} skipped; the file as it was ` +
        `is kept as ${kept}.`;
      loaded.lines = loaded.entries.length;
      loaded.file.markRewrite();
      // Failing, it is retried and reported like any write.
      await loaded.file.flush().catch(() => undefined);
    } catch (error) {
      this.#warning = errorMessage(error);
    }
    console.error(`[backend] ${this.#warning}`);
  }

  /** What went wrong with the file once it was read, in plain words, or null. */
  get warning(): string | null {
    return this.#warning;
  }

  /**
   * Records a run: a new one, or the run's newer state (its outcome found out later), which
   * replaces the one recorded before. Resolves once it is in the file, or once that failed:
   * the run is then kept in memory (listed as usual), the failure reported and the write
   * retried.
   */
  async add(unmasked: AlterHistoryEntry): Promise<void> {
    // Passwords in the statement (and in an error quoting it) never reach the file.
    const entry = maskAlterHistoryEntry(unmasked);
    const loaded = await this.#load();
    const index = loaded.entries.findIndex((e) => e.runId === entry.runId);
    if (index === -1) loaded.entries.push(entry);
    else loaded.entries[index] = entry;
    loaded.lines++;
    if (loaded.lines > MAX_ENTRIES * 1.1) {
      loaded.entries.splice(0, Math.max(0, loaded.entries.length - MAX_ENTRIES));
      loaded.lines = loaded.entries.length;
      loaded.file.markRewrite();
    }
    await mkdir(this.#dataDir, { recursive: true, mode: 0o700 }).catch(() => undefined);
    try {
      await loaded.file.append(JSON.stringify(entry) + '\n');
      await chmodNoFollow(this.#path, PRIVATE_FILE_MODE).catch(() => undefined);
    } catch {
      // Reported to the monitor and retried by the file.
    }
  }

  /** Runs, newest first, of one connection or all. */
  async list(connectionId?: string, limit = 200): Promise<AlterHistoryEntry[]> {
    const { entries } = await this.#load();
    return entries
      .filter((e) => connectionId === undefined || e.connectionId === connectionId)
      .slice(-limit)
      .reverse();
  }

  /** Resolves once every run recorded so far is in the file; rejects if writing failed. */
  async flush(): Promise<void> {
    if (this.#loaded) await (await this.#loaded).file.flush();
  }

  /** Stops retrying failed writes (the backend is closing). */
  close(): void {
    void this.#loaded?.then((l) => l.file.close());
  }
}
