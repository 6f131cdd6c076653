import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from './instance';
import type { ServerKind } from './server-kind';
import { startTopology, type Topology } from './topology';

/**
 * A server owned by one test file: started in `beforeAll`, destroyed in `afterAll`. For tests
 * that stop, restart, kill or reconfigure a server, which must not happen to the shared ones.
 * Works even when the shared servers come from SIGHTLINE_TEST_*_URL (it provisions locally).
 * Call at the top level of a test file or `describe`; the returned function gives the server
 * inside tests and hooks.
 */
export function useDedicatedServer(
  kind: ServerKind,
  options: StartServerOptions = {},
): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, { name: 'dedicated', ...options });
  });
  afterAll(async () => {
    await server?.destroy();
  });
  return () => {
    if (!server)
      throw new Error('the dedicated server is available in tests and hooks, after beforeAll');
    return server;
  };
}

/** Like `useDedicatedServer`, for a source with `replicaCount` replicas (see `startTopology`). */
export function useTopology(kind: ServerKind, replicaCount: number): () => Topology {
  let topology: Topology | undefined;
  beforeAll(async () => {
    topology = await startTopology(kind, replicaCount);
  });
  afterAll(async () => {
    await topology?.destroy();
  });
  return () => {
    if (!topology) throw new Error('the topology is available in tests and hooks, after beforeAll');
    return topology;
  };
}
