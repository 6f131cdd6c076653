import type { Endpoint, TlsMode } from '../../shared/api/connection';
import { linkTransport, type LinkTransport } from '../../shared/server/link-transport';
import type { ServerInfo } from '../../shared/server/server-info';

/** How the status bar names a session's link: its label, tooltip, and what TLS proved. */
export interface TransportText {
  label: string;
  title: string;
  /** For TLS: whether the server's certificate was checked; undefined for other links. */
  verified: boolean | undefined;
  /** For TLS in an unverified mode: the pinned certificate it matched, if any. */
  pinned?: string;
}

/** `SHA256:abcdefgh…`: enough of a fingerprint to recognise it on a status bar. */
export function shortFingerprint(sha256: string): string {
  return sha256.length > 15 ? `${sha256.slice(0, 15)}…` : sha256;
}

const OTHER: Record<Exclude<LinkTransport, 'tls'>, { label: string; title: string }> = {
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

/**
 * The text for a session's link. Only the verify modes check the server's certificate against a
 * CA; "required" and "preferred" encrypt, but whatever answers could be a machine in the
 * middle, so their TLS is named as not verified, unless the certificate matched the one pinned
 * for the connection (`tlsCert`, as the session reported it).
 */
export function transportText(
  transport: LinkTransport,
  tlsMode: TlsMode,
  tlsCert?: ServerInfo['tlsCert'],
): TransportText {
  if (transport !== 'tls') return { ...OTHER[transport], verified: undefined };
  if (tlsMode === 'verify-identity') {
    return {
      label: 'TLS',
      title:
        "Encrypted with TLS; the server's certificate chains to the CA file and names the host connected to",
      verified: true,
    };
  }
  if (tlsMode === 'verify-ca') {
    return {
      label: 'TLS',
      title:
        "Encrypted with TLS; the server's certificate chains to the CA file (its host name is not checked)",
      verified: true,
    };
  }
  if (tlsCert?.pinned) {
    return {
      label: `TLS, certificate pinned ${shortFingerprint(tlsCert.sha256)}`,
      title: `Encrypted with TLS; the server's certificate is the one pinned for this connection on first use (${tlsCert.sha256}), so a machine in the middle with another certificate is refused. Its CA is not checked (TLS mode "${tlsMode}"): "Verify CA and host name" with the server's CA file is stronger.`,
      verified: false,
      pinned: tlsCert.sha256,
    };
  }
  return {
    label: 'TLS, not verified',
    title: `Encrypted with TLS, but the server's certificate is not checked (TLS mode "${tlsMode}"): a machine in the middle could pose as the server and read the session, the password included. Use "Verify CA and host name" with the server's CA file.`,
    verified: false,
  };
}

/**
 * How a Test's "Connected to ..." line names the link it made, in the status bar's terms: TLS
 * says whether the certificate was checked, a local socket or an SSH tunnel is not called
 * "not encrypted" (`warning` only for a network link without TLS).
 */
export function testedLinkText(
  server: ServerInfo,
  endpoint: Endpoint,
  tlsMode: TlsMode,
): { text: string; title: string; warning: boolean } {
  const transport = linkTransport(server, endpoint);
  const { label, title, pinned } = transportText(transport, tlsMode, server.tlsCert);
  switch (transport) {
    case 'tls': {
      const cert = server.tlsCert;
      if (pinned !== undefined) {
        // The whole fingerprint: the Test result is where it is compared.
        return {
          text: `TLS, certificate pinned ${pinned} (${server.tlsCipher})`,
          title,
          warning: false,
        };
      }
      if (cert && tlsMode !== 'verify-ca' && tlsMode !== 'verify-identity') {
        return {
          text: `${label} (${server.tlsCipher}), certificate ${cert.sha256}: Save pins it`,
          title,
          warning: false,
        };
      }
      return { text: `${label} (${server.tlsCipher})`, title, warning: false };
    }
    case 'ssh':
      // "via SSH" follows on the same line.
      return { text: 'no TLS', title, warning: false };
    case 'socket':
    case 'clear':
      return { text: label, title, warning: transport === 'clear' };
  }
}
