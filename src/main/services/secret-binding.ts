import {
  samePasswordTarget,
  sameSshTarget,
  type ConnectionSettings,
  type Secrets,
  type SecretsPatch,
} from '../../shared/api/connection';
import { ApiError } from '../../shared/api/errors';

/**
 * A saved secret belongs to the endpoint it was saved for. The database password goes only to
 * the same server (host and port, or socket), as the same user, through the same SSH server;
 * the SSH password only to the same SSH server as the same SSH user. Otherwise anyone able to
 * edit a connection (or a screen asking to test one) could aim the saved password at a host of
 * their choosing. The key passphrase never leaves this machine, so it stays.
 */
export function secretsStillBound(
  saved: ConnectionSettings,
  now: ConnectionSettings,
  stored: Secrets,
): { secrets: Secrets; dropped: ('password' | 'sshPassword')[] } {
  const secrets: Secrets = { ...stored };
  const dropped: ('password' | 'sshPassword')[] = [];
  if (secrets.password !== undefined && !samePasswordTarget(saved, now)) {
    delete secrets.password;
    dropped.push('password');
  }
  if (secrets.sshPassword !== undefined && !sameSshTarget(saved, now)) {
    delete secrets.sshPassword;
    dropped.push('sshPassword');
  }
  return { secrets, dropped };
}

/**
 * For `connections.test`: a saved secret the settings moved away from, and the request did not
 * type again, is refused in words before any connection is made.
 */
export function requireRetyped(
  dropped: readonly ('password' | 'sshPassword')[],
  patch: SecretsPatch,
  settings: ConnectionSettings,
): void {
  for (const key of dropped) {
    if (typeof patch[key] === 'string') continue;
    if (key === 'password' && settings.passwordMode !== 'saved') continue;
    if (key === 'sshPassword' && settings.ssh?.auth !== 'password') continue;
    const what = key === 'password' ? 'password' : 'SSH password';
    const changed =
      key === 'password' ? 'host, port, user or SSH server' : 'SSH server or SSH user';
    throw new ApiError({
      code: 'PASSWORD_REQUIRED',
      message:
        `The ${what} must be typed again: the saved one is only sent to the server it was ` +
        `saved for, and this connection's ${changed} changed.`,
      field: key,
    });
  }
}
