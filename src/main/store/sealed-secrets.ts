/**
 * The secrets of one saved connection as stored: each one sealed by a SecretBox. Plaintext only
 * exists briefly here, on its way into `encrypt` or out of `decrypt`.
 */
import type {
  ConnectionSettings,
  Secrets,
  SecretsPatch,
  StoredSecrets,
} from '../../shared/api/connection';
import { ApiError, isApiError } from '../../shared/api/errors';
import type { SealedSecrets } from './connections-file';
import type { SecretBox } from './secret-box';

const SECRET_NAMES = ['password', 'sshPassword', 'sshPassphrase'] as const;
type SecretName = (typeof SECRET_NAMES)[number];

const SECRET_LABELS: Record<SecretName, string> = {
  password: 'password',
  sshPassword: 'SSH password',
  sshPassphrase: 'SSH key passphrase',
};

/**
 * Applies a patch (a string sets, null clears, absent keeps), then drops secrets the settings no
 * longer use: the password unless it is saved, and the SSH secrets when there is no SSH tunnel.
 * Keys this version does not know (from a newer version) are kept.
 */
export function applySecretsPatch(
  current: SealedSecrets,
  patch: SecretsPatch,
  settings: ConnectionSettings,
  box: SecretBox,
): SealedSecrets {
  const next: SealedSecrets = { ...current };
  for (const name of SECRET_NAMES) {
    const value = patch[name];
    if (value === null) delete next[name];
    else if (value !== undefined) next[name] = box.encrypt(value);
  }
  if (settings.passwordMode !== 'saved') delete next.password;
  if (settings.ssh === null) {
    delete next.sshPassword;
    delete next.sshPassphrase;
  }
  return next;
}

/** Which secrets are stored, for screens (which never see the secrets themselves). */
export function storedSecretsOf(sealed: SealedSecrets): StoredSecrets {
  return {
    password: sealed.password !== undefined,
    sshPassword: sealed.sshPassword !== undefined,
    sshPassphrase: sealed.sshPassphrase !== undefined,
  };
}

/** The plaintext secrets; an error names the connection and the secret that could not be read. */
export function unsealSecrets(
  sealed: SealedSecrets,
  box: SecretBox,
  connectionName: string,
): Secrets {
  const secrets: Secrets = {};
  for (const name of SECRET_NAMES) {
    const value = sealed[name];
    if (value === undefined) continue;
    try {
      secrets[name] = box.decrypt(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError({
        code: isApiError(error) ? error.code : 'STORE_CORRUPT',
        message: `The saved ${SECRET_LABELS[name]} of connection "${connectionName}" could not be read. ${reason}`,
      });
    }
  }
  return secrets;
}
