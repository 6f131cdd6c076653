import type { Duplex } from 'node:stream';
import type { Connection as CoreConnection } from 'mysql2';
import type { Connection } from 'mysql2/promise';
import type { SFTPWrapper } from 'ssh2';
import type { ApiError } from '../../shared/api/errors';
import type { ConnectTarget } from './connect-target';
import { lostError, tunnelLostError } from './error-to-api';
import type { SshTunnel } from './ssh-tunnel';
import { taggedConnection } from './tagged-connection';

type LinkState = 'connecting' | 'open' | 'failed' | 'lost' | 'closed';

/** Stands in for "the socket closed without saying why", mapped like mysql2's own. */
const CLOSED_WITHOUT_ERROR = Object.assign(new Error('The server closed the connection.'), {
  code: 'PROTOCOL_CONNECTION_LOST',
});

/** Settles the handshake of an attempt given up on; the caller already reports why. */
const ABANDONED = new Error('connect attempt abandoned');

/**
 * One live link to a server: the mysql2 connection, the stream under it (a socket we opened, or
 * an SSH channel) and the SSH tunnel, if any. It listens to every way the link can break from
 * the moment the driver connection exists, so a dying server is an `onLost` call, never an
 * unhandled 'error' event (which would crash the backend).
 *
 * Built by `openConnection`; `conn` is the mysql2 promise API for services to query with.
 */
export class DbConnection {
  readonly conn: Connection;
  readonly viaSsh: boolean;
  /**
   * The server's TLS certificate on this link and whether it is pinned for the connection
   * (checked against the pin; set to pinned by whoever pins it on first use); null without TLS.
   */
  tlsCert: { sha256: string; pinned: boolean } | null = null;

  readonly #core: CoreConnection;
  readonly #stream: Duplex;
  readonly #tunnel: SshTunnel | null;
  readonly #target: ConnectTarget;
  readonly #connected: Promise<void>;
  readonly #lostListeners = new Set<(err: ApiError) => void>();
  #state: LinkState = 'connecting';
  #lost: ApiError | null = null;
  #streamClosed = false;
  #gaveUp = false;
  #failHandshake: (err: unknown) => void = () => {};
  #untunnel: () => void = () => {};

  /** @internal Use `openConnection`. Must be called in the same tick the core connection was made. */
  constructor(
    core: CoreConnection,
    stream: Duplex,
    tunnel: SshTunnel | null,
    target: ConnectTarget,
  ) {
    this.#core = core;
    this.#stream = stream;
    this.#tunnel = tunnel;
    this.#target = target;
    this.viaSsh = tunnel !== null;
    this.conn = taggedConnection(core.promise());
    this.#connected = new Promise<void>((resolve, reject) => {
      this.#failHandshake = reject;
      core.once('connect', () => {
        if (this.#state !== 'connecting') return;
        this.#state = 'open';
        if (tunnel) {
          this.#untunnel = tunnel.onClosed((cause) =>
            this.markLost(tunnelLostError(cause, target)),
          );
        }
        resolve();
      });
    });
    // These stay for the connection's whole life. mysql2 emits 'error' for fatal errors that no
    // running command received (an idle connection whose server went away); 'end' when the peer
    // closed its side. The stream's own 'close' is the backstop for everything else.
    core.on('error', (err: unknown) => this.#onBroken(err));
    core.on('end', () => this.#onBroken(CLOSED_WITHOUT_ERROR));
    stream.on('close', () => {
      this.#streamClosed = true;
      this.#onBroken(CLOSED_WITHOUT_ERROR);
    });
  }

  /** @internal Resolves once the server accepted the login; rejects with the driver's error. */
  connected(): Promise<void> {
    return this.#connected;
  }

  /** Why the link broke, or null while it is open (or was closed on purpose). */
  get lost(): ApiError | null {
    return this.#lost;
  }

  get isOpen(): boolean {
    return this.#state === 'open';
  }

  /**
   * `work`'s outcome, or the link's loss if the link breaks first. mysql2 gives a dying link's
   * error only to commands that have a callback; a streamed query (no callback) would wait
   * forever, so every piece of work on a link is raced against its loss.
   *
   * With `timeoutMs`, work not settled by then gives the link up (marked lost, so the work fails
   * with the loss and `gaveUp` is set): a server that is frozen or cut off never fails a
   * statement, its link just stays silent.
   */
  untilLost<T>(work: Promise<T>, timeoutMs?: number): Promise<T> {
    if (this.#state === 'lost' && this.#lost) {
      work.catch(() => {});
      return Promise.reject(this.#lost);
    }
    return new Promise<T>((resolve, reject) => {
      const stopListening = this.onLost(reject);
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#gaveUp = true;
              this.markLost(
                Object.assign(new Error(`no answer within ${timeoutMs} ms`), {
                  code: 'PROTOCOL_SEQUENCE_TIMEOUT',
                }),
              );
            }, timeoutMs);
      const stop = () => {
        clearTimeout(timer);
        stopListening();
      };
      work.then(
        (value) => {
          stop();
          resolve(value);
        },
        (err: unknown) => {
          stop();
          reject(err);
        },
      );
    });
  }

  /** True once a timeout of untilLost gave the link up. */
  get gaveUp(): boolean {
    return this.#gaveUp;
  }

  /** Calls `cb` once, when the link breaks; not when `close` ends it. Returns an unsubscribe. */
  onLost(cb: (err: ApiError) => void): () => void {
    this.#lostListeners.add(cb);
    return () => this.#lostListeners.delete(cb);
  }

  /** An SFTP session on this link's SSH connection (see SshTunnel.sftp); null without SSH. */
  sftp(): Promise<SFTPWrapper> | null {
    return this.#tunnel?.sftp() ?? null;
  }

  /**
   * Records that the link is gone, e.g. because a query failed with a fatal driver error (mysql2
   * hands those to the running command rather than emitting them).
   */
  markLost(err: unknown): void {
    if (this.#state !== 'open') return;
    this.#state = 'lost';
    this.#lost = lostError(err, this.#target);
    this.#untunnel();
    // The driver is unusable now; free the socket at once rather than when the peer notices.
    this.#stream.destroy();
    for (const cb of [...this.#lostListeners]) {
      try {
        cb(this.#lost);
      } catch (listenerError) {
        process.emitWarning(`onLost listener failed: ${String(listenerError)}`);
      }
    }
  }

  /**
   * Ends the session: COM_QUIT if the link is still up, then the socket and the SSH tunnel.
   * Never waits more than a second for a peer that does not answer.
   */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    const wasOpen = this.#state === 'open';
    this.#state = 'closed';
    this.#untunnel();
    if (wasOpen && !this.#streamClosed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.#stream.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        this.#core.end(() => {});
      });
    }
    this.#stream.destroy();
    await this.#tunnel?.close();
  }

  /** @internal For a failed connect attempt: drop the socket without closing the shared tunnel. */
  abandon(): void {
    if (this.#state === 'closed') return;
    // A handshake still waiting (the attempt timed out) must settle, not hang forever.
    if (this.#state === 'connecting') this.#failHandshake(ABANDONED);
    this.#state = 'closed';
    this.#untunnel();
    this.#stream.destroy();
  }

  #onBroken(err: unknown): void {
    if (this.#state === 'connecting') {
      this.#state = 'failed';
      this.#stream.destroy();
      this.#failHandshake(err);
    } else if (this.#state === 'open') {
      const tunnel = this.#tunnel;
      if (!tunnel) {
        this.markLost(err);
        return;
      }
      // Through SSH, a closed channel may be the tunnel's doing, and ssh2 may report the channel
      // before the connection: wait one turn so that the loss is blamed on the right one.
      setImmediate(() => {
        const broken = tunnel.broken;
        this.markLost(broken ? tunnelLostError(broken.cause, this.#target) : err);
      });
    }
    // 'failed', 'lost', 'closed': already reported; later echoes of the same break are ignored.
  }
}
