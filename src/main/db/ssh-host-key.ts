import { createHash } from 'node:crypto';
import type { SshSettings } from '../../shared/api/connection';
import { ApiError, type SshHostKeyInfo } from '../../shared/api/errors';
import { hostPort } from '../../shared/server/host-port';

/**
 * Host key checks for SSH tunnels, trust on first use: a connection's settings keep the
 * fingerprint the user trusted, and any other key is refused during the key exchange, before
 * the password is sent or the private key is used.
 */

/**
 * OpenSSH's fingerprint of a public key blob (the SSH wire encoding): `SHA256:` and the
 * unpadded base64 of its SHA-256, exactly what `ssh-keygen -lf key.pub` prints.
 */
export function hostKeyFingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The key type a public key blob names first (`ssh-ed25519`, `rsa-sha2-...`), or 'unknown'. */
export function hostKeyAlgorithm(blob: Buffer): string {
  if (blob.length < 4) return 'unknown';
  const length = blob.readUInt32BE(0);
  if (length === 0 || length > 64 || 4 + length > blob.length) return 'unknown';
  const name = blob.toString('latin1', 4, 4 + length);
  return /^[\x21-\x7e]+$/.test(name) ? name : 'unknown';
}

/**
 * Compares the key an SSH server presented with the one saved in the settings: null when it
 * is the trusted key, else the error to refuse the connection with (naming the key presented).
 */
export function checkHostKey(ssh: SshSettings, blob: Buffer): ApiError | null {
  const fingerprint = hostKeyFingerprint(blob);
  if (ssh.hostKeySha256 === fingerprint) return null;
  const presented: SshHostKeyInfo = {
    host: ssh.host,
    port: ssh.port,
    fingerprint,
    algorithm: hostKeyAlgorithm(blob),
  };
  const server = hostPort(ssh.host, ssh.port);
  if (ssh.hostKeySha256 === undefined) {
    return new ApiError({
      code: 'SSH_HOST_KEY_UNKNOWN',
      message:
        `The SSH server ${server} presented a host key that this connection does not trust yet ` +
        `(${presented.algorithm} ${fingerprint}), so nothing was sent to it. ` +
        `Open Edit → Test to review the key and trust it, after checking the fingerprint with ` +
        `the server's administrator (ssh-keygen -lf on the server's host key prints it).`,
      sshHostKey: presented,
    });
  }
  return new ApiError({
    code: 'SSH_HOST_KEY_CHANGED',
    message:
      `Danger: the SSH server ${server} presented a different host key than the one saved for ` +
      `this connection (saved ${ssh.hostKeySha256}, presented ${presented.algorithm} ` +
      `${fingerprint}). Someone may be intercepting the connection to capture your ` +
      `credentials, so nothing was sent. Check with the server's administrator whether its ` +
      `host key was changed; only if it was, edit the connection, Test, and replace the saved ` +
      `key with the new one.`,
    sshHostKey: { ...presented, expected: ssh.hostKeySha256 },
  });
}
