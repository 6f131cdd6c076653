/**
 * Plans kept as evidence, in `<dataDir>/plans.jsonl`: one explain per line, appended as it
 * happens, so "this query changed plan after the upgrade" can be shown with both plans. A torn
 * last line (a crash mid-write) is skipped; any other line that cannot be read (damage, or a
 * newer Sightline's record this version cannot use) is skipped too, and the file holding it is
 * kept aside (moveAsideDamaged) before the readable lines are written back. Keys a newer
 * version added to a record are kept when the file is rewritten. Bounded: past `maxEntries`
 * or `maxBytes` the oldest go and the file is rewritten atomically; a plan document larger than
 * `maxDocumentChars` is not kept at all (it would crowd out the rest). Writes the disk refuses
 * are kept, reported and retried (AppendOnlyFile).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PlanRecordSchema, type PlanRecord } from '../../shared/api/tuning';
import { sameStatement, type StatementIdentity } from '../../shared/tuning/statement-identity';
import { AppendOnlyFile } from './append-only-file';
import { moveAsideDamaged } from './atomic-file';
import { errorMessage } from './os-error';
import type { RetryDelays } from './retrying-write';
import type { StoreWriteMonitor } from './store-write-monitor';
import { maskPlanRecord } from './record-masking';

export const PLAN_FILE_NAME = 'plans.jsonl';

/** Records as stored, keeping keys a newer Sightline may have added. */
const StoredRecordSchema = PlanRecordSchema.loose();

export interface PlanStoreLimits {
  maxEntries: number;
  maxBytes: number;
  maxDocumentChars: number;
}

export const DEFAULT_PLAN_LIMITS: PlanStoreLimits = {
  maxEntries: 2000,
  maxBytes: 16 * 1024 * 1024,
  maxDocumentChars: 256 * 1024,
};

export interface PlanStoreWriting {
  /** Told when a write fails and when writing works again. */
  monitor?: StoreWriteMonitor;
  retryDelays?: RetryDelays;
}

export class PlanStore {
  readonly #limits: PlanStoreLimits;
  /** Oldest first, with the size of each line. */
  #records: Array<{ record: PlanRecord; bytes: number }> = [];
  #bytes = 0;
  readonly #file: AppendOnlyFile;
  #warning: string | null = null;

  private constructor(
    path: string,
    limits: PlanStoreLimits,
    needsNewline: boolean,
    writing: PlanStoreWriting,
  ) {
    this.#limits = limits;
    this.#file = new AppendOnlyFile({
      path,
      store: 'plans',
      label: 'The plans kept as evidence',
      content: () => this.#records.map((r) => JSON.stringify(r.record) + '\n').join(''),
      needsNewline,
      monitor: writing.monitor,
      delays: writing.retryDelays,
    });
  }

  static async open(
    dataDir: string,
    limits: Partial<PlanStoreLimits> = {},
    writing: PlanStoreWriting = {},
  ): Promise<PlanStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, PLAN_FILE_NAME);
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    // A torn last line stays skipped; the next plan starts a line of its own.
    const needsNewline = text.length > 0 && !text.endsWith('\n');
    const store = new PlanStore(path, { ...DEFAULT_PLAN_LIMITS, ...limits }, needsNewline, writing);
    const lines = text.split('\n');
    let damaged = 0;
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const record = parseLine(line);
      if (record) store.#keep(record, Buffer.byteLength(line) + 1);
      // The last line without its newline was cut short by a crash: it never was a record.
      else if (index < lines.length - 1) damaged++;
    });
    if (damaged > 0) {
      // Kept aside before the readable lines are written back: nothing unread is dropped.
      try {
        const kept = await moveAsideDamaged(path);
        store.#warning =
          `${damaged} ${damaged === 1 ? 'line' : 'lines'} of the plans kept as evidence ` +
          `${path} could not be read and ${damaged === 1 ? 'was' : 'were'} skipped; ` +
          `the file as it was is kept as ${kept}.`;
        store.#file.markRewrite();
        // Failing, it is retried and reported like any write.
        await store.flush().catch(() => undefined);
      } catch (error) {
        store.#warning = errorMessage(error);
      }
    }
    return store;
  }

  /** What went wrong with the file, in plain words, or null. */
  get warning(): string | null {
    return this.#warning;
  }

  /**
   * Keeps a plan (in place of `supersedes`, a record it makes redundant, when given); false
   * when its document is too large to keep. Resolves once it is in the
   * file, or once writing it failed: then it stays in memory and is retried, and the failure
   * is reported (StoreWriteMonitor), since a plan not yet on disk is still evidence.
   */
  async add(unmasked: PlanRecord, supersedes?: PlanRecord): Promise<boolean> {
    // Secrets in the statement and the plan document never reach the file (record-masking.ts).
    const record = maskPlanRecord(unmasked);
    if (record.document.length > this.#limits.maxDocumentChars) return false;
    const gone = supersedes ? this.#records.findIndex((r) => r.record === supersedes) : -1;
    if (gone >= 0) {
      // The file is written again from memory, without it.
      this.#bytes -= this.#records.splice(gone, 1)[0]!.bytes;
      this.#file.markRewrite();
    }
    const line = JSON.stringify(record) + '\n';
    this.#keep(record, Buffer.byteLength(line));
    if (
      this.#records.length > this.#limits.maxEntries * 1.1 ||
      this.#bytes > this.#limits.maxBytes * 1.1
    ) {
      this.#compact();
    }
    await this.#file.append(line).catch(() => undefined);
    return true;
  }

  /**
   * Plans of one statement, newest first (one connection's, or everyone's): a shape, or an
   * identity matched by DIGEST where both it and a record have one (sameStatement).
   */
  find(statement: string | StatementIdentity, connectionId: string | null): PlanRecord[] {
    const identity = typeof statement === 'string' ? { shape: statement } : statement;
    const out: PlanRecord[] = [];
    for (let i = this.#records.length - 1; i >= 0; i--) {
      const r = this.#records[i]!.record;
      if ((connectionId === null || r.connectionId === connectionId) && sameStatement(identity, r))
        out.push(r);
    }
    return out;
  }

  /** Every plan kept of one connection's statements, oldest first. */
  ofConnection(connectionId: string): PlanRecord[] {
    return this.#records.map((r) => r.record).filter((r) => r.connectionId === connectionId);
  }

  get size(): number {
    return this.#records.length;
  }

  /** Resolves once every plan kept so far is on disk; rejects if writing failed. */
  flush(): Promise<void> {
    return this.#file.flush();
  }

  /** Stops retrying failed writes (the backend is closing). */
  close(): void {
    this.#file.close();
  }

  #keep(record: PlanRecord, bytes: number): void {
    this.#records.push({ record, bytes });
    this.#bytes += bytes;
  }

  /** Drops the oldest plans past the bounds; the file is rewritten from memory at the next write. */
  #compact(): void {
    while (
      this.#records.length > this.#limits.maxEntries ||
      (this.#bytes > this.#limits.maxBytes && this.#records.length > 1)
    ) {
      this.#bytes -= this.#records.shift()!.bytes;
    }
    this.#file.markRewrite();
  }
}

function parseLine(line: string): PlanRecord | null {
  try {
    const parsed = StoredRecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
