import type { RunningServer } from './instance';
import { withConnection, queryRow } from './connect';
import type { ServerKind } from './server-kind';

/**
 * A server as tests see it through vitest's `provide`/`inject`: plain data (it crosses into the
 * test workers), either a server started by the global setup or one given by an environment URL.
 */
export interface ServerEndpoint {
  kind: ServerKind;
  /** `SELECT VERSION()`. */
  version: string;
  host: string;
  port: number;
  /** The Unix socket of a locally started server; null for a server given by URL. */
  socket: string | null;
  user: string;
  password: string;
}

/**
 * Environment variables that point the test suite at existing servers
 * (`mysql://user:pass@host:port`) instead of starting local ones.
 */
export const ENDPOINT_URL_VARIABLES: Record<ServerKind, string> = {
  mysql: 'SIGHTLINE_TEST_MYSQL_URL',
  mariadb: 'SIGHTLINE_TEST_MARIADB_URL',
  'mariadb-11.8': 'SIGHTLINE_TEST_MARIADB118_URL',
  'mariadb-10.5': 'SIGHTLINE_TEST_MARIADB105_URL',
};

/** The serialisable view of a locally started server. */
export function endpointOf(server: RunningServer): ServerEndpoint {
  const { kind, version, host, port, socket, user, password } = server;
  return { kind, version, host, port, socket, user, password };
}

/** The URL given for `kind` in the environment, if any. */
export function endpointUrlFromEnv(kind: ServerKind): string | null {
  return process.env[ENDPOINT_URL_VARIABLES[kind]] || null;
}

/**
 * An endpoint for an existing server at `url` (`mysql://user:pass@host:port`, percent-encoding
 * allowed), after checking that it answers; the version is read from the server itself.
 */
export async function endpointFromUrl(kind: ServerKind, url: string): Promise<ServerEndpoint> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error(
      `${ENDPOINT_URL_VARIABLES[kind]} must look like mysql://user:pass@host:port, got ${parsed.protocol}`,
    );
  }
  const target = {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
  };
  const row = await withConnection(target, (connection) =>
    queryRow(connection, 'SELECT VERSION() AS version'),
  );
  return { kind, version: String(row.version), socket: null, ...target };
}
