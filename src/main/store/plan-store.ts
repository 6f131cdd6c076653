/**
 * Plans kept as evidence, in `<dataDir>/plans.jsonl`: one explain per line, appended as it
 * happens, so "this query changed plan after the upgrade" can be shown with both plans. Lines
 * that cannot be read are skipped (a torn last line after a crash). Bounded: past `maxEntries`
 * or `maxBytes` the oldest go and the file is rewritten atomically; a plan document larger than
 * `maxDocumentChars` is not kept at all (it would crowd out the rest).
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PlanRecordSchema, type PlanRecord } from '../../shared/api/tuning';
import { PRIVATE_FILE_MODE, writeFileAtomic } from './atomic-file';
import { maskPlanRecord } from './record-masking';

export const PLAN_FILE_NAME = 'plans.jsonl';

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

export class PlanStore {
  readonly #path: string;
  readonly #limits: PlanStoreLimits;
  /** Oldest first, with the size of each line. */
  #records: Array<{ record: PlanRecord; bytes: number }> = [];
  #bytes = 0;
  /** Writes run one after another, in order. */
  #queue: Promise<void> = Promise.resolve();

  private constructor(path: string, limits: PlanStoreLimits) {
    this.#path = path;
    this.#limits = limits;
  }

  static async open(dataDir: string, limits: Partial<PlanStoreLimits> = {}): Promise<PlanStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const store = new PlanStore(join(dataDir, PLAN_FILE_NAME), {
      ...DEFAULT_PLAN_LIMITS,
      ...limits,
    });
    let text = '';
    try {
      text = await readFile(store.#path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const parsed = PlanRecordSchema.safeParse(JSON.parse(line));
        if (parsed.success) store.#keep(parsed.data, Buffer.byteLength(line) + 1);
      } catch {
        // A torn or foreign line: skipped, and gone at the next rewrite.
      }
    }
    return store;
  }

  /** Keeps a plan, its secrets masked (record-masking.ts); false when its document is too large. */
  add(unmasked: PlanRecord): Promise<boolean> {
    const record = maskPlanRecord(unmasked);
    if (record.document.length > this.#limits.maxDocumentChars) return Promise.resolve(false);
    const line = JSON.stringify(record) + '\n';
    this.#keep(record, Buffer.byteLength(line));
    const overflow =
      this.#records.length > this.#limits.maxEntries * 1.1 ||
      this.#bytes > this.#limits.maxBytes * 1.1;
    const work = this.#queue.then(async () => {
      if (overflow) await this.#compact();
      else await appendFile(this.#path, line, { mode: PRIVATE_FILE_MODE });
    });
    this.#queue = work.catch((e: unknown) => console.error('[plans] write failed:', e));
    return work.then(() => true);
  }

  /** Plans of statements of this shape, newest first (one connection's, or everyone's). */
  find(shape: string, connectionId: string | null): PlanRecord[] {
    const out: PlanRecord[] = [];
    for (let i = this.#records.length - 1; i >= 0; i--) {
      const r = this.#records[i]!.record;
      if (r.shape === shape && (connectionId === null || r.connectionId === connectionId))
        out.push(r);
    }
    return out;
  }

  get size(): number {
    return this.#records.length;
  }

  /** Resolves once every write asked for so far is on disk. */
  flush(): Promise<void> {
    return this.#queue;
  }

  #keep(record: PlanRecord, bytes: number): void {
    this.#records.push({ record, bytes });
    this.#bytes += bytes;
  }

  async #compact(): Promise<void> {
    while (
      this.#records.length > this.#limits.maxEntries ||
      (this.#bytes > this.#limits.maxBytes && this.#records.length > 1)
    ) {
      this.#bytes -= this.#records.shift()!.bytes;
    }
    const text = this.#records.map((r) => JSON.stringify(r.record) + '\n').join('');
    await writeFileAtomic(this.#path, text, { mode: PRIVATE_FILE_MODE });
  }
}
