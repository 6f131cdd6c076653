import type { ServerInfo } from '../server/server-info';

/** The statement that lists a server's replication channels, by capability. */
export function replicaStatusStatement(server: ServerInfo): string {
  if (server.capabilities.allSlavesStatus) return 'SHOW ALL SLAVES STATUS';
  return server.capabilities.replicaStatements ? 'SHOW REPLICA STATUS' : 'SHOW SLAVE STATUS';
}

/** The statement that lists the replicas a source knows of, by capability. */
export function replicaHostsStatement(server: ServerInfo): string {
  return server.capabilities.showReplicas ? 'SHOW REPLICAS' : 'SHOW SLAVE HOSTS';
}
