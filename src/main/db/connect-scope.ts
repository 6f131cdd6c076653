import type { ConnectStage } from './error-to-api';

/** Thrown by `ConnectScope.race` when the attempt's time is up; turned into TIMEOUT by the caller. */
export class ConnectTimedOut extends Error {
  constructor(readonly stage: ConnectStage) {
    super(`connect timed out (${stage})`);
    this.name = 'ConnectTimedOut';
  }
}

/**
 * One connect attempt: a single deadline shared by all its steps (SSH, TCP, TLS, login, init
 * SQL), and everything the steps opened, so that a failure or timeout at any point closes all
 * of it. Steps register what they open as soon as it exists; on success the caller takes
 * ownership and the scope forgets it.
 */
export class ConnectScope {
  /** The step in progress, so a timeout can say where it stopped. */
  stage: ConnectStage = 'tcp';
  readonly #closers: Array<() => void> = [];
  readonly #endsAt: number;
  readonly #timer: NodeJS.Timeout;
  readonly #expired = new AbortController();
  #finished = false;

  constructor(timeoutMs: number) {
    this.#endsAt = Date.now() + timeoutMs;
    this.#timer = setTimeout(() => this.#expired.abort(), timeoutMs);
  }

  /** Milliseconds left, at least 1 so that it is always a valid timeout option. */
  remainingMs(): number {
    return Math.max(1, this.#endsAt - Date.now());
  }

  /** Registers a closer for something just opened; runs it at once if the attempt already ended. */
  own(close: () => void): void {
    if (this.#finished) {
      safely(close);
      return;
    }
    this.#closers.push(close);
  }

  /**
   * Waits for `step`, or rejects with ConnectTimedOut when time runs out first. The step's own
   * later settlement is absorbed (no unhandled rejection); what it opened is closed by `fail`.
   */
  race<T>(step: Promise<T>): Promise<T> {
    const signal = this.#expired.signal;
    return new Promise<T>((resolve, reject) => {
      const onExpired = () => reject(new ConnectTimedOut(this.stage));
      if (signal.aborted) {
        onExpired();
      } else {
        signal.addEventListener('abort', onExpired, { once: true });
      }
      step.then(
        (value) => {
          signal.removeEventListener('abort', onExpired);
          resolve(value);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onExpired);
          reject(err);
        },
      );
    });
  }

  /** The attempt failed: close everything it opened, newest first. */
  fail(): void {
    this.#finish();
    for (const close of this.#closers.splice(0).reverse()) safely(close);
  }

  /** The attempt succeeded: stop the clock; what was opened now belongs to the caller. */
  succeed(): void {
    this.#finish();
    this.#closers.length = 0;
  }

  #finish(): void {
    this.#finished = true;
    clearTimeout(this.#timer);
  }
}

/** Closing is best effort: a socket that is already gone must not turn a failure into a crash. */
function safely(close: () => void): void {
  try {
    close();
  } catch {
    // already closed
  }
}
