import type { LinkTransport } from '../../shared/server/link-transport';

const TEXT: Record<LinkTransport, { label: string; title: string }> = {
  tls: { label: 'TLS', title: 'The session is encrypted with TLS' },
  socket: { label: 'local socket', title: 'A local Unix socket: no network link' },
  ssh: {
    label: 'SSH, no TLS',
    title: 'Encrypted by the SSH tunnel up to the SSH server; no TLS from there to the database',
  },
  clear: {
    label: 'not encrypted',
    title:
      'No TLS: anyone on the network path can read and change this session. Set the TLS mode to required or stricter.',
  },
};

/** How the session's bytes travel; an unencrypted network link is shown as a warning. */
export function TransportBadge({ transport }: { transport: LinkTransport }) {
  const { label, title } = TEXT[transport];
  return (
    <span
      className={transport === 'clear' ? 'status-warning' : undefined}
      data-testid="transport"
      data-transport={transport}
      title={title}
    >
      {transport === 'clear' && <span aria-hidden="true">⚠ </span>}
      {label}
    </span>
  );
}
