import { FLAVOR_NAMES } from '../../shared/server/flavor';
import type { ServerInfo } from '../../shared/server/server-info';
import { formatVersion } from '../../shared/server/version';
import { formatSeconds } from '../../shared/format/duration';
import { formatExactCount } from '../../shared/format/count';

/** Flavor, version, host and uptime of a server, as every screen shows them. */
export function ServerSummary({
  server,
  compact = false,
}: {
  server: ServerInfo;
  compact?: boolean;
}) {
  const flavor = FLAVOR_NAMES[server.flavor];
  if (compact) {
    return (
      <span>
        Connected to <strong data-testid="server-flavor">{flavor}</strong>{' '}
        <strong data-testid="server-version">{formatVersion(server.version)}</strong> on{' '}
        <span data-testid="server-hostname">{server.hostname}</span>
        {server.tlsCipher ? (
          ` · TLS ${server.tlsCipher}`
        ) : (
          <>
            {' · '}
            <strong className="status-warning" data-testid="test-not-encrypted">
              not encrypted
            </strong>
          </>
        )}
        {server.viaSsh ? ' · via SSH' : ''}
      </span>
    );
  }
  return (
    <dl className="facts">
      <dt>Server</dt>
      <dd>
        <span data-testid="server-flavor">{flavor}</span>{' '}
        <span data-testid="server-version">{formatVersion(server.version)}</span>
      </dd>
      <dt>VERSION()</dt>
      <dd className="mono">{server.versionText}</dd>
      <dt>Build</dt>
      <dd>{server.versionComment}</dd>
      <dt>Host name</dt>
      <dd data-testid="server-hostname">{server.hostname}</dd>
      <dt>Uptime</dt>
      <dd data-testid="server-uptime" title={`${formatExactCount(server.uptimeSeconds)} s`}>
        {formatSeconds(server.uptimeSeconds)}
      </dd>
      <dt>Time zone</dt>
      <dd>{server.timeZone}</dd>
      <dt>Session id</dt>
      <dd className="num">{server.connectionId}</dd>
      <dt>Transport</dt>
      <dd>
        {server.tlsCipher ? `TLS (${server.tlsCipher})` : 'Not encrypted'}
        {server.viaSsh ? ', through an SSH tunnel' : ''}
      </dd>
    </dl>
  );
}
