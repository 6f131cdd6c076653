import { useEffect, type CSSProperties, type ReactNode } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ServerFlavor } from '../../shared/server/flavor';
import { hostPort } from '../../shared/server/host-port';
import { LockIcon } from '../app/LockIcon';
import { FlavorIcon } from './FlavorIcon';
import { knownFlavor, rememberFlavor } from './known-flavors';
import './connections.css';

function endpointText(c: SavedConnection): string {
  const base =
    c.endpoint.kind === 'tcp' ? hostPort(c.endpoint.host, c.endpoint.port) : c.endpoint.path;
  return `${c.user}@${base}${c.ssh ? ` via ${c.ssh.host}` : ''}`;
}

/** A connection's marks: flavor, not encrypted, read-only, production. */
function ConnectionFlags({
  connection: c,
  flavor,
  unencrypted,
}: {
  connection: SavedConnection;
  flavor: ServerFlavor | null | undefined;
  unencrypted: boolean;
}) {
  return (
    <span className="connection-flags">
      {flavor && <FlavorIcon flavor={flavor} />}
      {unencrypted && (
        <span
          className="status-warning"
          data-testid="rail-not-encrypted"
          title="Connected without TLS over the network: anyone on the path can read this session"
          role="img"
          aria-label="not encrypted"
        >
          ⚠
        </span>
      )}
      {c.readOnly && (
        <span className="flag-lock" title="Read-only">
          <LockIcon title="Read-only" />
        </span>
      )}
      {c.production && (
        <span className="badge badge-danger" title="Production">
          PROD
        </span>
      )}
    </span>
  );
}

/** The left rail's saved connections, with colour tag and read-only / production marks. */
export function ConnectionList({
  connections,
  unreadable = null,
  hasUnreadable = false,
  listState = 'loaded',
  selectedId,
  connectedIds,
  flavors,
  unencryptedIds,
  onSelect,
  onOpen,
  onNew,
  activeTree,
  collapsed = false,
  onToggleCollapsed,
}: {
  connections: SavedConnection[];
  /** Shown under the list: the saved entries this version cannot read. */
  unreadable?: ReactNode;
  /** Whether there are such entries (then an empty list is not "none saved"). */
  hasUnreadable?: boolean;
  /** Whether `connections` was read: empty before then is not "none saved". */
  listState?: 'loading' | 'loaded' | 'failed';
  selectedId: string | null;
  connectedIds: Set<string>;
  /** The flavor of each connection with an open session (others show the one last seen). */
  flavors?: ReadonlyMap<string, ServerFlavor>;
  /** Connections with an open session over the network without TLS. */
  unencryptedIds?: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onOpen: (id: string) => void;
  onNew: () => void;
  /** Shown under the connection of the active editor: its schema tree. */
  activeTree?: { connectionId: string; tree: ReactNode } | null;
  /** Folded to a strip of colour tags, to give the tab the width. */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
}) {
  useEffect(() => {
    for (const [id, flavor] of flavors ?? []) rememberFlavor(id, flavor);
  }, [flavors]);
  if (collapsed) {
    return (
      <nav className="rail rail-collapsed" aria-label="Saved connections">
        <button
          type="button"
          className="btn-small rail-toggle"
          aria-label="Expand the sidebar"
          title="Expand the sidebar"
          onClick={onToggleCollapsed}
        >
          »
        </button>
        <ul className="rail-strip">
          {connections.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`rail-chip${c.id === selectedId ? ' selected' : ''}`}
                title={`${c.name} — ${endpointText(c)} (double-click to connect)`}
                aria-label={c.name}
                aria-pressed={c.id === selectedId}
                data-connection-chip={c.name}
                onClick={() => onSelect(c.id)}
                onDoubleClick={() => onOpen(c.id)}
              >
                <span className={`color-dot color-${c.color}`} aria-hidden="true" />
                {connectedIds.has(c.id) && (
                  <span className="rail-chip-connected" aria-hidden="true" />
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav className="rail" aria-label="Saved connections">
      <div className="rail-header">
        <h2>Connections</h2>
        <span className="rail-header-actions">
          <button type="button" className="btn-small" onClick={onNew}>
            + New
          </button>
          {onToggleCollapsed && (
            <button
              type="button"
              className="btn-small rail-toggle"
              aria-label="Collapse the sidebar"
              title="Collapse the sidebar"
              onClick={onToggleCollapsed}
            >
              «
            </button>
          )}
        </span>
      </div>
      {connections.length === 0 && listState !== 'loaded' ? (
        <div className="empty-state" data-testid="connections-unread">
          <p>
            {listState === 'loading'
              ? 'Reading saved connections…'
              : 'Saved connections could not be read: see the message beside. They show here once the backend answers.'}
          </p>
        </div>
      ) : connections.length === 0 && !hasUnreadable ? (
        <div className="empty-state">
          <p>No saved connections yet.</p>
          <p>
            Run <code>npm run sandbox</code> for a local MySQL and MariaDB, then add one with{' '}
            <strong>+ New</strong>.
          </p>
        </div>
      ) : (
        <ul className="connection-list" role="listbox" aria-label="Saved connections">
          {connections.flatMap((c) => [
            <li
              key={c.id}
              role="option"
              aria-selected={c.id === selectedId}
              className={`connection-item${c.id === selectedId ? ' selected' : ''}`}
              tabIndex={0}
              onClick={() => onSelect(c.id)}
              onDoubleClick={() => onOpen(c.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(c.id);
              }}
              data-connection-name={c.name}
            >
              <span className={`color-bar color-${c.color}`} aria-hidden="true" />
              <span className="connection-text">
                <span className="connection-name" title={c.name}>
                  {connectedIds.has(c.id) && (
                    <span
                      className="dot-connected"
                      title="Connected"
                      role="img"
                      aria-label="connected"
                    >
                      ●
                    </span>
                  )}
                  <span className="connection-name-text">{c.name}</span>
                </span>
                <span className="connection-meta">
                  <span className="connection-endpoint" title={endpointText(c)}>
                    {endpointText(c)}
                  </span>
                  <ConnectionFlags
                    connection={c}
                    flavor={flavors?.get(c.id) ?? knownFlavor(c.id)}
                    unencrypted={unencryptedIds?.has(c.id) === true}
                  />
                </span>
              </span>
            </li>,
            activeTree?.connectionId === c.id && (
              <li
                key="schema-tree"
                role="presentation"
                className="schema-tree-slot"
                // Its height leaves room for every other connection below it (see the CSS).
                style={{ '--rail-others': connections.length - 1 } as CSSProperties}
              >
                {activeTree.tree}
              </li>
            ),
          ])}
        </ul>
      )}
      {unreadable}
    </nav>
  );
}
