import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection } from '../../shared/api/connection';
import { formatDuration } from '../../shared/format/duration';
import { FLAVOR_NAMES } from '../../shared/server/flavor';
import { linkTransport } from '../../shared/server/link-transport';
import { formatVersion } from '../../shared/server/version';
import type { OpenTab } from '../connections/ConnectedView';
import { TransportBadge } from '../connections/TransportBadge';
import { LockIcon } from '../app/LockIcon';
import { UpdateNotice } from '../app/UpdateNotice';
import { useSessionActivity } from '../app/session-activity';

/** How often the running statement's timer is redrawn. */
const TICK_MS = 100;

/** A clock face drawn inline: a glyph like ⏱ is missing from many system fonts. */
function ClockIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4v4.5l3 1.8" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** Time since `startedAt` (performance.now() clock), redrawn while shown. */
function RunningTimer({ startedAt, sql }: { startedAt: number; sql: string }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="status-running" data-testid="status-running" title={sql}>
      <ClockIcon /> running{' '}
      <span className="status-figure">{formatDuration(Math.max(0, now - startedAt))}</span>
    </span>
  );
}

/** Whether the session has a transaction open, as the server's status flags said. */
function TransactionState({ open }: { open: boolean | null }) {
  if (open === null) {
    return (
      <span data-testid="status-transaction" data-state="unknown" title="The server did not say">
        transaction ?
      </span>
    );
  }
  return open ? (
    <span
      className="status-warning"
      data-testid="status-transaction"
      data-state="open"
      title="A transaction is open in this session: COMMIT or ROLLBACK ends it; it holds its locks until then"
    >
      <span aria-hidden="true">⚠</span> transaction open
    </span>
  ) : (
    <span data-testid="status-transaction" data-state="none">
      no transaction
    </span>
  );
}

/**
 * Connection, server, session, transaction and read-only state of the active tab, and the
 * running statement's timer, always in view.
 */
export function StatusBar({
  tab,
  connection,
  appInfo,
  toolTitle,
  page,
}: {
  tab: OpenTab | null;
  connection: SavedConnection | null;
  appInfo: AppInfo | null;
  /** Set when the tab is a server tool: its own session runs no user statements. */
  toolTitle?: string | undefined;
  /** Set when the tab in front works on no session (a plan, settings): what it is instead. */
  page?: string | undefined;
}) {
  const activity = useSessionActivity();
  const current = tab ? activity.get(tab.sessionId) : undefined;
  return (
    <footer className="status-bar" role="status" aria-label="Status">
      {tab && connection ? (
        <>
          <span className={`color-dot color-${connection.color}`} aria-hidden="true" />
          <span>{connection.name}</span>
          <span>
            {FLAVOR_NAMES[tab.server.flavor]} {formatVersion(tab.server.version)}
          </span>
          <span>session {tab.server.connectionId}</span>
          <TransportBadge
            transport={linkTransport(tab.server, connection.endpoint)}
            tlsMode={connection.tls.mode}
            tlsCert={tab.server.tlsCert}
          />
          {toolTitle ? (
            <span data-testid="status-tool">{toolTitle}</span>
          ) : (
            <TransactionState open={current ? current.inTransaction : false} />
          )}
          <span>
            {connection.readOnly ? (
              <>
                <LockIcon /> read-only
              </>
            ) : (
              'read-write'
            )}
          </span>
          {current?.running && (
            <RunningTimer
              key={current.running.queryId}
              startedAt={current.running.startedAt}
              sql={current.running.sql}
            />
          )}
          {tab.lost && <span className="status-warning">⚠ connection lost</span>}
        </>
      ) : page ? (
        <span className="status-page" data-testid="status-page">
          {page}
        </span>
      ) : (
        <span>Not connected</span>
      )}
      <span className="spacer" />
      <UpdateNotice />
      {appInfo && (
        <span title={`Saved connections in ${appInfo.dataDir}`}>
          Sightline {appInfo.version} · {appInfo.mode === 'web' ? 'browser mode' : 'desktop'}
        </span>
      )}
    </footer>
  );
}
