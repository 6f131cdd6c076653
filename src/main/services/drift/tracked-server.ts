import { ApiError } from '../../../shared/api/errors';
import type { DriftConnection, DriftServer } from './pin-snapshots';

/**
 * A comparison's server whose connections can all be closed at once: when it stopped answering,
 * closing them is what makes the statements waiting on them fail (mysql2 rejects a command whose
 * socket closed), so the comparison can end and give the other server back what it holds (a
 * snapshot, the replica's applier). Connections still being opened are given up too: a frozen
 * server accepts the socket and never greets, which would hold the caller for the whole connect
 * timeout.
 */
export class TrackedServer implements DriftServer {
  readonly #server: DriftServer;
  readonly #open = new Set<DriftConnection>();
  readonly #opening = new Set<(error: Error) => void>();

  constructor(server: DriftServer) {
    this.#server = server;
  }

  get info() {
    return this.#server.info;
  }

  open(): Promise<DriftConnection> {
    return new Promise((resolve, reject) => {
      const giveUp = (error: Error) => reject(error);
      this.#opening.add(giveUp);
      this.#server.open().then(
        (link) => {
          if (!this.#opening.delete(giveUp)) {
            void link.close().catch(() => undefined);
            return;
          }
          this.#open.add(link);
          resolve({
            conn: link.conn,
            close: async () => {
              this.#open.delete(link);
              await link.close();
            },
          });
        },
        (error: unknown) => {
          this.#opening.delete(giveUp);
          reject(error);
        },
      );
    });
  }

  /** Closes every connection open or being opened now (not later ones), all at once. */
  async closeAll(): Promise<void> {
    const given = new ApiError({ code: 'TIMEOUT', message: 'the server stopped answering' });
    for (const giveUp of [...this.#opening]) giveUp(given);
    this.#opening.clear();
    const links = [...this.#open];
    this.#open.clear();
    await Promise.all(links.map((l) => l.close().catch(() => undefined)));
  }
}
