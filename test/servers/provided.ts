import { inject } from 'vitest';
import type { ServerEndpoint } from './endpoint';

export type { ServerEndpoint } from './endpoint';

/** The shared servers the global setup started (or found by URL) for a test run. */
export interface TestServers {
  /** MySQL 9.7. */
  mysql: ServerEndpoint;
  /** MariaDB 10.11. */
  mariadb: ServerEndpoint;
  /** MariaDB 11.8, or null when it could not be provisioned (the reason was printed). */
  mariadb118: ServerEndpoint | null;
  /** MariaDB 10.5, or null when it could not be provisioned (the reason was printed). */
  mariadb105: ServerEndpoint | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: TestServers;
  }
}

/**
 * The shared servers of this run, for integration and e2e tests. Shared means: do not stop them,
 * change global settings, or leave replication configured; tests that do such things start
 * their own server (see dedicated-servers.ts).
 */
export function testServers(): TestServers {
  return inject('servers');
}
