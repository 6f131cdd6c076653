import { randomBytes } from 'node:crypto';
import type { WriteStream } from 'node:fs';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../shared/api/errors';
import { errorCode, errorMessage } from '../store/os-error';

/** The suffix of a file still being written; a crash can leave one behind, clearly named. */
export const PARTIAL_SUFFIX = '.sightline-partial';

/** Read and write for this user only: how an export is created (see ExportFile.create). */
export const PRIVATE_EXPORT_MODE = 0o600;

/** The permission bits of an existing regular file, or null (missing, or not a file). */
async function permissionsOf(target: string): Promise<number | null> {
  const s = await stat(target).catch(() => null);
  return s?.isFile() ? s.mode & 0o777 : null;
}

/** A FILE_ERROR naming the path, in words, with the OS's own message after them. */
export function fileError(target: string, what: string, cause?: unknown): ApiError {
  const detail = cause === undefined ? '' : ` (${errorMessage(cause)})`;
  return new ApiError({
    code: 'FILE_ERROR',
    message: `${what}: ${target}${detail}`,
    field: 'path',
  });
}

/** The OS's reason in words a user can act on, or null for errors without a plain word. */
function reasonOf(err: unknown): string | null {
  switch (errorCode(err)) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOENT':
      return 'the folder does not exist';
    case 'EEXIST':
      return 'the file already exists';
    default:
      return null;
  }
}

/** A FILE_ERROR for an OS error: its reason in words, or the OS's own message. */
function osFileError(target: string, what: string, err: unknown): ApiError {
  const reason = reasonOf(err);
  return reason ? fileError(target, `${what} (${reason})`) : fileError(target, what, err);
}

/**
 * The file an export writes: under a temporary name beside the target while rows arrive, and
 * given the target's name only once complete, so the target never holds a partial export and
 * an existing file is replaced (when allowed) only by a complete one.
 */
export class ExportFile {
  /** Set when writing failed (disk full, ...): the export stops with it. */
  error: ApiError | null = null;
  #onError: ((e: ApiError) => void) | null = null;

  private constructor(
    readonly target: string,
    readonly tempPath: string,
    readonly stream: WriteStream,
    private readonly overwrite: boolean,
  ) {
    stream.on('error', (err) => {
      this.error ??= osFileError(target, 'Writing the file failed', err);
      this.#onError?.(this.error);
    });
  }

  /**
   * Creates the temporary file next to `target`; FILE_ERROR when that is not possible. A new
   * export is readable by this user only: query results are often personal data, and a folder
   * such as /tmp or a shared home lets every local user read a file made with the usual umask.
   * A file being replaced keeps its own permissions, so a replaced private file never becomes
   * readable by others and a report shared on purpose stays shared.
   */
  static async create(target: string, overwrite: boolean): Promise<ExportFile> {
    const tempPath = `${target}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
    const mode = (overwrite && (await permissionsOf(target))) || PRIVATE_EXPORT_MODE;
    let handle;
    try {
      handle = await open(tempPath, 'wx', PRIVATE_EXPORT_MODE);
      // After the umask has had its say: the replaced file's mode is given back exactly.
      if (mode !== PRIVATE_EXPORT_MODE) await handle.chmod(mode);
    } catch (err) {
      if (handle) {
        await handle.close().catch(() => undefined);
        await unlink(tempPath).catch(() => undefined);
      }
      throw osFileError(target, `Cannot create a file in ${path.dirname(target)}`, err);
    }
    return new ExportFile(target, tempPath, handle.createWriteStream(), overwrite);
  }

  /** Calls `cb` when writing fails. */
  onError(cb: (e: ApiError) => void): void {
    this.#onError = cb;
  }

  /** Writes what is buffered, closes the file and gives it the target's name. */
  async complete(): Promise<void> {
    // 'close' comes once everything is on disk and the file is closed, or after an error.
    await new Promise<void>((resolve, reject) => {
      this.stream.once('close', () => (this.error ? reject(this.error) : resolve()));
      this.stream.end();
    });
    try {
      if (this.overwrite) await rename(this.tempPath, this.target);
      else await this.#moveWithoutReplacing();
    } catch (err) {
      await this.discard();
      throw err instanceof ApiError ? err : osFileError(this.target, 'Cannot name the file', err);
    }
  }

  /** Closes and removes the temporary file (cancel, failure). */
  async discard(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.stream.closed) return resolve();
      this.stream.once('close', () => resolve());
      this.stream.destroy();
    });
    await unlink(this.tempPath).catch(() => undefined);
  }

  /**
   * Gives the file its name unless a file of that name appeared meanwhile: a hard link fails
   * when the name is taken, atomically; where hard links are not supported, check then rename.
   */
  async #moveWithoutReplacing(): Promise<void> {
    try {
      await link(this.tempPath, this.target);
      await unlink(this.tempPath);
      return;
    } catch (err) {
      if (errorCode(err) === 'EEXIST') {
        throw fileError(this.target, 'The file appeared while the export ran; not replacing it');
      }
    }
    const exists = await stat(this.target).then(
      () => true,
      () => false,
    );
    if (exists) {
      throw fileError(this.target, 'The file appeared while the export ran; not replacing it');
    }
    await rename(this.tempPath, this.target);
  }
}
