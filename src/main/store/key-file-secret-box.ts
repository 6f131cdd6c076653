/**
 * A SecretBox for when the OS keychain is not available: the AES-256-GCM box of key-secret-box
 * with a random key kept in a file that only the user can read. This protects saved passwords
 * from anyone who gets the connections file alone (a backup, a synced folder, a bug report), not
 * from someone who can read all the user's files; that is why the key file's permissions are
 * enforced, not just set.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError, isApiError } from '../../shared/api/errors';
import { keySecretBox, SECRET_KEY_BYTES as KEY_BYTES } from './key-secret-box';
import { errorCode, errorMessage } from './os-error';
import type { SecretBox } from './secret-box';
import { READ_NO_FOLLOW } from './private-data-dir';

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
    handle = await open(path, READ_NO_FOLLOW);
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
  // Written beside it and then hard-linked into place, so the key file appears complete or not
  // at all: a crash mid-write, or a second Sightline starting at the same moment, never finds
  // it empty (and refuses it as damaged).
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeKeyFile(temp, key);
    await link(temp, path);
    return key;
  } catch (error) {
    if (isApiError(error)) throw error;
    // Another process created it first: use that one.
    if (errorCode(error) === 'EEXIST') {
      const existing = await readKeyFile(path);
      if (existing) return existing;
    }
    // A file system without hard links (FAT, some network shares): written in place instead.
    if (NO_LINKS.has(errorCode(error) ?? '')) {
      return await writeKeyFile(path, key, () => readKeyFile(path));
    }
    throw new ApiError({
      code: 'STORE_FAILED',
      message: `The key file ${path} could not be created: ${errorMessage(error)}`,
    });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** File systems that cannot hard-link answer with one of these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Writes `key` to a new file at `path` (never over an existing one: secrets sealed with that
 * key would be lost). `ifExists` is asked for the key when the file exists; without it, that is
 * an error.
 */
async function writeKeyFile(
  path: string,
  key: Buffer,
  ifExists?: () => Promise<Buffer | null>,
): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST' && ifExists) {
      const existing = await ifExists();
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
