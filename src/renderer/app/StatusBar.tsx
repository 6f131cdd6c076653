import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection } from '../../shared/api/connection';
import { FLAVOR_NAMES } from '../../shared/server/flavor';
import { formatVersion } from '../../shared/server/version';
import type { OpenTab } from '../connections/ConnectedView';
import { LockIcon } from './LockIcon';

/** Connection, server, session and read-only state of the active tab, always in view. */
export function StatusBar({
  tab,
  connection,
  appInfo,
}: {
  tab: OpenTab | null;
  connection: SavedConnection | null;
  appInfo: AppInfo | null;
}) {
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
          <span>
            {connection.readOnly ? (
              <>
                <LockIcon /> read-only
              </>
            ) : (
              'read-write'
            )}
          </span>
          {tab.lost && <span className="status-warning">⚠ connection lost</span>}
        </>
      ) : (
        <span>Not connected</span>
      )}
      <span className="spacer" />
      {appInfo && (
        <span title={`Saved connections in ${appInfo.dataDir}`}>
          Sightline {appInfo.version} · {appInfo.mode === 'web' ? 'browser mode' : 'desktop'}
        </span>
      )}
    </footer>
  );
}
