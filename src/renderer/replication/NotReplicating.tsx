import type { ServerInfo } from '../../shared/server/server-info';
import type { ReplicationTopology } from '../../shared/replication/topology-model';
import {
  replicaHostsStatement,
  replicaStatusStatement,
} from '../../shared/replication/status-statements';

/**
 * Whether the server takes no part in replication as far as it can tell: no channel, no replica
 * connected, and (once discovered) no other server in its topology.
 */
export function isNotReplicating(
  status: { channels: readonly unknown[]; connectedReplicas: number },
  topology: ReplicationTopology | null,
): boolean {
  if (status.channels.length > 0 || status.connectedReplicas > 0) return false;
  if (!topology) return true;
  return topology.nodes.length === 1 && topology.nodes[0]!.unlistedReplicaHosts.length === 0;
}

/** The header's word for a server outside replication: neither healthy nor a source. */
export function NotReplicatingBadge() {
  return (
    <span className="rp-state-badge" data-replication-state="not-replicating">
      not replicating
    </span>
  );
}

/** Says plainly that the server is not replicating, and what it takes to see a topology. */
export function NotReplicatingNotice({ server }: { server: ServerInfo }) {
  return (
    <div className="rp-not-replicating" role="note" data-replication-state="not-replicating">
      <strong>This server is not replicating.</strong> It replicates from no source (
      <code>{replicaStatusStatement(server)}</code> is empty) and no replica is connected to it (
      <code>{replicaHostsStatement(server)}</code> lists none), so there is nothing to check here.
    </div>
  );
}

/** The topology section's text when there is no topology to draw. */
export function NoTopologyText({ server }: { server: ServerInfo }) {
  return (
    <p className="empty-state">
      No topology to draw: no source and no replica were found. To see one, open this screen on a
      server in replication: a replica (its sources are found from its channels) or a source whose
      replicas set <code>report_host</code> (replicas are listed by {replicaHostsStatement(server)}{' '}
      only when they set it; one without it shows up as an unlisted binlog client).
    </p>
  );
}
