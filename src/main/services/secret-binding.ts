import type { ConnectionSettings, Secrets, SecretsPatch } from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';
import {
  passwordUnbinding,
  sshPasswordUnbinding,
  unbindingWords,
  type BoundSecret,
  type SecretUnbinding,
} from '../../shared/api/secret-unbinding';

/** A saved secret the edited settings no longer get, and why. */
export interface DroppedSecret {
  secret: BoundSecret;
  why: SecretUnbinding;
}

/**
 * A saved secret belongs to the endpoint it was saved for, and to the protection it was saved
 * with. The database password goes only to the same server (host and port, or socket), as the
 * same user, through the same SSH server known by the same host key, with TLS and server-key
 * settings no weaker; the SSH password only to the same SSH server, as the same SSH user, known
 * by the same host key. Otherwise anyone able to edit a connection (or a screen asking to test
 * one) could aim the saved password at a host of their choosing, or strip its protection for a
 * machine in the middle. The key passphrase never leaves this machine, so it stays.
 */
export function secretsStillBound(
  saved: ConnectionSettings,
  now: ConnectionSettings,
  stored: Secrets,
): { secrets: Secrets; dropped: DroppedSecret[] } {
  const secrets: Secrets = { ...stored };
  const dropped: DroppedSecret[] = [];
  const passwordWhy = secrets.password === undefined ? null : passwordUnbinding(saved, now);
  if (passwordWhy) {
    delete secrets.password;
    dropped.push({ secret: 'password', why: passwordWhy });
  }
  const sshWhy = secrets.sshPassword === undefined ? null : sshPasswordUnbinding(saved, now);
  if (sshWhy) {
    delete secrets.sshPassword;
    dropped.push({ secret: 'sshPassword', why: sshWhy });
  }
  return { secrets, dropped };
}

/**
 * For `connections.test`: a saved secret the settings moved away from (or weakened), and the
 * request did not type again, is refused in words before any connection is made.
 */
export function requireRetyped(
  dropped: readonly DroppedSecret[],
  patch: SecretsPatch,
  settings: ConnectionSettings,
): void {
  for (const { secret, why } of dropped) {
    if (typeof patch[secret] === 'string') continue;
    if (secret === 'password' && settings.passwordMode !== 'saved') continue;
    if (secret === 'sshPassword' && settings.ssh?.auth !== 'password') continue;
    const what = secret === 'password' ? 'password' : 'SSH password';
    const { boundTo, change } = unbindingWords(secret, why);
    throw new ApiError({
      code: 'PASSWORD_REQUIRED',
      message:
        `The ${what} must be typed again: the saved one is ${boundTo}, and this connection's ` +
        `${change}.`,
      field: secret,
    });
  }
}
