/**
 * Work on one tool session's connection, one piece at a time and in the order asked: a user's
 * explain asked while a background explain runs waits for that one statement only (the
 * background run takes a turn per statement), instead of failing with SESSION_BUSY.
 */
export class SessionTurns {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` once the session's earlier turns have ended (however they ended). */
  take<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(sessionId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => undefined);
    this.#tails.set(sessionId, tail);
    void tail.then(() => {
      if (this.#tails.get(sessionId) === tail) this.#tails.delete(sessionId);
    });
    return mine;
  }
}
