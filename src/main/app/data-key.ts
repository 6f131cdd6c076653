import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { safeStorage } from 'electron';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../store/atomic-file';

/**
 * The key that encrypts saved secrets, sealed on disk by the OS keychain (safeStorage) so no
 * key is ever hard-coded or stored in the clear. Null when the OS offers no keychain (some
 * Linux desktops): the backend then falls back to a 0600 key file and says so.
 */
export async function loadDataKey(userData: string): Promise<string | null> {
  if (!safeStorage.isEncryptionAvailable()) return null;
  const file = path.join(userData, 'data-key.sealed');
  const sealed = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  if (sealed) return safeStorage.decryptString(sealed);
  const key = randomBytes(32).toString('base64');
  // Atomic, so a crash mid-write never leaves a half key that fails at every later start.
  await writeFileAtomic(file, safeStorage.encryptString(key), { mode: PRIVATE_FILE_MODE });
  return key;
}
