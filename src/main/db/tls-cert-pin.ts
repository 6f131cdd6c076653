import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { DetailedPeerCertificate, PeerCertificate, TLSSocket } from 'node:tls';
import { tlsModePins, type TlsSettings } from '../../shared/api/connection';
import { ApiError, type TlsCertInfo } from '../../shared/api/errors';

/**
 * The server's TLS certificate pinned on first use, for the TLS modes that do not verify it
 * (preferred, required). Without a pin, whatever answers could be a machine in the middle
 * with a certificate of its own; with one, any other certificate is refused right after the
 * TLS handshake, before the login packet (or any password) is sent.
 */

/** What the TLS link showed of the server's certificate. */
export interface PresentedCert {
  /** `SHA256:` and the unpadded base64 of the SHA-256 of the DER certificate. */
  sha256: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
}

/** The fingerprint of a DER certificate: `SHA256:` and unpadded base64, like SSH's. */
export function certFingerprint(der: Buffer): string {
  return `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The server certificate of `stream` when it is a TLS socket with the handshake done, or null
 * (no TLS, or a socket that shows no certificate).
 */
export function presentedCert(stream: Duplex | undefined): PresentedCert | null {
  const socket = stream as Partial<TLSSocket> | undefined;
  if (typeof socket?.getPeerCertificate !== 'function') return null;
  const cert = socket.getPeerCertificate(true) as Partial<DetailedPeerCertificate>;
  if (!cert.raw || cert.raw.length === 0) return null;
  return {
    sha256: certFingerprint(cert.raw),
    subject: nameText(cert.subject),
    issuer: nameText(cert.issuer),
    validFrom: cert.valid_from ?? '',
    validTo: cert.valid_to ?? '',
  };
}

/** `CN=db.example.com, O=Example`: a certificate name in one line. */
function nameText(name: PeerCertificate['subject'] | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
    .join(', ');
}

/**
 * Whether the link may be used with these TLS settings: null when it may, else the refusal.
 * Only the modes preferred and required with a pin are checked; `presented` null means the
 * link has no TLS (a server that stopped offering it, for 'preferred').
 */
export function checkTlsCert(
  tls: TlsSettings,
  server: string,
  presented: PresentedCert | null,
): ApiError | null {
  const pin = tls.serverCertSha256;
  if (pin === undefined || !tlsModePins(tls.mode)) return null;
  if (presented?.sha256 === pin) return null;
  return tlsCertChangedError(server, pin, presented);
}

/** TLS_CERT_CHANGED, in the words of SSH_HOST_KEY_CHANGED, naming both certificates. */
export function tlsCertChangedError(
  server: string,
  pin: string,
  presented: PresentedCert | null,
): ApiError {
  const tlsCert: TlsCertInfo = { server, expected: pin };
  if (presented === null) {
    return new ApiError({
      code: 'TLS_CERT_CHANGED',
      message:
        `Danger: the server ${server} offered no TLS, but this connection has its TLS ` +
        `certificate pinned (${pin}). Someone may be intercepting the connection to capture ` +
        `your credentials, so nothing secret was sent. If TLS was really turned off on the ` +
        `server, edit the connection, Test, and forget the pinned certificate; better: turn ` +
        `TLS back on.`,
      tlsCert,
    });
  }
  Object.assign(tlsCert, {
    fingerprint: presented.sha256,
    subject: presented.subject,
    issuer: presented.issuer,
    validFrom: presented.validFrom,
    validTo: presented.validTo,
  });
  return new ApiError({
    code: 'TLS_CERT_CHANGED',
    message:
      `Danger: the server ${server} presented a different TLS certificate than the one pinned ` +
      `for this connection (saved ${pin}, presented ${presented.sha256}: ${presented.subject}, ` +
      `issued by ${presented.issuer}, valid ${presented.validFrom} to ${presented.validTo}). ` +
      `Someone may be intercepting the connection to capture your credentials, so nothing ` +
      `secret was sent. Check with the server's administrator whether its certificate was ` +
      `replaced; only if it was, edit the connection, Test, and trust the new one. Better: ` +
      `use the TLS mode "Verify CA" with the server's CA file.`,
    tlsCert,
  });
}
