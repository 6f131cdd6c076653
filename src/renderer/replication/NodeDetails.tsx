import type { HostCredential } from '../../shared/api/replication';
import type { TopologyNode } from '../../shared/replication/topology-model';
import { ErrorNotice } from '../app/ErrorNotice';
import { HostLogin } from './HostLogin';
import { ProblemList } from './ProblemList';
import { PromotionLine } from './PromotionLine';

/**
 * One server of the topology: how it was reached, its version and role, why it could not be
 * read (with a login form when it asked for one), and whether it could replace its source.
 */
export function NodeDetails({
  node,
  onLogin,
}: {
  node: TopologyNode;
  onLogin: (login: HostCredential) => void;
}) {
  return (
    <div className="rp-node-details" aria-label={`Details of ${node.id}`}>
      <h4 className="mono">{node.id}</h4>
      {node.aliases.length > 0 && (
        <p className="rp-muted">also reached as {node.aliases.join(', ')}</p>
      )}
      {node.server && (
        <p className="rp-muted">
          {node.server.versionText} · server_id {node.server.serverId}
          {node.server.serverUuid && ` · ${node.server.serverUuid}`}
          {node.server.readOnly ? ' · read_only' : ' · writable'}
        </p>
      )}
      {node.error && <ErrorNotice error={node.error} title={`${node.id} could not be read`} />}
      {node.error &&
        (node.error.code === 'AUTH_FAILED' || node.error.code === 'PASSWORD_REQUIRED') && (
          <HostLogin host={node.host} port={node.port} onLogin={onLogin} />
        )}
      {node.unlistedReplicaHosts.length > 0 && (
        <p className="rp-muted">
          Binlog clients not listed as replicas: {node.unlistedReplicaHosts.join(', ')}
        </p>
      )}
      {node.promotion && <PromotionLine promotion={node.promotion} />}
      {node.problems.length === 0 ? (
        <p>✔ No problems.</p>
      ) : (
        // The error itself is shown above with its code; not a second time here.
        <ProblemList problems={node.problems.filter((p) => p.code !== 'unreachable')} />
      )}
    </div>
  );
}
