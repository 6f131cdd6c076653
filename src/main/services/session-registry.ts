import { randomUUID } from 'node:crypto';
import { ApiError } from '../../shared/api/errors';
import type { DbSession } from '../db/db-session';

export interface OpenSession {
  readonly sessionId: string;
  readonly connectionId: string;
  /** The screen that opened it: only it may use it. */
  readonly peerId: string;
  readonly session: DbSession;
}

/** The server sessions screens have open, each owned by the screen that opened it. */
export class SessionRegistry {
  readonly #sessions = new Map<string, OpenSession>();
  readonly #closeListeners = new Set<(sessionId: string) => void>();

  add(connectionId: string, peerId: string, session: DbSession): OpenSession {
    const entry = { sessionId: randomUUID(), connectionId, peerId, session };
    this.#sessions.set(entry.sessionId, entry);
    return entry;
  }

  has(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  /** The session, if this screen owns it; NOT_FOUND otherwise (ids are not capabilities). */
  owned(sessionId: string, peerId: string): OpenSession {
    const s = this.#sessions.get(sessionId);
    if (!s || s.peerId !== peerId) {
      throw new ApiError({ code: 'NOT_FOUND', message: `No open session ${sessionId}` });
    }
    return s;
  }

  /** Tells `listener` about every session closed from now on (to drop what hangs off it). */
  onClose(listener: (sessionId: string) => void): void {
    this.#closeListeners.add(listener);
  }

  async close(sessionId: string): Promise<boolean> {
    const s = this.#sessions.get(sessionId);
    if (!s) return false;
    this.#sessions.delete(sessionId);
    for (const l of this.#closeListeners) l(sessionId);
    await s.session.close();
    return true;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }
}
