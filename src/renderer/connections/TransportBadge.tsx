import type { TlsMode } from '../../shared/api/connection';
import type { LinkTransport } from '../../shared/server/link-transport';
import { transportText } from './transport-text';

/**
 * How the session's bytes travel; an unencrypted network link is shown as a warning, and TLS
 * whose server certificate was not checked says so.
 */
export function TransportBadge({
  transport,
  tlsMode,
}: {
  transport: LinkTransport;
  tlsMode: TlsMode;
}) {
  const { label, title, verified } = transportText(transport, tlsMode);
  return (
    <span
      className={transport === 'clear' ? 'status-warning' : undefined}
      data-testid="transport"
      data-transport={transport}
      data-tls-verified={verified === undefined ? undefined : String(verified)}
      title={title}
    >
      {transport === 'clear' && <span aria-hidden="true">⚠ </span>}
      {label}
    </span>
  );
}
