import type { Secrets, SecretsPatch } from '../../shared/api/connection';

/** Applies a patch to stored secrets: a string sets, null clears, absent keeps. */
export function mergeSecrets(stored: Secrets, patch: SecretsPatch | Secrets | undefined): Secrets {
  const merged: Secrets = { ...stored };
  if (!patch) return merged;
  for (const key of ['password', 'sshPassword', 'sshPassphrase'] as const) {
    const value = patch[key];
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}
