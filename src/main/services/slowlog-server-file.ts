// The server's own slow log, read over the connection's SSH tunnel with SFTP (read-only): where
// it is (@@slow_query_log_file, relative to @@datadir), whether the SSH user may read it, and a
// stream of it for the same reader a local file goes through.
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';
import { ApiError } from '../../shared/api/errors';

/** SFTP status codes (draft-ietf-secsh-filexfer-02) that have a plain meaning here. */
const NO_SUCH_FILE = 2;
const PERMISSION_DENIED = 3;

/** The file the server writes its slow log to, as the SSH host sees it (null: not known). */
export function serverSlowLogPath(file: string | null, datadir: string | null): string | null {
  if (!file) return null;
  if (path.posix.isAbsolute(file)) return path.posix.normalize(file);
  return datadir ? path.posix.join(datadir, file) : null;
}

/** Why the file cannot be read over SFTP, in words. */
function sftpProblem(file: string, err: unknown): ApiError {
  const code = (err as { code?: unknown }).code;
  const reason =
    code === NO_SUCH_FILE
      ? 'no such file on the SSH host (is the SSH host the database server?)'
      : code === PERMISSION_DENIED
        ? 'not readable by the SSH user'
        : err instanceof Error
          ? err.message
          : String(err);
  return new ApiError({ code: 'FILE_ERROR', message: `${file}: ${reason}`, field: 'path' });
}

/** An open file: its size and a stream of it from the start (ends the handle when done). */
export interface ServerSlowLog {
  size: number;
  stream: Readable;
}

/**
 * Opens `file` for reading on `sftp` (read-only: the file is only opened with 'r'), or throws a
 * FILE_ERROR saying why not (missing, not readable by the SSH user).
 */
export function openServerSlowLog(sftp: SFTPWrapper, file: string): Promise<ServerSlowLog> {
  return new Promise((resolve, reject) => {
    sftp.open(file, 'r', (openErr, handle) => {
      if (openErr) {
        reject(sftpProblem(file, openErr));
        return;
      }
      sftp.fstat(handle, (statErr, stats) => {
        if (statErr || !stats.isFile()) {
          sftp.close(handle, () => undefined);
          reject(
            statErr
              ? sftpProblem(file, statErr)
              : new ApiError({ code: 'FILE_ERROR', message: `${file}: not a file`, field: 'path' }),
          );
          return;
        }
        resolve({ size: stats.size, stream: sftp.createReadStream(file, { handle }) });
      });
    });
  });
}

/** Whether the SSH user may read `file` (opened and closed again), or why not. */
export async function probeServerSlowLog(
  sftp: SFTPWrapper,
  file: string,
): Promise<{ readable: true } | { readable: false; reason: string }> {
  try {
    const { stream } = await openServerSlowLog(sftp, file);
    stream.destroy();
    return { readable: true };
  } catch (error) {
    return { readable: false, reason: (error as Error).message };
  }
}
