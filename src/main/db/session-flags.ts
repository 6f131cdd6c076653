import { Readable } from 'node:stream';
import { ApiError } from '../../shared/api/errors';

/**
 * mysql2's default capability flags that Sightline's sessions leave out, so that a statement
 * means in Sightline what it means in the mysql and mariadb clients:
 * - IGNORE_SPACE would put IGNORE_SPACE into the session's sql_mode: `count (*)` would run,
 *   `now ()` would call the built-in instead of a stored function, and a table named `count`
 *   could not be created (all the other way round in the clients).
 * - FOUND_ROWS makes an UPDATE report the rows it matched as affected, and ROW_COUNT() with
 *   it: the client says "2 rows affected" (Rows matched: 3  Changed: 2) and the same statement
 *   in an application without the flag gets 2, where Sightline said 3.
 * - LOCAL_FILES tells the server that LOAD DATA LOCAL may ask for a file on this machine;
 *   Sightline never sends one (see refuseLocalFile), and without the flag the server refuses
 *   such a statement itself, before running it, as it does for the mysql client.
 */
export const SESSION_FLAGS = ['-IGNORE_SPACE', '-FOUND_ROWS', '-LOCAL_FILES'];

/**
 * mysql2's `infileStreamFactory`: what answers a server that asks for a local file anyway (a
 * hostile or tampered-with server can ask at any statement). Nothing of the file is read or
 * sent: the server gets an empty file, and the statement fails with this refusal.
 */
export function refuseLocalFile(path: string): Readable {
  const stream = new Readable({ read: () => {} });
  // mysql2 listens for 'error' right after this returns.
  process.nextTick(() => stream.destroy(localFileRefused(path)));
  return stream;
}

function localFileRefused(path: string): ApiError {
  const shown = path.length > 200 ? `${path.slice(0, 197)}...` : path;
  return new ApiError({
    code: 'SERVER_ERROR',
    message:
      `The server asked for the local file '${shown}' (LOAD DATA LOCAL INFILE). Sightline never ` +
      'sends files from this computer: nothing of it was read or sent, and the server was given ' +
      'an empty file instead. To load a local file, use the mysql or mariadb client with --local-infile.',
  });
}
