import type { TlsMode } from '../../shared/api/connection';
import type { LinkTransport } from '../../shared/server/link-transport';
import type { ServerInfo } from '../../shared/server/server-info';
import { transportText } from './transport-text';

/**
 * How the session's bytes travel; an unencrypted network link is shown as a warning, and TLS
 * whose server certificate was not checked says so.
 */
export function TransportBadge({
  transport,
  tlsMode,
  tlsCert,
}: {
  transport: LinkTransport;
  tlsMode: TlsMode;
  /** The session's certificate, as its server info reports it. */
  tlsCert?: ServerInfo['tlsCert'];
}) {
  const { label, title, verified, pinned } = transportText(transport, tlsMode, tlsCert);
  return (
    <span
      className={transport === 'clear' ? 'status-warning' : undefined}
      data-testid="transport"
      data-transport={transport}
      data-tls-verified={verified === undefined ? undefined : String(verified)}
      data-tls-pinned={pinned}
      title={title}
    >
      {transport === 'clear' && <span aria-hidden="true">⚠ </span>}
      {label}
    </span>
  );
}
