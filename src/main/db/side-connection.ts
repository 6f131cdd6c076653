import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../shared/server/server-info';
import type { DbConnection } from './db-connection';
import { errorToApi } from './error-to-api';
import { isFatal } from './fatal-error';
import { readServerInfo } from './read-server-info';

/**
 * mysql2's `timeout` of a query: it fails the query but leaves it the connection's current
 * command, so every later command on that connection would wait behind it.
 */
function isQueryTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'PROTOCOL_SEQUENCE_TIMEOUT';
}

/** A side connection nobody used for this long is closed, so it does not hold a server slot. */
const IDLE_CLOSE_MS = 60_000;

/**
 * A second connection beside a session, for work that must not touch the session's own (the
 * editor's variables, current schema, transaction and running statement): metadata for the
 * schema browser and completion. Opened on first use, reused while busy, closed after a minute
 * idle; calls run one at a time, in order.
 */
export class SideConnection {
  readonly #open: () => Promise<DbConnection>;
  #db: { link: DbConnection; server: ServerInfo } | null = null;
  /** The tail of the queue of calls: each starts when the one before has ended. */
  #queue: Promise<unknown> = Promise.resolve();
  #idleTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(open: () => Promise<DbConnection>) {
    this.#open = open;
  }

  /**
   * Runs `fn` on the side connection with the server it reports, after the calls already queued.
   * A connection that was kept and turns out dead (the server closed it while idle) is replaced
   * and `fn` tried once more; errors come out as ApiErrors. With `timeoutMs`, a call not done by
   * then (counted from its start, not from when it was queued) gives the connection up: a
   * server that is frozen or cut off never fails a statement, and every call queued behind
   * would wait with it.
   */
  run<T>(
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    const result = this.#queue.then(() => this.#runNow(fn, options.timeoutMs));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Closes the connection; a later `run` opens a new one. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    const db = this.#db;
    this.#db = null;
    await db?.link.close();
  }

  async #runNow<T>(
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
    timeoutMs: number | undefined,
  ): Promise<T> {
    this.#closed = false;
    clearTimeout(this.#idleTimer);
    try {
      const reused = this.#db?.link.isOpen === true;
      const first = await this.#ensure();
      try {
        return await first.link.untilLost(fn(first.link.conn, first.server), timeoutMs);
      } catch (err) {
        // Only a link that died while idle is worth one more try; a silent server is not.
        const silent = first.link.gaveUp || isQueryTimeout(err);
        if (!this.#dropIfBroken(err) || !reused || silent) throw err;
      }
      const db = await this.#ensure();
      return await db.link.untilLost(fn(db.link.conn, db.server), timeoutMs);
    } catch (err) {
      this.#dropIfBroken(err);
      throw errorToApi(err);
    } finally {
      this.#scheduleIdleClose();
    }
  }

  async #ensure(): Promise<{ link: DbConnection; server: ServerInfo }> {
    if (this.#db?.link.isOpen) return this.#db;
    await this.#db?.link.close();
    this.#db = null;
    const link = await this.#open();
    try {
      this.#db = { link, server: await readServerInfo(link.conn, link.viaSsh, link.tlsCert) };
    } catch (err) {
      await link.close();
      throw err;
    }
    return this.#db;
  }

  /** Forgets a connection that `err` broke (mysql2 marks such errors fatal); true if it did. */
  #dropIfBroken(err: unknown): boolean {
    const db = this.#db;
    if (!db || (!isFatal(err) && !isQueryTimeout(err) && db.link.isOpen)) return false;
    db.link.markLost(err);
    this.#db = null;
    void db.link.close();
    return true;
  }

  #scheduleIdleClose(): void {
    if (this.#closed || !this.#db) return;
    this.#idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS);
    // An idle side connection must not keep the backend process alive.
    this.#idleTimer.unref();
  }
}
