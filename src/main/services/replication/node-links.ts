import type { Connection } from 'mysql2/promise';
import type { ConnectionSettings, SavedConnection, Secrets } from '../../../shared/api/connection';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { DbConnection } from '../../db/db-connection';
import { openConnection } from '../../db/open-connection';
import { readServerInfo } from '../../db/read-server-info';
import type { DbSession } from '../../db/db-session';

/** A way to run work on one server of a topology. */
export interface NodeLink {
  run<T>(fn: (conn: Connection, server: ServerInfo) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A discovered server is given at most this long to accept a login. */
const DISCOVERED_CONNECT_TIMEOUT_MS = 5000;

/** The session's own server, through its side connection (the session is left alone). */
export function sessionLink(session: DbSession): NodeLink {
  return {
    run: (fn) => session.withSideConnection(fn),
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
    };
    let secrets: Secrets = match ? options.secretsOf(match.id) : options.baseSecrets;
    const login = options.logins.get(key);
    if (login !== undefined) {
      settings = { ...settings, passwordMode: 'saved', user: login.user ?? settings.user };
      secrets = { ...secrets, password: login.password };
    }
    settings = {
      ...settings,
      connectTimeoutMs: Math.min(settings.connectTimeoutMs, DISCOVERED_CONNECT_TIMEOUT_MS),
    };
    return ownedLink(() => openConnection(settings, secrets));
  };
}

/** A link with a connection of its own, opened on first use and kept until `close`. */
function ownedLink(open: () => Promise<DbConnection>): NodeLink {
  let opened: Promise<{ db: DbConnection; server: ServerInfo }> | null = null;
  const ensure = () =>
    (opened ??= (async () => {
      const db = await open();
      try {
        return { db, server: await readServerInfo(db.conn, db.viaSsh) };
      } catch (e) {
        await db.close();
        throw e;
      }
    })());
  return {
    async run(fn) {
      const { db, server } = await ensure();
      return db.untilLost(fn(db.conn, server));
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
