import { useState } from 'react';
import type { HostCredential } from '../../shared/api/replication';
import { formatTimestamp } from '../../shared/format/timestamp';
import { worst } from '../../shared/severity';
import { replicaStatusStatement } from '../../shared/replication/status-statements';
import { ErrorNotice } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { SeverityBadge } from '../ui/SeverityIcon';
import { ChannelCard } from './ChannelCard';
import { ErrantFixPanel } from './ErrantFixPanel';
import {
  isNotReplicating,
  NoTopologyText,
  NotReplicatingBadge,
  NotReplicatingNotice,
} from './NotReplicating';
import { NodeDetails } from './NodeDetails';
import { ProblemList } from './ProblemList';
import { DriftSection } from './drift/DriftSection';
import { ReplicationSettingsSection } from './settings/ReplicationSettingsSection';
import { TopologyDiagram } from './TopologyDiagram';
import { useReplicationStatus } from './use-replication-status';
import { useTopology } from './use-topology';
import './replication.css';

/**
 * Replication of one server: problems first, each channel's threads, errors, lag (now and as a
 * chart), GTID sets and settings; the settings that decide how it replicates, explained; the topology around it as a tree with health and errant
 * state; the guided errant-transaction fix.
 */
export function ReplicationScreen({
  connection,
  sessionId,
  server,
  active,
  confirm,
}: ToolScreenProps) {
  const { status, error, history } = useReplicationStatus(sessionId, active);
  const [selected, setSelected] = useState<string | null>(null);
  const [fixing, setFixing] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<HostCredential[]>([]);
  const {
    topology,
    error: topologyError,
    discovering,
    discover,
  } = useTopology(sessionId, connection.id, credentials, active);

  const errantNodes = topology?.nodes.filter((n) => n.errant !== null) ?? [];
  const selectedNode = topology?.nodes.find((n) => n.id === selected) ?? null;
  const fixNode = topology?.nodes.find((n) => n.id === fixing) ?? null;
  // The header speaks for the whole picture: errant transactions found by the topology count.
  const startNode = topology?.nodes.find((n) => n.id === topology.startId) ?? null;
  const health = status ? worst([status.health, ...(startNode ? [startNode.health] : [])]) : null;
  const alone = status !== null && isNotReplicating(status, topology);

  return (
    <div className="rp-screen" data-screen="replication">
      <header className="rp-head">
        <h2>Replication</h2>
        {health &&
          (alone && health === 'ok' ? (
            <NotReplicatingBadge />
          ) : (
            <SeverityBadge severity={health} label={health === 'ok' ? 'healthy' : undefined} />
          ))}
        {status && (
          <span className="rp-muted">
            server_id {status.server.serverId} ·{' '}
            {status.channels.length === 0
              ? 'not a replica'
              : `${status.channels.length} channel${status.channels.length === 1 ? '' : 's'}`}{' '}
            · {status.connectedReplicas} replica{status.connectedReplicas === 1 ? '' : 's'}{' '}
            connected · read {formatTimestamp(new Date(status.readAt).toISOString())}
          </span>
        )}
        <span className="rp-grow" />
        <button type="button" onClick={() => void discover()} disabled={discovering}>
          {discovering ? 'Discovering…' : 'Refresh topology'}
        </button>
      </header>

      {errantNodes.map((n) => (
        <Notice
          key={n.id}
          severity="danger"
          className="rp-errant-banner"
          data={{ 'data-errant-node': n.id }}
          title={
            n.errant!.method === 'mariadb-local'
              ? `Local writes in a replicated domain on ${n.id}`
              : `Errant transactions on ${n.id}`
          }
          actions={
            <button type="button" className="btn-small" onClick={() => setFixing(n.id)}>
              {n.errant!.method === 'mariadb-local' ? 'What to do' : 'Review the fix'}
            </button>
          }
        >
          <div className="mono rp-gtids">{n.errant!.gtids}</div>
          <div className="rp-problem-detail">{n.errant!.consequence}</div>
        </Notice>
      ))}

      {fixNode && (
        <ErrantFixPanel
          key={fixNode.id}
          node={fixNode}
          context={{ sessionId, connection, confirm, credentials }}
          onFixed={() => void discover()}
          onClose={() => setFixing(null)}
        />
      )}

      {error && <ErrorNotice error={error} title="Replication status could not be read" />}

      {status && (
        <section className="rp-section" aria-label="Problems">
          <h3>Problems</h3>
          {status.problems.length === 0 && alone ? (
            <NotReplicatingNotice server={server} />
          ) : status.problems.length === 0 ? (
            <Notice severity="ok" role="note">
              {status.channels.length === 0
                ? 'Nothing to report: this server replicates from nobody; its replicas are in the topology below.'
                : 'Every channel receives and applies, without errors or lag.'}
            </Notice>
          ) : (
            <ProblemList problems={status.problems} />
          )}
        </section>
      )}

      {status && (
        <section className="rp-section" aria-label="Channels">
          <h3>Channels</h3>
          {status.channels.length === 0 ? (
            <p className="empty-state">
              No channels: {replicaStatusStatement(server)} is empty, so this server is not a
              replica. Open this screen on a replica to see its threads, lag and GTID sets
              {alone ? '.' : ', or pick a node in the topology.'}
            </p>
          ) : (
            status.channels.map((c) => (
              <ChannelCard
                key={c.name}
                channel={c}
                history={history[c.name] ?? []}
                now={status.readAt}
              />
            ))
          )}
        </section>
      )}

      <ReplicationSettingsSection sessionId={sessionId} active={active} />

      <DriftSection sessionId={sessionId} connection={connection} confirm={confirm} />

      <section className="rp-section" aria-label="Topology">
        <header className="rp-section-head rp-topology-head">
          <h3>Topology</h3>
          <span className="rp-muted">
            {topology && `read ${formatTimestamp(new Date(topology.readAt).toISOString())} `}
            <button
              type="button"
              className="btn-small"
              disabled={discovering}
              onClick={() => void discover()}
            >
              {discovering ? 'Discovering…' : 'Discover again'}
            </button>
          </span>
        </header>
        {topologyError && (
          <ErrorNotice error={topologyError} title="The topology could not be discovered" />
        )}
        {!topology && !topologyError && (
          <p className="empty-state">Discovering replicas and sources…</p>
        )}
        {topology && (
          <>
            {topology.truncated && (
              <p className="rp-muted">Only the first {topology.nodes.length} servers are shown.</p>
            )}
            {alone && topology.nodes.length === 1 ? (
              <NoTopologyText server={server} />
            ) : (
              <>
                <div className="rp-topology-wrap">
                  <TopologyDiagram
                    nodes={topology.nodes}
                    selectedId={selected}
                    onSelect={setSelected}
                  />
                </div>
                <p className="rp-muted rp-legend">
                  ● marks the server this screen is open on. Click a server for its details.
                </p>
              </>
            )}
            {selectedNode && (
              <NodeDetails
                node={selectedNode}
                onLogin={(login) =>
                  setCredentials((cs) => [
                    ...cs.filter((c) => c.host !== login.host || c.port !== login.port),
                    login,
                  ])
                }
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
