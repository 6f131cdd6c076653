import { withConnection } from './connect';
import { startServer, type RunningServer, type StartServerOptions } from './instance';
import { replicateFrom, waitForCatchUp, waitForReplicaThreads } from './replication';
import type { ServerKind } from './server-kind';

/** A source with GTID replicas, all on loopback. */
export interface Topology {
  /** server_id 1. */
  source: RunningServer;
  /** server_id 2, 3, ... replicating from `source`. */
  replicas: RunningServer[];
  /** Destroys every server of the topology (replicas first). */
  destroy(): Promise<void>;
}

/**
 * Starts a source and `replicaCount` replicas of `kind` (in parallel), points each replica at the
 * source by GTID auto-positioning, and returns once every replica's IO and SQL threads run and it
 * has applied a write made on the source. That write is a `CREATE DATABASE` + `DROP DATABASE` of
 * `sightline_topology_probe`, so nothing is left behind, but the source's GTID history starts
 * with those two transactions (MySQL: `<source uuid>:1-2`; MariaDB: `0-1-2`).
 * `options` apply to every server (not serverId/name/workDir/port).
 */
export async function startTopology(
  kind: ServerKind,
  replicaCount: number,
  options: Pick<StartServerOptions, 'extraArgs' | 'startTimeoutMs'> = {},
): Promise<Topology> {
  const starting = [
    startServer(kind, { ...options, serverId: 1, name: 'source' }),
    ...Array.from({ length: replicaCount }, (_, index) =>
      startServer(kind, { ...options, serverId: index + 2, name: `replica-${index + 1}` }),
    ),
  ];
  const settled = await Promise.allSettled(starting);
  const started = settled.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const destroy = async () => {
    await Promise.all(started.slice(1).map((server) => server.destroy()));
    await started[0]?.destroy();
  };
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) {
    await destroy();
    throw failure.reason;
  }
  const [source, ...replicas] = started as [RunningServer, ...RunningServer[]];
  try {
    await Promise.all(replicas.map((replica) => replicateFrom(replica, source)));
    await Promise.all(replicas.map((replica) => waitForReplicaThreads(replica)));
    await withConnection(source, (connection) =>
      connection.query(
        'CREATE DATABASE sightline_topology_probe; DROP DATABASE sightline_topology_probe',
      ),
    );
    await Promise.all(replicas.map((replica) => waitForCatchUp(source, replica)));
  } catch (error) {
    await destroy();
    throw error;
  }
  return { source, replicas, destroy };
}
