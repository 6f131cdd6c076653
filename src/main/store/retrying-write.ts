import type { WrittenStore } from '../../shared/api/store-writes';
import { errorCode, errorMessage } from './os-error';
import type { StoreWriteMonitor } from './store-write-monitor';

export interface RetryDelays {
  /** Wait before the first retry after a failure (ms). */
  firstMs: number;
  /** Longest wait between retries (ms); each failed retry doubles the wait up to this. */
  maxMs: number;
}

/** Short at first (a moment of full disk), then every 10 s: cheap, and soon after space frees. */
export const DEFAULT_RETRY_DELAYS: RetryDelays = { firstMs: 500, maxMs: 10_000 };

export interface RetryingWriteOptions {
  store: WrittenStore;
  path: string;
  /**
   * Writes everything waiting. Throws when it could not; what it could not write must stay
   * waiting, so the next call writes it. It may call `written` once everything is in the file
   * and only the flush to the disk is left, so a recovery is told without waiting for that.
   */
  write: (written: () => void) => Promise<void>;
  /** How many changes are only in memory. */
  unsaved: () => number;
  monitor?: StoreWriteMonitor | undefined;
  delays?: RetryDelays | undefined;
}

/**
 * One store's writes, one at a time and in order. A failed write is reported at once to the
 * monitor and tried again on the store's next change and on a timer with backoff, until it
 * succeeds: nothing a store keeps in memory is dropped because the disk refused it once.
 */
export class RetryingWrite {
  readonly #o: RetryingWriteOptions;
  readonly #delays: RetryDelays;
  /** The tail of the queue; never rejects. */
  #queue: Promise<void> = Promise.resolve();
  #failing = false;
  #nextDelay: number;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: RetryingWriteOptions) {
    this.#o = options;
    this.#delays = options.delays ?? DEFAULT_RETRY_DELAYS;
    this.#nextDelay = this.#delays.firstMs;
  }

  /** Queues a write; settles with its outcome once everything waiting when it ran is handled. */
  run(): Promise<void> {
    const step = this.#queue.then(() => this.#attempt());
    this.#queue = step.catch(() => undefined);
    return step;
  }

  /** Stops retrying (the backend is closing; a last `run` may still be awaited). */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #attempt(): Promise<void> {
    try {
      await this.#o.write(() => this.#recovered());
    } catch (error) {
      this.#failing = true;
      this.#o.monitor?.failed({
        store: this.#o.store,
        path: this.#o.path,
        errorCode: errorCode(error) ?? null,
        error: errorMessage(error),
        unsaved: this.#o.unsaved(),
      });
      this.#retryLater();
      throw error;
    }
    this.#recovered();
  }

  #recovered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#nextDelay = this.#delays.firstMs;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#o.monitor?.recovered(this.#o.store, this.#o.path);
  }

  #retryLater(): void {
    if (this.#closed || this.#timer) return;
    const delay = this.#nextDelay;
    this.#nextDelay = Math.min(delay * 2, this.#delays.maxMs);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      // A failure is reported (and the next retry planned) by the attempt itself.
      this.run().catch(() => undefined);
    }, delay);
    // Retries never keep the process alive on their own.
    this.#timer.unref();
  }
}
