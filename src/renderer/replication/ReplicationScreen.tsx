import { reportErrant } from './errant-by-connection';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { HostCredential } from '../../shared/api/replication';
import { formatTimestamp } from '../../shared/format/timestamp';
import type { ReplicationProblem } from '../../shared/replication/replication-problem';
import { worst } from '../../shared/severity';
import {
  replicaHostsStatement,
  replicaStatusStatement,
} from '../../shared/replication/status-statements';
import type { ReplicationTopology } from '../../shared/replication/topology-model';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { usePolling } from '../data/use-polling';
import { ChannelCard } from './ChannelCard';
import { ErrantFixPanel } from './ErrantFixPanel';
import { SeverityBadge, SeverityIcon } from '../ui/SeverityIcon';
import { HostLogin } from './HostLogin';
import { TopologyDiagram } from './TopologyDiagram';
import { useReplicationStatus } from './use-replication-status';
import { Notice } from '../ui/Notice';

const TOPOLOGY_REFRESH_MS = 30_000;

function ProblemList({ problems }: { problems: readonly ReplicationProblem[] }) {
  return (
    <ul className="rp-problems">
      {problems.map((p, i) => (
        <li
          key={`${p.code}-${p.channel ?? ''}-${i}`}
          className={`rp-problem rp-problem-${p.severity}`}
          data-problem={p.code}
        >
          <SeverityIcon severity={p.severity} />
          <div>
            <strong>{p.title}</strong>
            {p.channel !== null && p.channel !== '' && (
              <span className="rp-muted"> · channel {p.channel}</span>
            )}
            <div className="rp-problem-detail">{p.detail}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Replication of one server: problems first, each channel's threads, errors, lag (now and as a
 * chart), GTID sets and settings; the topology around it as a tree with health and errant
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
  const [topology, setTopology] = useState<ReplicationTopology | null>(null);
  const [topologyError, setTopologyError] = useState<ApiErrorShape | null>(null);
  const [discovering, setDiscovering] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [fixing, setFixing] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<HostCredential[]>([]);

  const busy = useRef(false);
  const again = useRef(false);
  // The newest discover, for the one asked for while another ran (it may have new logins).
  const latestDiscover = useRef<() => Promise<void>>(async () => undefined);
  const discover = useCallback(async (): Promise<void> => {
    // One discovery at a time; asked for meanwhile (new login, fix done), it runs right after.
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setDiscovering(true);
    try {
      const found = await api.call('replication.topology', { sessionId, credentials });
      setTopology(found);
      reportErrant(
        connection.id,
        found.nodes.filter((n) => n.errant !== null).map((n) => n.id),
      );
      setTopologyError(null);
    } catch (e) {
      setTopologyError(errorShapeOf(e));
    } finally {
      busy.current = false;
      setDiscovering(false);
      if (again.current) {
        again.current = false;
        void latestDiscover.current();
      }
    }
  }, [sessionId, credentials, connection.id]);
  useLayoutEffect(() => {
    latestDiscover.current = discover;
  }, [discover]);
  useEffect(() => {
    // Started from a task of its own, so its "discovering" is not set inside this effect.
    const start = setTimeout(() => void discover(), 0);
    return () => clearTimeout(start);
  }, [discover]);
  // While shown, the topology (and its errant check) is read again now and then; each
  // discovery logs in to every server, so not at the status poll's pace.
  usePolling(discover, {
    key: sessionId,
    intervalMs: TOPOLOGY_REFRESH_MS,
    enabled: active,
    immediate: false,
  });

  const errantNodes = topology?.nodes.filter((n) => n.errant !== null) ?? [];
  const selectedNode = topology?.nodes.find((n) => n.id === selected) ?? null;
  const fixNode = topology?.nodes.find((n) => n.id === fixing) ?? null;
  // The header speaks for the whole picture: errant transactions found by the topology count.
  const startNode = topology?.nodes.find((n) => n.id === topology.startId) ?? null;
  const health = status ? worst([status.health, ...(startNode ? [startNode.health] : [])]) : null;

  return (
    <div className="rp-screen" data-screen="replication">
      <header className="rp-head">
        <h2>Replication</h2>
        {health && (
          <SeverityBadge severity={health} label={health === 'ok' ? 'healthy' : undefined} />
        )}
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
          sessionId={sessionId}
          node={fixNode}
          connection={connection}
          credentials={credentials}
          confirm={confirm}
          onFixed={() => void discover()}
          onClose={() => setFixing(null)}
        />
      )}

      {error && <ErrorNotice error={error} title="Replication status could not be read" />}

      {status && (
        <section className="rp-section" aria-label="Problems">
          <h3>Problems</h3>
          {status.problems.length === 0 ? (
            <Notice severity="ok" role="note">
              {status.channels.length === 0
                ? 'Nothing to report: this server replicates from nobody. Its replicas appear in the topology below.'
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
              This server is not a replica: {replicaStatusStatement(server)} is empty. Open this
              screen on a replica to see its threads, lag and GTID sets, or pick a node in the
              topology.
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

      <section className="rp-section" aria-label="Topology">
        <h3>Topology</h3>
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
            <div className="rp-topology-wrap">
              <TopologyDiagram
                nodes={topology.nodes}
                selectedId={selected}
                onSelect={setSelected}
              />
            </div>
            {topology.nodes.length === 1 && (
              <p className="empty-state">
                No replicas or sources found. Replicas are listed by {replicaHostsStatement(server)}{' '}
                only when they set report_host; a replica without it shows up as an unlisted binlog
                client.
              </p>
            )}
            {selectedNode && (
              <div className="rp-node-details" aria-label={`Details of ${selectedNode.id}`}>
                <h4 className="mono">{selectedNode.id}</h4>
                {selectedNode.aliases.length > 0 && (
                  <p className="rp-muted">also reached as {selectedNode.aliases.join(', ')}</p>
                )}
                {selectedNode.server && (
                  <p className="rp-muted">
                    {selectedNode.server.versionText} · server_id {selectedNode.server.serverId}
                    {selectedNode.server.serverUuid && ` · ${selectedNode.server.serverUuid}`}
                    {selectedNode.server.readOnly ? ' · read_only' : ' · writable'}
                  </p>
                )}
                {selectedNode.error && (
                  <ErrorNotice
                    error={selectedNode.error}
                    title={`${selectedNode.id} could not be read`}
                  />
                )}
                {selectedNode.error &&
                  (selectedNode.error.code === 'AUTH_FAILED' ||
                    selectedNode.error.code === 'PASSWORD_REQUIRED') && (
                    <HostLogin
                      host={selectedNode.host}
                      port={selectedNode.port}
                      onLogin={(login) =>
                        setCredentials((cs) => [
                          ...cs.filter((c) => c.host !== login.host || c.port !== login.port),
                          login,
                        ])
                      }
                    />
                  )}
                {selectedNode.unlistedReplicaHosts.length > 0 && (
                  <p className="rp-muted">
                    Binlog clients not listed as replicas:{' '}
                    {selectedNode.unlistedReplicaHosts.join(', ')}
                  </p>
                )}
                {selectedNode.promotion && (
                  <p data-promotion={selectedNode.promotion.canPromote ? 'yes' : 'no'}>
                    {selectedNode.promotion.canPromote
                      ? `✔ Can replace its source for ${selectedNode.promotion.peers.join(', ')}: it lacks nothing they have and keeps what they would need.`
                      : `✖ Cannot replace its source yet: ${[
                          ...selectedNode.promotion.missing.map(
                            (m) => `lacks ${m.gtids} that ${m.peer} has`,
                          ),
                          ...selectedNode.promotion.purgedButNeeded.map(
                            (m) => `purged ${m.gtids} that ${m.peer} would need`,
                          ),
                        ].join('; ')}.`}
                  </p>
                )}
                {selectedNode.problems.length === 0 ? (
                  <p>✔ No problems.</p>
                ) : (
                  // The error itself is shown above with its code; not a second time here.
                  <ProblemList
                    problems={selectedNode.problems.filter((p) => p.code !== 'unreachable')}
                  />
                )}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
