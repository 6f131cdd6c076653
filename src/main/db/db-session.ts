import type { Connection } from 'mysql2/promise';
import type { SFTPWrapper } from 'ssh2';
import type { ConnectionSettings, Secrets } from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';
import { describeServerRun, type ServerInfo } from '../../shared/server';
import type { DbConnection } from './db-connection';
import { errorToApi } from './error-to-api';
import { openConnection } from './open-connection';
import { readServerInfo } from './read-server-info';
import { noBackslashEscapes, transactionOpen } from './server-status';
import { SideConnection } from './side-connection';
import { checkThread, readOwnThreadIdentity, type ThreadIdentity } from './thread-identity';
import { isFatal } from './fatal-error';
import { SESSION_STATE_KINDS, type SessionStateKind } from '../../shared/sql/session-state';
import { mergeLostStates, sessionResetMessage, type LostSessionState } from './session-reset';

/** How long a liveness ping may take before the link is treated as dead. */
const PING_TIMEOUT_MS = 5000;
/** How long the KILL's own connection may take to check the thread and send the KILL. */
const KILL_TIMEOUT_MS = 10_000;

type Opener = (settings: ConnectionSettings, secrets: Secrets) => Promise<DbConnection>;

/**
 * What a KILL QUERY for the session's statement did. `killed: false` says why it was not sent:
 * the statement's connection is gone (then it ended with it) or could not be verified.
 */
export type KillQueryOutcome =
  | { killed: true }
  | {
      killed: false;
      reason: string;
      /** The server did not answer at all: only giving the connection up (giveUp) ends the wait. */
      serverSilent?: true;
      /** With serverSilent: what opening the KILL's connection ran into, in words. */
      silence?: string;
    };

/** A KillQueryOutcome as a Cancel answers it to the screen (`query.cancel`, `explain.cancel`). */
export function cancelAnswer(outcome: KillQueryOutcome): {
  cancelled: boolean;
  reason?: string;
  serverSilent?: boolean;
} {
  if (outcome.killed) return { cancelled: true };
  return outcome.serverSilent
    ? { cancelled: false, reason: outcome.reason, serverSilent: true }
    : { cancelled: false, reason: outcome.reason };
}

/** What a statement given up with `giveUp` fails with. */
export const GIVEN_UP_MESSAGE =
  'You gave the connection up while its statement waited for a server that did not answer. When the server answers again, it may still finish the statement (a change made outside a transaction then stays); an open transaction is rolled back.';

/**
 * The session a screen works in for one saved connection: one server connection, reopened on
 * the next action after it broke (server restart, network), with `onLost` telling the screen
 * the moment it breaks. Session state (variables, temporary tables, open transactions) does not
 * survive a reconnect, which is why `status` reports that one happened.
 */
export class DbSession {
  /** Settles once the KILL QUERY being sent (if any) was sent or given up (see run). */
  #killing: Promise<void> | null = null;
  readonly #settings: ConnectionSettings;
  readonly #secrets: Secrets;
  readonly #open: Opener;
  readonly #lostListeners = new Set<(err: ApiError) => void>();
  readonly #reconnectListeners = new Set<(server: ServerInfo) => void>();
  #db: DbConnection | null = null;
  /** A connect in progress, shared by every caller that needs the connection meanwhile. */
  #connecting: Promise<DbConnection> | null = null;
  /** Set when a broken connection was replaced and no `status` has reported it yet. */
  #reconnected = false;
  /** True once a connection was lost, until a new one is made: the next connect is a reconnect. */
  #wasLost = false;
  /** A second connection with the same settings, for metadata (see withSideConnection). */
  readonly #side = new SideConnection(() => this.#open(this.#settings, this.#secrets));
  /** Whether a transaction is open, as the server's status flags last said; null if unknown. */
  #inTransaction: boolean | null = false;
  /** Whether sql_mode has NO_BACKSLASH_ESCAPES, as the last status flags said; null if unknown. */
  #noBackslashEscapes: boolean | null = null;
  /** The current connection as the server knows it (null if it could not be read). */
  #identity: { db: DbConnection; identity: ThreadIdentity | null; why: string } | null = null;
  /** Connections made so far (see linkId). */
  #linkCount = 0;
  /** Calls of `run` under way on the session's own connection that close stops. */
  #running = 0;
  /** Calls of `run` under way that were asked to outlive a close (see run). */
  #outliving = 0;
  /** What the current connection holds beyond its defaults (see noteSessionState). */
  readonly #held = new Set<SessionStateKind>();
  /** What a lost connection held, until the first user statement after it is refused with it. */
  #lostState: LostSessionState | null = null;
  /** The connection (linkId) whose loss `#lostState` includes, so each loss counts once. */
  #lossRecordedFor = 0;

  constructor(settings: ConnectionSettings, secrets: Secrets, opener: Opener = openConnection) {
    this.#settings = settings;
    this.#secrets = secrets;
    this.#open = opener;
  }

  /** Connects (if not connected) and reports the server. */
  async open(): Promise<ServerInfo> {
    const db = await this.#ensure();
    return this.#serverInfo(db);
  }

  /**
   * The server, after making sure the connection is alive: a ping that fails or hangs counts as
   * a lost connection, which is then reopened. `reconnected` is true when the connection was
   * replaced since the last status report (session state was reset).
   */
  async status(): Promise<{ server: ServerInfo; reconnected: boolean }> {
    let db = await this.#ensure();
    if (!(await this.#ping(db))) db = await this.#ensure();
    const server = await this.#serverInfo(db);
    const reconnected = this.#reconnected;
    this.#reconnected = false;
    return { server, reconnected };
  }

  /**
   * Runs `fn` on the live connection, reconnecting first if it was lost. A failure that broke
   * the connection is reported (and `onLost` fired) as CONNECTION_LOST; other errors from
   * `fn` pass through as they are. With `timeoutMs`, a connection that has not finished the
   * work by then is given up as lost too. With `outlivesClose`, closing the session lets the
   * statement run on in the server instead of stopping it (an ALTER hours in is not thrown
   * away because its page was reloaded).
   */
  async run<T>(
    fn: (conn: Connection) => Promise<T>,
    options: { timeoutMs?: number; outlivesClose?: boolean; userStatement?: boolean } = {},
  ): Promise<T> {
    // A KILL QUERY on its way stops whatever statement runs when it arrives: the one it was
    // meant for may have ended meanwhile, and the next one must not be the one it stops.
    while (this.#killing) await this.#killing;
    const db = await this.#ensure();
    if (options.userStatement) await this.#refuseAfterLostState(db);
    const outlives = options.outlivesClose === true;
    if (outlives) this.#outliving++;
    else this.#running++;
    try {
      // Given up, the link's loss fires `onLost` (the screen is told) and the next call
      // connects again.
      return await db.untilLost(fn(db.conn), options.timeoutMs);
    } catch (err) {
      if (isFatal(err)) {
        db.markLost(err);
        throw db.lost ?? errorToApi(err);
      }
      throw err;
    } finally {
      if (outlives) this.#outliving--;
      else this.#running--;
    }
  }

  /**
   * Whether a transaction is open on the session's connection, from the status flags of the
   * last statement it ran (null when the server's answer did not say). A new connection has none.
   */
  get inTransaction(): boolean | null {
    return this.#inTransaction;
  }

  /**
   * Whether sql_mode has NO_BACKSLASH_ESCAPES, from the status flags of the last statement the
   * session ran (null before the first one on a connection, whose init SQL may have set it).
   */
  get noBackslashEscapes(): boolean | null {
    return this.#noBackslashEscapes;
  }

  /**
   * Records what a statement the user ran left in the session (see sessionStateLeftBy): a loss
   * of the connection then says it is gone before the next statement runs.
   */
  noteSessionState(kinds: Iterable<SessionStateKind>): void {
    for (const kind of kinds) this.#held.add(kind);
  }

  /**
   * Records that the connection broke under a statement (the server rolls back what it had
   * open), before the session itself notices the loss.
   */
  noteLinkBroken(why: string): void {
    this.#recordLoss(this.#linkCount, why);
  }

  /**
   * Keeps what connection `link` held when it was lost, once per connection: the server drops
   * its transaction, schema, variables, temporary tables and locks, and the next statement the
   * user runs on the new connection must not run as if they were still there.
   */
  #recordLoss(link: number, why: string): void {
    if (link !== this.#linkCount || this.#lossRecordedFor === link) return;
    this.#lossRecordedFor = link;
    const transaction = this.#inTransaction;
    this.#inTransaction = false;
    if (transaction === false && this.#held.size === 0) return;
    const lost: LostSessionState = {
      at: Date.now(),
      why,
      transaction,
      held: SESSION_STATE_KINDS.filter((k) => this.#held.has(k)),
    };
    this.#lostState = mergeLostStates(this.#lostState, lost);
  }

  /**
   * Refuses (once) a user statement on a new connection when the lost one held state: run as
   * is, it would run outside the transaction the user opened, in the default schema, without
   * the variables and temporary tables it may use.
   */
  async #refuseAfterLostState(db: DbConnection): Promise<void> {
    const lost = this.#lostState;
    if (!lost || this.#lossRecordedFor >= this.#linkCount) return;
    this.#lostState = null;
    let schema: string | null | undefined;
    if (lost.held.includes('schema')) {
      // The connection's default schema, or one its init SQL chose: what the statement would use.
      schema = await db
        .untilLost(db.conn.query({ sql: 'SELECT DATABASE()', rowsAsArray: true }), PING_TIMEOUT_MS)
        .then(([rows]) => {
          const value = (rows as unknown[][])[0]?.[0];
          return value === null || value === undefined ? null : String(value);
        })
        .catch(() => undefined);
    }
    throw new ApiError({ code: 'SESSION_RESET', message: sessionResetMessage(lost, schema) });
  }

  /** Records the status flags the server sent after a statement (null: it sent none). */
  noteServerStatus(flags: number | null): void {
    this.#inTransaction = flags === null ? null : transactionOpen(flags);
    this.#noBackslashEscapes = flags === null ? null : noBackslashEscapes(flags);
  }

  /**
   * Which connection the session is on: a number that changes with every (re)connect. Facts
   * read on one connection (its server run, its own thread id) hold only while this is the same.
   */
  get linkId(): number {
    return this.#linkCount;
  }

  /** The server's id for this session's current connection (what KILL QUERY names). */
  get threadId(): number | null {
    const core = (this.#db?.conn as unknown as { connection?: { threadId?: number | null } })
      ?.connection;
    return this.#db?.isOpen ? (core?.threadId ?? null) : null;
  }

  /**
   * Gives up connection `threadId` at the user's request, for a statement that waits on a server
   * that does not answer (no KILL can reach it): the socket is closed at once, so the statement
   * fails with GIVEN_UP_MESSAGE, the screen is told the connection was lost, and the next call
   * connects again. False (nothing done) when `threadId` is not this session's live connection.
   */
  giveUp(threadId: number): boolean {
    const db = this.#db;
    if (!db?.isOpen || this.threadId !== threadId) return false;
    db.markLost(new ApiError({ code: 'CONNECTION_LOST', message: GIVEN_UP_MESSAGE }));
    return true;
  }

  /**
   * Stops the statement running on connection `threadId` with KILL QUERY from a second, short
   * connection: the session itself stays open and usable, unlike killing the connection.
   *
   * Thread ids restart with the server and a failover can put another server behind the same
   * address, so the KILL is sent only when `threadId` is this session's live connection and the
   * second connection finds that very connection there (same server run, id, user and client
   * address). Otherwise nothing is sent; a connection found gone is marked lost, which ends
   * the work running on it with CONNECTION_LOST.
   */
  async killQuery(threadId: number): Promise<KillQueryOutcome> {
    const attempt = this.#killQueryNow(threadId);
    // After any attempt still on its way too: run waits for all of them.
    const earlier = this.#killing;
    const settled = Promise.all([
      earlier,
      attempt.then(
        () => undefined,
        () => undefined,
      ),
    ]).then(() => undefined);
    this.#killing = settled;
    void settled.then(() => {
      if (this.#killing === settled) this.#killing = null;
    });
    return attempt;
  }

  /**
   * Who the server says the session's connection is, when `threadId` is that connection's id
   * (read when it opened); null otherwise, or when it could not be read. Lets a caller check
   * later, with checkThread, that an id still names that very connection.
   */
  identityOf(threadId: number): ThreadIdentity | null {
    const identity = this.#identity?.db === this.#db ? this.#identity?.identity : null;
    return identity && identity.threadId === threadId ? identity : null;
  }

  async #killQueryNow(threadId: number): Promise<KillQueryOutcome> {
    const db = this.#db;
    if (!db?.isOpen || this.#identity?.db !== db) {
      return { killed: false, reason: 'The statement ended with its connection.' };
    }
    const { identity, why } = this.#identity;
    if (!identity || identity.threadId !== threadId) {
      return {
        killed: false,
        reason: identity
          ? `Connection ${threadId} is not this session's connection (${identity.threadId}): no KILL was sent.`
          : `This session's connection could not be identified on the server (${why}), so no KILL was sent: a KILL by id alone could stop another session's statement.`,
      };
    }
    let side: DbConnection;
    try {
      side = await this.#open(this.#settings, this.#secrets);
    } catch (err) {
      const api = errorToApi(err);
      if (api.code !== 'TIMEOUT') throw api;
      // A server that accepts connections and never greets is frozen, swamped or cut off: the
      // statement waits with it, and only the user may decide to give the connection up (that
      // would roll back an open transaction, where KILL QUERY stops the statement alone).
      return {
        killed: false,
        reason: `No KILL was sent: ${api.message} The statement is still waiting on its connection; it ends when the server answers again, or give the connection up (an open transaction is then rolled back).`,
        serverSilent: true,
        silence: api.message,
      };
    }
    try {
      // Time-limited: the session's next statement waits for this attempt (see run).
      const check = await side.untilLost(checkThread(side.conn, identity), KILL_TIMEOUT_MS);
      if (check.verdict === 'same') {
        await side.untilLost(side.conn.query('KILL QUERY ?', [threadId]), KILL_TIMEOUT_MS);
        return { killed: true };
      }
      const reason = threadGoneReason(check, identity);
      db.markLost(
        new ApiError({ code: 'CONNECTION_LOST', message: `The connection was lost: ${reason}` }),
      );
      return {
        killed: false,
        reason: `${reason} No KILL was sent; the statement ended with its connection.`,
      };
    } finally {
      await side.close();
    }
  }

  /**
   * Runs `fn` on a side connection with the same settings, never on the session's own: reading
   * metadata there leaves the editor's variables, current schema and transaction alone, and
   * does not wait behind a running statement. Calls are queued; the connection is kept while in
   * use and closed after a minute idle or with the session. With `timeoutMs`, a call not done by
   * then gives the side connection up (see SideConnection.run).
   */
  withSideConnection<T>(
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    return this.#side.run(fn, options);
  }

  /**
   * An SFTP session on the SSH connection under the session's own link (connecting first if
   * needed), or null when the connection has no SSH tunnel. The caller ends it.
   */
  async sftp(): Promise<SFTPWrapper | null> {
    return (await this.#ensure()).sftp();
  }

  /** Calls `cb` each time the connection breaks (once per break). Returns an unsubscribe. */
  onLost(cb: (err: ApiError) => void): () => void {
    this.#lostListeners.add(cb);
    return () => this.#lostListeners.delete(cb);
  }

  /**
   * Calls `cb` with the server as it is now each time a lost connection was replaced (by the
   * next action), so screens drop "connection lost" and show the new session id. Returns an
   * unsubscribe.
   */
  onReconnected(cb: (server: ServerInfo) => void): () => void {
    this.#reconnectListeners.add(cb);
    return () => this.#reconnectListeners.delete(cb);
  }

  /**
   * Closes the connection, first stopping with KILL QUERY (checked as Cancel checks it) a
   * statement still running on it: closing the socket alone does not stop it, since the server
   * notices a client gone only when it next writes to it, so a statement computing or writing
   * without sending rows would run on with its locks after its tab closed or its page reloaded.
   * Not while work asked to outlive the close runs: the KILL would stop that. A later `open`,
   * `status` or `run` connects again.
   */
  async close(): Promise<void> {
    const threadId = this.threadId;
    if (this.#running > 0 && this.#outliving === 0 && threadId !== null) {
      // Nothing more can be done about a KILL that could not be sent: the session goes anyway.
      await this.killQuery(threadId).catch(() => undefined);
    }
    const pending = this.#connecting;
    const db = this.#db;
    this.#db = null;
    this.#connecting = null;
    this.#wasLost = false;
    this.#reconnected = false;
    await Promise.all([db?.close(), this.#side.close()]);
    if (pending) {
      // A connect that was under way when close was asked for: close what it produces.
      await pending.then(
        (late) => late.close(),
        () => {},
      );
    }
  }

  /** The live connection, connecting once for all concurrent callers when there is none. */
  #ensure(): Promise<DbConnection> {
    if (this.#db?.isOpen) return Promise.resolve(this.#db);
    if (this.#connecting) return this.#connecting;
    const attempt = this.#connect();
    this.#connecting = attempt;
    const clear = () => {
      if (this.#connecting === attempt) this.#connecting = null;
    };
    attempt.then(clear, clear);
    return attempt;
  }

  async #connect(): Promise<DbConnection> {
    const previous = this.#db;
    this.#db = null;
    // A broken connection still holds its SSH tunnel; release it before opening another.
    if (previous) await previous.close();
    const db = await this.#open(this.#settings, this.#secrets);
    try {
      this.#identity = { db, ...(await identify(db)) };
    } catch (err) {
      await db.close();
      throw err;
    }
    // Whatever was open died with the old connection.
    this.#inTransaction = false;
    this.#noBackslashEscapes = null;
    this.#held.clear();
    const reconnect = this.#wasLost;
    if (reconnect) this.#reconnected = true;
    this.#wasLost = false;
    const link = this.#linkCount + 1;
    db.onLost((err) => {
      this.#wasLost = true;
      this.#recordLoss(link, err.message);
      for (const cb of [...this.#lostListeners]) {
        try {
          cb(err);
        } catch (listenerError) {
          process.emitWarning(`DbSession onLost listener failed: ${String(listenerError)}`);
        }
      }
    });
    this.#linkCount++;
    this.#db = db;
    if (reconnect && this.#reconnectListeners.size > 0) this.#announceReconnect(db);
    return db;
  }

  #announceReconnect(db: DbConnection): void {
    this.#serverInfo(db).then(
      (server) => {
        for (const cb of [...this.#reconnectListeners]) {
          try {
            cb(server);
          } catch (listenerError) {
            process.emitWarning(
              `DbSession onReconnected listener failed: ${String(listenerError)}`,
            );
          }
        }
      },
      // The link broke again at once: its loss is reported instead.
      () => {},
    );
  }

  /** True when the server answered a ping in time; otherwise the link is marked lost. */
  async #ping(db: DbConnection): Promise<boolean> {
    try {
      await db.untilLost(db.conn.ping(), PING_TIMEOUT_MS);
      return true;
    } catch (err) {
      db.markLost(err);
      return false;
    }
  }

  async #serverInfo(db: DbConnection): Promise<ServerInfo> {
    try {
      return await readServerInfo(db.conn, db.viaSsh, db.tlsCert);
    } catch (err) {
      if (isFatal(err) || (err instanceof ApiError && err.code === 'CONNECTION_LOST')) {
        db.markLost(err);
      }
      throw err;
    }
  }
}

/** Reads who the server says `db` is; a failure only means a KILL by id will not be sent. */
async function identify(
  db: DbConnection,
): Promise<{ identity: ThreadIdentity | null; why: string }> {
  try {
    return { identity: await db.untilLost(readOwnThreadIdentity(db.conn)), why: '' };
  } catch (err) {
    if (isFatal(err) || !db.isOpen) throw err;
    return { identity: null, why: errorToApi(err).message };
  }
}

/** Why the thread a KILL would name is not (any more) the session's connection. */
function threadGoneReason(
  check: Awaited<ReturnType<typeof checkThread>>,
  was: ThreadIdentity,
): string {
  switch (check.verdict) {
    case 'other-run':
      return `the server was restarted or replaced since the statement started (it was ${describeServerRun(was.run)}; now ${describeServerRun(check.now)}), so thread ${was.threadId} names another connection or none.`;
    case 'gone':
      return `the server no longer has this session's connection ${was.threadId} (it restarted, failed over, or closed it).`;
    case 'other-connection':
      return `thread ${was.threadId} now belongs to another connection (${check.user}@${check.host}, was ${was.user}@${was.host}).`;
    case 'self':
      return `thread ${was.threadId} is now the id of the connection that would send the KILL.`;
    case 'same':
      return '';
  }
}
