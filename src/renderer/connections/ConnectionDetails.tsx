import type { ReactNode } from 'react';
import { tlsModePins, type SavedConnection } from '../../shared/api/connection';
import { hostPort } from '../../shared/server/host-port';

/** A saved connection before connecting: its settings and the actions on it. */
export function ConnectionDetails({
  connection,
  connecting,
  onConnect,
  onEdit,
  onDuplicate,
  onDelete,
  tools,
}: {
  connection: SavedConnection;
  connecting: boolean;
  onConnect: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Buttons that open this connection's server tools (each connects on its own session). */
  tools?: ReactNode;
}) {
  const c = connection;
  return (
    <section className="details" aria-label={`Connection ${c.name}`}>
      <header className={`connected-header color-border-${c.color}`}>
        <h1>
          <span className={`color-dot color-${c.color}`} aria-hidden="true" /> {c.name}
        </h1>
        <span className="spacer" />
        <button type="button" className="btn-primary" onClick={onConnect} disabled={connecting}>
          {connecting ? 'Connecting…' : 'Connect'}
        </button>
        {tools}
        <button type="button" onClick={onEdit}>
          Edit
        </button>
        <button type="button" onClick={onDuplicate}>
          Duplicate
        </button>
        <button type="button" className="btn-danger-outline" onClick={onDelete}>
          Delete
        </button>
      </header>
      <dl className="facts">
        <dt>Endpoint</dt>
        <dd className="mono">
          {c.endpoint.kind === 'tcp'
            ? hostPort(c.endpoint.host, c.endpoint.port)
            : `socket ${c.endpoint.path}`}
        </dd>
        <dt>User</dt>
        <dd className="mono">{c.user}</dd>
        <dt>Password</dt>
        <dd>
          {c.passwordMode === 'ask'
            ? 'Asked each time'
            : c.passwordMode === 'none'
              ? 'None'
              : c.secrets.password
                ? 'Saved (encrypted)'
                : 'Empty'}
        </dd>
        <dt>Default schema</dt>
        <dd>{c.defaultSchema || '—'}</dd>
        <dt>TLS</dt>
        <dd>
          {c.tls.mode}
          {c.tls.serverPublicKeyFile ? `, server key pinned (${c.tls.serverPublicKeyFile})` : ''}
          {c.tls.getServerPublicKey ? ', trusts the key the server sends' : ''}
          {c.tls.serverCertSha256 && tlsModePins(c.tls.mode)
            ? `, certificate pinned ${c.tls.serverCertSha256}`
            : ''}
        </dd>
        <dt>SSH tunnel</dt>
        <dd>
          {c.ssh ? `${c.ssh.user}@${hostPort(c.ssh.host, c.ssh.port)} (${c.ssh.auth})` : 'No'}
        </dd>
        <dt>Connect timeout</dt>
        <dd>{c.connectTimeoutMs / 1000} s</dd>
        <dt>Flags</dt>
        <dd>
          {[c.readOnly && 'read-only', c.production && 'production'].filter(Boolean).join(', ') ||
            '—'}
        </dd>
      </dl>
    </section>
  );
}
