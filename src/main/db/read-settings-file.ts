import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { ApiError } from '../../shared/api/errors';

/** The largest settings file read: PEM certificates and keys are a few kilobytes. */
export const SETTINGS_FILE_MAX_BYTES = 1024 * 1024;

/** How long reading one settings file may take, before the connect timeout even starts. */
export const SETTINGS_FILE_TIMEOUT_MS = 5000;

/** Why a file was not read, in words that follow "could not be read: ". */
const HIDDEN = 'it does not exist, is not a file, or this user may not read it';

/**
 * Reads a file the user named in a connection's settings (CA, client certificate, SSH key,
 * server public key). A failure says which setting and which file, in words, so the user knows
 * what to fix without a driver's error code; a missing file, a folder, a FIFO or device and one
 * this user may not read get the same words, so the answer cannot be used to learn what exists
 * on the machine.
 *
 * Only a regular file of at most SETTINGS_FILE_MAX_BYTES is read, within `timeoutMs`: the path
 * comes from a connections file or a screen, and /dev/zero, a FIFO without a writer or a file on
 * a stalled network share must not exhaust memory or hang the connect.
 */
export async function readSettingsFile(
  path: string,
  what: string,
  field: string,
  timeoutMs = SETTINGS_FILE_TIMEOUT_MS,
): Promise<Buffer> {
  const refusal = (reason: string) =>
    new ApiError({
      code: 'FILE_ERROR',
      message: `The ${what} ${path} could not be read: ${reason}.`,
      field,
    });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(refusal(`reading it took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  const reading = readRegularFile(path).catch((err: unknown) => {
    throw refusal(reasonOf(err));
  });
  // A read that ends after the timeout (a stalled share) still closes its file; its error is
  // not anyone's to handle any more.
  reading.catch(() => {});
  try {
    const outcome = await Promise.race([reading, timedOut]);
    if (outcome === 'not-a-file') throw refusal(HIDDEN);
    if (outcome === 'too-large') {
      throw refusal(
        `it is larger than ${SETTINGS_FILE_MAX_BYTES / 1024 / 1024} MiB, ` +
          'and certificate and key files are a few kilobytes',
      );
    }
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The file's bytes, or why they were not read. The path is checked before it is opened (opening
 * a device may do something), and the opened file again (the path may have been swapped in
 * between); it is opened non-blocking, as opening a FIFO without a writer waits forever.
 */
async function readRegularFile(path: string): Promise<Buffer | 'not-a-file' | 'too-large'> {
  const before = await stat(path);
  if (!before.isFile()) return 'not-a-file';
  if (before.size > SETTINGS_FILE_MAX_BYTES) return 'too-large';
  // O_NONBLOCK does not exist on Windows, where opening does not wait on a pipe's writer.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return 'not-a-file';
    return await readAtMost(handle, SETTINGS_FILE_MAX_BYTES);
  } finally {
    await handle.close();
  }
}

/** Up to `max` bytes; 'too-large' when there are more (the file may have grown since stat). */
async function readAtMost(handle: FileHandle, max: number): Promise<Buffer | 'too-large'> {
  const buffer = Buffer.alloc(max + 1);
  let length = 0;
  while (length < buffer.length) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return length > max ? 'too-large' : Buffer.from(buffer.subarray(0, length));
}

function reasonOf(err: unknown): string {
  const code =
    typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
    case 'EACCES':
    case 'EPERM':
    case 'EISDIR':
      return HIDDEN;
    default:
      return typeof code === 'string' ? code : 'unknown error';
  }
}
