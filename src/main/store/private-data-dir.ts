/**
 * The data folder must be the user's alone. Whoever can write into it can plant a
 * connections.json (a "production" connection aimed at their own server, to collect a
 * password), or a symbolic link where Sightline appends history or sets permissions. Sightline
 * makes the folder 0700 when it creates it; a folder it finds (SIGHTLINE_DATA_DIR, a folder made
 * by hand or by another tool) is checked here before anything in it is read or written.
 *
 * - owned by another user: refused (that user controls it);
 * - writable by group or others: refused, since something may already have been planted; the
 *   message says to look, and the chmod to run;
 * - only readable or searchable by others: made 0700, as it is clearly the user's own (nobody
 *   else could have written into it);
 * - a folder above it writable by everyone without the sticky bit (anyone could swap the data
 *   folder for their own): refused.
 * Windows has none of these mode bits; there the profile's ACLs protect the folder.
 */
import { chmod, constants, mkdir, open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../shared/api/errors';
import { errorMessage } from './os-error';

/** Opens for appending, never through a symbolic link where the platform can refuse one. */
export const APPEND_NO_FOLLOW =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

/** Opens for reading, never through a symbolic link where the platform can refuse one. */
export const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Sets a file's permission bits without following a symbolic link: a link planted in its place
 * is left alone (the open fails), so a chmod never lands on a file elsewhere.
 */
export async function chmodNoFollow(file: string, mode: number): Promise<void> {
  const handle = await open(file, READ_NO_FOLLOW);
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/** Creates the data folder (0700) if needed, then refuses or repairs it as described above. */
export async function preparePrivateDataDir(dir: string): Promise<void> {
  try {
    const firstCreated = await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is reduced by the umask; make the folder private exactly.
    if (firstCreated !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    throw storeError(`The data folder ${dir} could not be created: ${errorMessage(error)}`);
  }
  const uid = process.getuid?.();
  if (process.platform === 'win32' || uid === undefined) return;
  // A link to the folder is fine (dotfile setups use them); the folder it leads to is checked.
  const real = await realpath(dir);
  const stats = await stat(real);
  const named = real === path.resolve(dir) ? quote(dir) : `${quote(dir)} (${quote(real)})`;
  if (!stats.isDirectory()) throw storeError(`The data folder ${named} is not a folder.`);
  const mode = modeText(stats.mode);
  if (stats.uid !== uid) {
    throw storeError(
      `The data folder ${named} belongs to user id ${stats.uid}, not to you (user id ${uid}), ` +
        `so Sightline will not use it: its owner could change your saved connections. Use a ` +
        `folder of your own (set SIGHTLINE_DATA_DIR), or, if it is meant to be yours: ` +
        `sudo chown -R ${uid} ${quote(real)} && chmod 700 ${quote(real)}`,
    );
  }
  if ((stats.mode & 0o022) !== 0) {
    throw storeError(
      `The data folder ${named} can be changed by other users of this computer (mode ${mode}, ` +
        `owner user id ${stats.uid}), who could have put saved connections or links in it, so ` +
        `Sightline will not use it. Check what is in it, then make it private with: ` +
        `chmod 700 ${quote(real)}`,
    );
  }
  for (let above = path.dirname(real); ; above = path.dirname(above)) {
    const parent = await stat(above);
    if ((parent.mode & 0o002) !== 0 && (parent.mode & 0o1000) === 0) {
      throw storeError(
        `The folder ${quote(above)}, which holds the data folder ${named}, can be changed by ` +
          `every user of this computer (mode ${modeText(parent.mode)}, without the sticky bit), ` +
          `so the data folder could be swapped for another. Sightline will not use it. Use a ` +
          `data folder elsewhere (set SIGHTLINE_DATA_DIR), or: chmod o-w ${quote(above)}`,
      );
    }
    if (path.dirname(above) === above) break;
  }
  // Readable or searchable by others, writable only by the user: the user's own; make it private.
  if ((stats.mode & 0o077) !== 0) await chmod(real, 0o700);
}

function storeError(message: string): ApiError {
  return new ApiError({ code: 'STORE_FAILED', message });
}

/** `0775`, `1777`. */
function modeText(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/** A path as a shell word, for the commands the messages suggest. */
function quote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
