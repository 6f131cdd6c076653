/**
 * One Sightline backend per data folder. Each backend keeps the saved connections and settings
 * in memory and writes whole files, so two at once (two `npm run web`, or browser mode beside
 * the desktop app sharing a folder) would silently overwrite each other's saves. The lock is a
 * file naming the holder; a holder that is gone (a crash) leaves a stale lock that is taken over.
 *
 * Two starting at the same moment must never both win: the lock file appears complete or not at
 * all (written beside it, then hard-linked into place, which fails if it exists), and a stale
 * lock is taken over by moving that very file aside, so a lock just taken by the other starter
 * is never deleted as if it were the stale one.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { errorCode, errorMessage } from './os-error';

export const LOCK_FILE = 'sightline.lock';

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
  /** Tells this holder from another of the same process and time (absent in older locks). */
  token: z.string().optional(),
});
type Holder = z.infer<typeof HolderSchema>;

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holder: Holder,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file (only if it is still this process's). */
  release(): Promise<void>;
}

/** Whether a process of that id runs on this machine (EPERM: it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorCode(e) === 'EPERM';
  }
}

/** The lock file's text, or null when there is none. */
async function readLockText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return null;
    throw e;
  }
}

function parseHolder(text: string | null): Holder | null {
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    // Damaged (or left empty by an older version's crash): no live holder can be proven.
    return null;
  }
}

async function readHolder(file: string): Promise<Holder | null> {
  return parseHolder(await readLockText(file).catch(() => null));
}

/** File systems that cannot hard-link (FAT, some network shares) answer with one of these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock file holding `text`, complete from the moment it exists; false when a lock
 * file exists already.
 */
async function createLockFile(file: string, text: string): Promise<boolean> {
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}`;
  await writeFile(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return true;
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    if (!NO_LINKS.has(errorCode(e) ?? '')) throw e;
  } finally {
    await rm(temp, { force: true });
  }
  // No hard links here: create and write in place (another starter may then see it empty).
  let handle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes the stale lock whose text is `staleText`, unless the file there now is another one
 * (someone took the folder meanwhile): that one is put back. Moving the file aside first makes
 * "is it still the stale one" and "remove it" one step.
 */
async function removeStaleLock(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return;
    throw e;
  }
  try {
    if ((await readLockText(aside)) !== staleText) {
      // A live lock taken after the stale one was read: back into place (unless yet another
      // lock is there now, which then holds the folder).
      await link(aside, file).catch(() => undefined);
    }
  } finally {
    await rm(aside, { force: true });
  }
}

/**
 * Takes the data folder for this process, or fails with a message that names the other holder
 * and what to do. `isAlive` is for tests (the holder's process id is checked on this machine).
 */
export async function lockDataDir(
  dataDir: string,
  isAlive: (pid: number) => boolean = isRunning,
): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  const myText = JSON.stringify(me);
  for (let attempt = 0; ; attempt++) {
    let text: string | null;
    try {
      if (await createLockFile(file, myText)) break;
      text = await readLockText(file);
    } catch (e) {
      throw new Error(`The data folder ${dataDir} could not be locked: ${errorMessage(e)}`);
    }
    const holder = parseHolder(text);
    // Another machine's process (a folder on a network share) cannot be checked: trust it.
    if (holder && (holder.host !== me.host || isAlive(holder.pid))) {
      throw new DataDirLockedError(
        `Another Sightline (process ${holder.pid} on ${holder.host}, started ${holder.startedAt}) is using the data folder ${dataDir}. ` +
          'Two at once would overwrite each other’s saved connections and settings: close the other one, ' +
          'or start this one with SIGHTLINE_DATA_DIR set to another folder. ' +
          `If no other Sightline runs, delete ${file}.`,
        holder,
      );
    }
    if (attempt > 2) {
      throw new Error(`The data folder ${dataDir} could not be locked: ${file} keeps coming back.`);
    }
    // null: released between the two steps; try again.
    if (text !== null) await removeStaleLock(file, text);
  }
  return {
    async release() {
      const holder = await readHolder(file);
      if (
        holder?.pid === me.pid &&
        holder.startedAt === me.startedAt &&
        holder.token === me.token
      ) {
        await rm(file, { force: true });
      }
    },
  };
}
