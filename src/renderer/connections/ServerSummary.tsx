import { FLAVOR_NAMES } from '../../shared/server/flavor';
import type { ServerInfo } from '../../shared/server/server-info';
import { formatVersion } from '../../shared/server/version';
import { formatSeconds } from '../../shared/format/duration';
import { formatExactCount } from '../../shared/format/count';
import type { Endpoint, TlsMode } from '../../shared/api/connection';
import { testedLinkText } from './transport-text';

/**
 * Flavor, version, host and uptime of a server, as every screen shows them; `compact` is one
 * line, naming the link as the status bar does for the settings that made it.
 */
export function ServerSummary({
  server,
  compact,
}: {
  server: ServerInfo;
  compact?: { endpoint: Endpoint; tlsMode: TlsMode };
}) {
  const flavor = FLAVOR_NAMES[server.flavor];
  if (compact) {
    const link = testedLinkText(server, compact.endpoint, compact.tlsMode);
    return (
      <span>
        Connected to <strong data-testid="server-flavor">{flavor}</strong>{' '}
        <strong data-testid="server-version">{formatVersion(server.version)}</strong> on{' '}
        <span data-testid="server-hostname">{server.hostname}</span>
        {' · '}
        {link.warning ? (
          <strong className="status-warning" data-testid="test-not-encrypted" title={link.title}>
            {link.text}
          </strong>
        ) : (
          <span data-testid="test-link" title={link.title}>
            {link.text}
          </span>
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
        {server.tlsCipher && server.tlsCert?.pinned ? (
          <>
            TLS, certificate pinned{' '}
            <code className="mono fingerprint" data-testid="server-pinned-cert">
              {server.tlsCert.sha256}
            </code>{' '}
            ({server.tlsCipher})
          </>
        ) : server.tlsCipher ? (
          `TLS (${server.tlsCipher})`
        ) : (
          'Not encrypted'
        )}
        {server.viaSsh ? ', through an SSH tunnel' : ''}
      </dd>
    </dl>
  );
}
