import type { Connection } from 'mysql2/promise';
import { isFatal } from '../../db/fatal-error';
import type { DriftConnection, DriftServer } from './pin-snapshots';

/**
 * One connection to a server kept for a whole comparison, for its small reads: which channel,
 * row estimates, and the throttle's lag and load checks every second. Opening a connection for
 * each of those would add a connection (and an SSH channel, a TLS handshake) per second to a
 * server that is busy enough to be throttled for. Opened on first use; a link that broke is
 * dropped and the next use opens a new one.
 */
export class ControlLink {
  private link: Promise<DriftConnection> | null = null;
  private closed = false;

  constructor(private readonly server: DriftServer) {}

  /** Runs `fn` on the kept connection, opening it first if needed. */
  async use<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the comparison’s control connection was closed');
    const pending = (this.link ??= this.server.open());
    let link: DriftConnection;
    try {
      link = await pending;
    } catch (error) {
      if (this.link === pending) this.link = null;
      throw error;
    }
    try {
      return await fn(link.conn);
    } catch (error) {
      if (isFatal(error) && this.link === pending) {
        this.link = null;
        await link.close().catch(() => undefined);
      }
      throw error;
    }
  }

  /** Closes the connection; later uses fail. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = this.link;
    this.link = null;
    if (!pending) return;
    const link = await pending.catch(() => null);
    await link?.close().catch(() => undefined);
  }
}
