import {
  endpointFromUrl,
  endpointOf,
  endpointUrlFromEnv,
  ENDPOINT_URL_VARIABLES,
  type ServerEndpoint,
} from './endpoint';
import { startServer, type RunningServer } from './instance';
import { formatDuration, logProgress } from './progress-log';
import type { TestServers } from './provided';
import { KIND_NAMES, type ServerKind } from './server-kind';

/** The shared servers of a test run, and how to get rid of them. */
export interface SharedServers {
  servers: TestServers;
  /** Destroys the servers this process started (none for servers given by URL). */
  destroy(): Promise<void>;
}

/**
 * Starts MySQL 9.7, MariaDB 10.11 and, when they can be provisioned, MariaDB 11.8 and 10.5, in
 * parallel -
 * or uses the servers named by SIGHTLINE_TEST_MYSQL_URL / SIGHTLINE_TEST_MARIADB_URL /
 * SIGHTLINE_TEST_MARIADB118_URL. Fails if MySQL or MariaDB 10.11 cannot be had (after destroying
 * whatever did start); MariaDB 11.8 becomes null with the reason printed.
 */
export async function startSharedServers(): Promise<SharedServers> {
  const started: RunningServer[] = [];
  const obtain = async (kind: ServerKind): Promise<ServerEndpoint> => {
    const url = endpointUrlFromEnv(kind);
    if (url) {
      const endpoint = await endpointFromUrl(kind, url);
      logProgress(
        `${KIND_NAMES[kind]}: using ${endpoint.host}:${endpoint.port} (${endpoint.version}) from ${ENDPOINT_URL_VARIABLES[kind]}`,
      );
      return endpoint;
    }
    const server = await startServer(kind, { name: 'shared' });
    started.push(server);
    return endpointOf(server);
  };
  const destroy = async () => {
    await Promise.all(started.map((server) => server.destroy()));
  };

  const begun = performance.now();
  const [mysql, mariadb, mariadb118, mariadb105] = await Promise.allSettled([
    obtain('mysql'),
    obtain('mariadb'),
    obtain('mariadb-11.8'),
    obtain('mariadb-10.5'),
  ]);
  if (mysql.status === 'rejected' || mariadb.status === 'rejected') {
    await destroy();
    throw mysql.status === 'rejected' ? mysql.reason : (mariadb as PromiseRejectedResult).reason;
  }
  const optional = (kind: ServerKind, outcome: PromiseSettledResult<ServerEndpoint>) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    const reason =
      outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    logProgress(`${KIND_NAMES[kind]} unavailable, its tests are skipped: ${reason}`);
    return null;
  };
  logProgress(`shared servers ready (${formatDuration(performance.now() - begun)})`);
  return {
    servers: {
      mysql: mysql.value,
      mariadb: mariadb.value,
      mariadb118: optional('mariadb-11.8', mariadb118),
      mariadb105: optional('mariadb-10.5', mariadb105),
    },
    destroy,
  };
}
