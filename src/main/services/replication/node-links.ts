import type { Connection } from 'mysql2/promise';
import type {
  ConnectionSettings,
  SavedConnection,
  Secrets,
  TlsSettings,
} from '../../../shared/api/connection';
import { ApiError } from '../../../shared/api/errors';
import type { ServerInfo } from '../../../shared/server/server-info';
import { hostPort } from '../../../shared/server/host-port';
import type { DbConnection } from '../../db/db-connection';
import { openConnection } from '../../db/open-connection';
import { readServerInfo } from '../../db/read-server-info';
import type { DbSession } from '../../db/db-session';

/**
 * How long one use of a link may wait (null: as long as it takes). The link's own default is
 * for reads: a server that is frozen or cut off never fails a statement, and a discovery
 * waiting on it would never end. Writes (the errant fix) pass null: their connection is not
 * given up half way through.
 */
export interface RunOptions {
  timeoutMs?: number | null;
}

/** A way to run work on one server of a topology. */
export interface NodeLink {
  run<T>(
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
    options?: RunOptions,
  ): Promise<T>;
  close(): Promise<void>;
}

/** A discovered server is given at most this long to accept a login. */
const DISCOVERED_CONNECT_TIMEOUT_MS = 5000;

/** The session's own server, through its side connection (the session is left alone). */
export function sessionLink(session: DbSession, readTimeoutMs: number | null = null): NodeLink {
  return {
    run: (fn, options = {}) => {
      const timeoutMs = options.timeoutMs === undefined ? readTimeoutMs : options.timeoutMs;
      return session.withSideConnection(fn, timeoutMs === null ? {} : { timeoutMs });
    },
    close: async () => {},
  };
}

/**
 * Opens links to servers found during discovery: a saved connection whose TCP host and port
 * match is used as it is (its own user, password, TLS, SSH); otherwise the session's settings
 * and secrets with the host and port replaced (through the same SSH tunnel host, if any). A
 * login given for that host:port wins over both.
 */
export function hostLinker(options: {
  base: ConnectionSettings;
  baseSecrets: Secrets;
  saved: readonly SavedConnection[];
  secretsOf: (id: string) => Secrets;
  /** Logins given for a `host:port` (lower case), which win over everything else. */
  logins: ReadonlyMap<string, { user?: string | undefined; password: string }>;
  /** The links' default RunOptions.timeoutMs. */
  readTimeoutMs?: number | null;
}): (host: string, port: number) => NodeLink {
  return (host, port) => {
    const key = `${host}:${port}`.toLowerCase();
    const match = options.saved.find(
      (c) =>
        c.endpoint.kind === 'tcp' &&
        `${c.endpoint.host}:${c.endpoint.port}`.toLowerCase() === key &&
        c.passwordMode !== 'ask',
    );
    let settings: ConnectionSettings = match ?? {
      ...options.base,
      endpoint: { kind: 'tcp', host, port },
      // The pinned certificate is the base server's: another server's would be refused.
      tls: withoutCertPin(options.base.tls),
    };
    let secrets: Secrets = match ? options.secretsOf(match.id) : options.baseSecrets;
    const login = options.logins.get(key);
    if (login !== undefined) {
      settings = { ...settings, passwordMode: 'saved', user: login.user ?? settings.user };
      secrets = { ...secrets, password: login.password };
    } else if (!match && !mayReusePassword(options.base, options.baseSecrets)) {
      return refusedLink(passwordNotReusedError(options.base, host, port));
    }
    settings = {
      ...settings,
      connectTimeoutMs: Math.min(settings.connectTimeoutMs, DISCOVERED_CONNECT_TIMEOUT_MS),
    };
    return ownedLink(() => openConnection(settings, secrets), options.readTimeoutMs ?? null);
  };
}

function withoutCertPin(tls: TlsSettings): TlsSettings {
  const { serverCertSha256: _pin, ...rest } = tls;
  return rest;
}

/**
 * Whether the session's password may go to a server found through replication (a host the
 * servers named, not the user): only when there is none, or when the link checks the server's
 * certificate against the user's CA, so only a server the user's CA vouches for receives it.
 */
function mayReusePassword(base: ConnectionSettings, secrets: Secrets): boolean {
  if (base.passwordMode === 'none' || !secrets.password) return true;
  return base.tls.mode === 'verify-ca' || base.tls.mode === 'verify-identity';
}

function passwordNotReusedError(base: ConnectionSettings, host: string, port: number): ApiError {
  return new ApiError({
    code: 'PASSWORD_REQUIRED',
    message:
      `${hostPort(host, port)} was found through replication, not saved by you: the password of “${base.name}” is only sent there when TLS verifies the server’s certificate (TLS mode “${base.tls.mode}” does not). ` +
      'Give a login for this server, or save a connection to it.',
    field: 'password',
  });
}

/** A link that answers every use with `error`, without connecting anywhere. */
function refusedLink(error: ApiError): NodeLink {
  return {
    run: () => Promise.reject(error),
    close: async () => {},
  };
}

/** A link with a connection of its own, opened on first use and kept until `close`. */
function ownedLink(open: () => Promise<DbConnection>, readTimeoutMs: number | null): NodeLink {
  let opened: Promise<{ db: DbConnection; server: ServerInfo }> | null = null;
  const ensure = () =>
    (opened ??= (async () => {
      const db = await open();
      try {
        return { db, server: await readServerInfo(db.conn, db.viaSsh, db.tlsCert) };
      } catch (e) {
        await db.close();
        throw e;
      }
    })());
  return {
    async run(fn, options = {}) {
      const { db, server } = await ensure();
      const timeoutMs = options.timeoutMs === undefined ? readTimeoutMs : options.timeoutMs;
      // Given up, the link fails this use and every later one; close ends it.
      return db.untilLost(fn(db.conn, server), timeoutMs ?? undefined);
    },
    async close() {
      const current = opened;
      opened = null;
      await current?.then(
        ({ db }) => db.close(),
        () => undefined,
      );
    },
  };
}
