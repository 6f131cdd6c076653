import { useState, type ReactNode } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import { CAPABILITY_KEYS, describeCapability } from '../../shared/server/capabilities';
import type { ServerInfo } from '../../shared/server/server-info';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { LockIcon } from '../app/LockIcon';
import { FLAVOR_NAMES } from '../../shared/server/flavor';
import { formatVersion } from '../../shared/server/version';
import { useErrantSummary } from '../replication/errant-by-connection';
import { ServerSummary } from './ServerSummary';
import { Notice } from '../ui/Notice';
import './connections.css';

export interface OpenTab {
  connectionId: string;
  sessionId: string;
  /** Which of this connection's editors it is: its text is kept under this slot. */
  slot: number;
  server: ServerInfo;
  lost: ApiErrorShape | null;
}

/**
 * A connected session: what the server is, whether the link holds, a way to refresh, and the
 * session's work area (the SQL editor) below.
 */
export function ConnectedView({
  tab,
  connection,
  onUpdate,
  onDisconnect,
  onNewEditor,
  tools,
  children,
}: {
  tab: OpenTab;
  connection: SavedConnection;
  onUpdate: (tab: OpenTab) => void;
  onDisconnect: () => void;
  onNewEditor: () => void;
  /** Buttons that open this connection's server tools; they take the header's free room. */
  tools?: ReactNode;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const errant = useErrantSummary(connection.id);

  const refresh = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const status = await api.call('session.status', { sessionId: tab.sessionId });
      onUpdate({ ...tab, server: status.server, lost: null });
      if (status.reconnected) setNote('The connection had been lost; Sightline reconnected.');
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="connected" aria-label={`Session on ${connection.name}`}>
      <header className={`connected-header color-border-${connection.color}`}>
        <h1 title={connection.name}>
          <span className={`color-dot color-${connection.color}`} aria-hidden="true" />{' '}
          {connection.name}
        </h1>
        {tab.lost ? (
          <span className="badge badge-warning" data-testid="lost-state">
            ⚠ Connection lost
          </span>
        ) : (
          <span className="badge badge-ok" data-testid="connected-state">
            ● Connected
          </span>
        )}
        {connection.readOnly && (
          <span className="badge badge-info">
            <LockIcon /> Read-only
          </span>
        )}
        {connection.production && <span className="badge badge-danger">PROD</span>}
        {errant && (
          <span
            className="badge badge-danger"
            data-testid="errant-badge"
            title={`Errant transactions on ${errant.nodeIds.join(', ')} (see the Replication tab)`}
          >
            ✖ Errant GTIDs on {errant.nodeIds.length}{' '}
            {errant.nodeIds.length === 1 ? 'server' : 'servers'}
          </span>
        )}
        <span className="server-brief">
          {FLAVOR_NAMES[tab.server.flavor]} {formatVersion(tab.server.version)} ·{' '}
          {tab.server.hostname}
        </span>
        {tools ?? <span className="spacer" />}
        <button
          type="button"
          onClick={onNewEditor}
          title="New SQL editor on its own session (Ctrl+T)"
        >
          New editor
        </button>
        <button type="button" onClick={() => void refresh()} disabled={busy}>
          {busy ? 'Refreshing…' : 'Refresh'}
        </button>
        <button type="button" onClick={onDisconnect}>
          Disconnect
        </button>
      </header>
      {tab.lost && (
        <Notice severity="warning" role="alert" testId="connection-lost">
          <strong>Connection lost.</strong> {tab.lost.message} Sightline reconnects on your next
          action.
        </Notice>
      )}
      {note && <Notice severity="ok">{note}</Notice>}
      {error && <ErrorNotice error={error} title="Refresh failed" />}
      <details className="server-details">
        <summary>Server details</summary>
        <ServerSummary server={tab.server} />
        <h3 className="subheading">What this server supports</h3>
        <ul className="capabilities">
          {CAPABILITY_KEYS.map((k) => (
            <li key={k} className={tab.server.capabilities[k] ? 'cap-yes' : 'cap-no'}>
              <span aria-hidden="true">{tab.server.capabilities[k] ? '✔' : '–'}</span>{' '}
              {describeCapability(k)}
              <span className="sr-only">
                {tab.server.capabilities[k] ? ' (supported)' : ' (not supported)'}
              </span>
            </li>
          ))}
        </ul>
      </details>
      {children}
    </section>
  );
}
