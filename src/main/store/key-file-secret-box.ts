/**
 * A SecretBox for when the OS keychain is not available: the AES-256-GCM box of key-secret-box
 * with a random key kept in a file that only the user can read. This protects saved passwords
 * from anyone who gets the connections file alone (a backup, a synced folder, a bug report), not
 * from someone who can read all the user's files; that is why the key file's permissions are
 * enforced, not just set.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError } from '../../shared/api/errors';
import { keySecretBox, SECRET_KEY_BYTES as KEY_BYTES } from './key-secret-box';
import { errorCode, errorMessage } from './os-error';
import type { SecretBox } from './secret-box';

/**
 * A SecretBox using the key in `keyFilePath`, creating the file (mode 0600, in a directory
 * created 0700) with a new random key when it does not exist. Refuses a key file that other
 * users could read or change, or that is not exactly a key's size.
 */
export async function openKeyFileSecretBox(keyFilePath: string): Promise<SecretBox> {
  const key = (await readKeyFile(keyFilePath)) ?? (await createKeyFile(keyFilePath));
  return keySecretBox(key, 'key-file', `the key in ${keyFilePath}`);
}

/** The key in an existing key file, or null when there is no key file yet. */
async function readKeyFile(path: string): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The key file ${path} could not be opened: ${errorMessage(error)}`,
    });
  }
  try {
    // Checked on the open file, so the file checked is the file read.
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new ApiError({
        code: 'FILE_ERROR',
        message: `The key file ${path} is not a regular file. Move it away so a new key can be created.`,
      });
    }
    // Windows does not have these permission bits; there the user profile's ACLs protect it.
    if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
      throw new ApiError({
        code: 'FILE_ERROR',
        message:
          `The key file ${path} can be read or changed by other users of this computer ` +
          `(its permissions are ${(stats.mode & 0o777).toString(8).padStart(3, '0')}), so ` +
          `Sightline will not use it. Make it private with: chmod 600 ${shellQuote(path)}`,
      });
    }
    if (stats.size !== KEY_BYTES) {
      throw new ApiError({
        code: 'STORE_CORRUPT',
        message:
          `The key file ${path} is ${stats.size} bytes long, but a Sightline key is exactly ` +
          `${KEY_BYTES} bytes, so it is damaged or is not a key file. Restore it from a backup; ` +
          `or move it away to have a new key created (saved passwords will then have to be ` +
          `entered again).`,
      });
    }
    const key = await handle.readFile();
    if (key.length !== KEY_BYTES) {
      throw new ApiError({
        code: 'STORE_CORRUPT',
        message: `The key file ${path} changed size while it was being read. Start Sightline again.`,
      });
    }
    return key;
  } finally {
    await handle.close();
  }
}

async function createKeyFile(path: string): Promise<Buffer> {
  const dir = dirname(path);
  try {
    const firstCreated = await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is reduced by the umask; make the directory private exactly.
    if (firstCreated !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    throw new ApiError({
      code: 'STORE_FAILED',
      message: `The folder ${dir} for the key file could not be created: ${errorMessage(error)}`,
    });
  }
  const key = randomBytes(KEY_BYTES);
  let handle;
  try {
    // 'wx': never overwrite a key that exists, since secrets sealed with it would be lost.
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    // Another process created it first: use that one.
    if (errorCode(error) === 'EEXIST') {
      const existing = await readKeyFile(path);
      if (existing) return existing;
    }
    throw new ApiError({
      code: 'STORE_FAILED',
      message: `The key file ${path} could not be created: ${errorMessage(error)}`,
    });
  }
  try {
    await handle.chmod(0o600);
    await handle.writeFile(key);
    await handle.sync();
    await handle.close();
  } catch (error) {
    // A half-written key would be refused at every later start; remove it so the next try is clean.
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw new ApiError({
      code: 'STORE_FAILED',
      message: `The key file ${path} could not be written: ${errorMessage(error)}`,
    });
  }
  return key;
}

/** Quotes a path for a POSIX shell only when it needs it, so the hint can be pasted as is. */
function shellQuote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
