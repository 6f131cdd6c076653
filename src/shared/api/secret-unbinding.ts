import {
  samePasswordTarget,
  sameSshTarget,
  TLS_MODES,
  tlsModePins,
  type ConnectionSettings,
  type TlsSettings,
} from './connection';

/**
 * Why a saved secret is no longer sent with edited settings: it would go somewhere else
 * (`target`), to an SSH server known by another host key (`host-key`), or less protected than
 * when it was saved (`tls`, with what got weaker in words).
 */
export type SecretUnbinding =
  { kind: 'target' } | { kind: 'host-key' } | { kind: 'tls'; change: string };

/** The saved secrets that are bound to where they were saved for. */
export type BoundSecret = 'password' | 'sshPassword';

/**
 * Why the saved database password may not be sent with `now` (settings edited from `saved`), or
 * null when it may. It is bound to the server, the user and the SSH server it was saved for,
 * to the SSH host key then trusted (it travels through the tunnel), and to TLS and server-key
 * settings at least as protective as then.
 */
export function passwordUnbinding(
  saved: ConnectionSettings,
  now: ConnectionSettings,
): SecretUnbinding | null {
  if (!samePasswordTarget(saved, now)) return { kind: 'target' };
  if (hostKeyUntrusted(saved, now)) return { kind: 'host-key' };
  const change = tlsWeakening(saved.tls, now.tls);
  return change === null ? null : { kind: 'tls', change };
}

/**
 * Why the saved SSH password may not be sent with `now`, or null when it may: it is bound to
 * the SSH server and SSH user it was saved for, and to the host key then trusted.
 */
export function sshPasswordUnbinding(
  saved: ConnectionSettings,
  now: ConnectionSettings,
): SecretUnbinding | null {
  if (!sameSshTarget(saved, now)) return { kind: 'target' };
  if (hostKeyUntrusted(saved, now)) return { kind: 'host-key' };
  return null;
}

/**
 * True when a trusted SSH host key was forgotten or replaced by another. Trusting one where none
 * was (first use) is not: that key is checked before any secret is sent. Forgetting one counts,
 * or forgetting and then trusting another key would replace it in two edits.
 */
function hostKeyUntrusted(saved: ConnectionSettings, now: ConnectionSettings): boolean {
  const before = saved.ssh?.hostKeySha256;
  return before !== undefined && now.ssh?.hostKeySha256 !== before;
}

/**
 * What makes `now` protect a password less than `saved` did, in words, or null when nothing
 * does. The TLS mode may only rise (off < preferred < required < verify-ca < verify-identity);
 * while the server's certificate was verified, the CA file may not change; a pinned server
 * public key may not be removed or changed; asking the server for its key may not be turned on;
 * while the mode relies on a pinned server certificate, the pin may not be forgotten or replaced
 * (trusting a first one is not weaker: it is checked before any secret is sent).
 * "Not weaker" is transitive, so no series of allowed edits adds up to a weaker connection.
 */
export function tlsWeakening(saved: TlsSettings, now: TlsSettings): string | null {
  if (TLS_MODES.indexOf(now.mode) < TLS_MODES.indexOf(saved.mode)) {
    return `TLS mode lowered from ${saved.mode} to ${now.mode}`;
  }
  const verified = saved.mode === 'verify-ca' || saved.mode === 'verify-identity';
  if (verified && now.caFile !== saved.caFile) return 'CA file changed';
  if (
    saved.serverPublicKeyFile !== undefined &&
    now.serverPublicKeyFile !== saved.serverPublicKeyFile
  ) {
    return now.serverPublicKeyFile === undefined
      ? 'server public key file removed'
      : 'server public key file changed';
  }
  if (
    tlsModePins(saved.mode) &&
    tlsModePins(now.mode) &&
    saved.serverCertSha256 !== undefined &&
    now.serverCertSha256 !== saved.serverCertSha256
  ) {
    return now.serverCertSha256 === undefined
      ? 'pinned server certificate forgotten'
      : 'pinned server certificate replaced';
  }
  if (now.getServerPublicKey === true && saved.getServerPublicKey !== true) {
    return "requesting the server's public key turned on";
  }
  return null;
}

/**
 * The two halves of every sentence saying a saved secret must be typed again, so the dialog
 * and the backend's refusal use the same words: what it is bound to, and what changed (to
 * follow "this connection's").
 */
export function unbindingWords(
  secret: BoundSecret,
  why: SecretUnbinding,
): { boundTo: string; change: string } {
  switch (why.kind) {
    case 'target':
      return {
        boundTo: 'only sent to the server it was saved for',
        change:
          secret === 'password'
            ? 'host, port, user or SSH server changed'
            : 'SSH server or SSH user changed',
      };
    case 'host-key':
      return {
        boundTo: 'only sent to the server it was saved for',
        change: 'trusted SSH host key was forgotten or replaced',
      };
    case 'tls':
      return {
        boundTo: 'only sent as protected as when it was saved',
        change: `TLS settings are weaker (${why.change})`,
      };
  }
}
