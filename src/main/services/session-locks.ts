import { ApiError } from '../../shared/api/errors';

/** What can hold a session's connection. */
export type SessionWork = 'statement' | 'export' | 'explain';

const BUSY_MESSAGES: Record<SessionWork, string> = {
  statement: 'A statement is still running in this session: cancel it or wait for it to finish.',
  export:
    'An export is running in this session (it runs the statement again): cancel it or wait for it to finish.',
  explain: 'An EXPLAIN is running in this session: wait for it to finish.',
};

/** Work that holds a session's connection, and whether it still does. */
interface Holder {
  what: SessionWork;
  active: () => boolean;
}

/**
 * Which work holds each session's one connection, shared by every service that runs something
 * on it (statements, exports). A second piece of work would queue behind the first on the
 * connection, and a cancel (KILL QUERY names the connection) could then stop the wrong one - so
 * the second is refused with SESSION_BUSY instead.
 *
 * A holder says itself whether it is still active (e.g. "its state is still running"), so no
 * path that ends the work can forget to release the session.
 */
export class SessionLocks {
  readonly #holders = new Map<string, Holder>();

  /** What holds the session now, if anything. */
  holder(sessionId: string): SessionWork | null {
    const h = this.#holders.get(sessionId);
    if (h && !h.active()) this.#holders.delete(sessionId);
    return h?.active() ? h.what : null;
  }

  /**
   * Takes the session for `what` as long as `active()` is true; throws SESSION_BUSY when other
   * work holds it.
   */
  claim(sessionId: string, what: SessionWork, active: () => boolean): void {
    this.refuseIfHeld(sessionId);
    this.#holders.set(sessionId, { what, active });
  }

  /** Throws SESSION_BUSY when work holds the session (without taking it). */
  refuseIfHeld(sessionId: string): void {
    const current = this.holder(sessionId);
    if (current !== null) {
      throw new ApiError({ code: 'SESSION_BUSY', message: BUSY_MESSAGES[current] });
    }
  }

  /** Forgets a session (closed). */
  forget(sessionId: string): void {
    this.#holders.delete(sessionId);
  }
}
