import { readFile } from 'node:fs/promises';
import { ApiError } from '../../shared/api/errors';

/**
 * Reads a file the user named in a connection's settings (CA, client certificate, SSH key).
 * A failure says which setting and which file, in words: "The CA file /x could not be read: no
 * such file", so the user knows what to fix without a driver's error code.
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
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder, not a file';
    default:
      return typeof code === 'string' ? code : 'unknown error';
  }
}
