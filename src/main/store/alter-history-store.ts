/**
 * The ALTER runs, kept in `<dataDir>/alter-history.jsonl`: one JSON object per line, appended
 * when a run ends, so a crash loses at most the line being written. Lines that cannot be read
 * (a torn last line, a damaged one) are skipped. Past MAX_ENTRIES the file is rewritten
 * atomically with the newest ones.
 */
import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AlterHistoryEntrySchema, type AlterHistoryEntry } from '../../shared/api/alter';
import { PRIVATE_FILE_MODE, writeFileAtomic } from './atomic-file';
import { maskAlterHistoryEntry } from './record-masking';

export const ALTER_HISTORY_FILE_NAME = 'alter-history.jsonl';
const MAX_ENTRIES = 2000;

/** Keeps keys a newer Sightline may have added. */
const StoredLine = AlterHistoryEntrySchema.loose();

export class AlterHistoryStore {
  readonly #path: string;
  #entries: AlterHistoryEntry[] | null = null;
  /** The file ends inside a line (a torn write): the next append starts a new line first. */
  #needsNewline = false;
  /** Writes one at a time, in order; never rejects. */
  #queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.#path = join(dataDir, ALTER_HISTORY_FILE_NAME);
  }

  async #load(): Promise<AlterHistoryEntry[]> {
    if (this.#entries) return this.#entries;
    let text = '';
    try {
      text = await readFile(this.#path, 'utf8');
    } catch {
      // No file yet (or unreadable): an empty history; appends create it.
    }
    this.#needsNewline = text.length > 0 && !text.endsWith('\n');
    const entries: AlterHistoryEntry[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const parsed = StoredLine.safeParse(JSON.parse(line));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        // A torn or damaged line: skipped.
      }
    }
    this.#entries ??= entries;
    return this.#entries;
  }

  /** Adds a finished run, its secrets masked (record-masking.ts). */
  add(unmasked: AlterHistoryEntry): Promise<void> {
    const entry = maskAlterHistoryEntry(unmasked);
    const write = this.#queue.then(async () => {
      const entries = await this.#load();
      entries.push(entry);
      await mkdir(join(this.#path, '..'), { recursive: true, mode: 0o700 });
      if (entries.length > MAX_ENTRIES * 1.1) {
        entries.splice(0, entries.length - MAX_ENTRIES);
        await writeFileAtomic(this.#path, entries.map((e) => JSON.stringify(e) + '\n').join(''), {
          mode: PRIVATE_FILE_MODE,
        });
      } else {
        const line = (this.#needsNewline ? '\n' : '') + JSON.stringify(entry) + '\n';
        await appendFile(this.#path, line, { mode: PRIVATE_FILE_MODE });
        this.#needsNewline = false;
        await chmod(this.#path, PRIVATE_FILE_MODE).catch(() => undefined);
      }
    });
    this.#queue = write.catch((e: unknown) => {
      console.error(`[alter-history] could not write ${this.#path}: ${String(e)}`);
    });
    return this.#queue;
  }

  /** Runs, newest first, of one connection or all. */
  async list(connectionId?: string, limit = 200): Promise<AlterHistoryEntry[]> {
    await this.#queue;
    const entries = await this.#load();
    return entries
      .filter((e) => connectionId === undefined || e.connectionId === connectionId)
      .slice(-limit)
      .reverse();
  }
}
