import { readFile } from 'node:fs/promises';
import { ApiError } from '../../shared/api/errors';

/**
 * Reads a file the user named in a connection's settings (CA, client certificate, SSH key,
 * server public key). A failure says which setting and which file, in words, so the user knows
 * what to fix without a driver's error code; a missing file, a folder and one this user may not
 * read get the same words, so the answer cannot be used to learn what exists on the machine.
 */
export async function readSettingsFile(path: string, what: string, field: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new ApiError({
      code: 'FILE_ERROR',
      message: `The ${what} ${path} could not be read: ${reasonOf(err)}.`,
      field,
    });
  }
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
      return 'it does not exist, is not a file, or this user may not read it';
    default:
      return typeof code === 'string' ? code : 'unknown error';
  }
}
