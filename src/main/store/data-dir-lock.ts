/**
 * One Sightline backend per data folder. Each backend keeps the saved connections and settings
 * in memory and writes whole files, so two at once (two `npm run web`, or browser mode beside
 * the desktop app sharing a folder) would silently overwrite each other's saves. The lock is a
 * file naming the holder; a holder that is gone (a crash) leaves a stale lock that is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { errorCode, errorMessage } from './os-error';

export const LOCK_FILE = 'sightline.lock';

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
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

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Unreadable or half-written: no live holder can be proven.
    return null;
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
  const me: Holder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      break;
    } catch (e) {
      if (errorCode(e) !== 'EEXIST') {
        throw new Error(`The data folder ${dataDir} could not be locked: ${errorMessage(e)}`);
      }
      const holder = await readHolder(file);
      // Another machine's process (a folder on a network share) cannot be checked: trust it.
      const live = holder && (holder.host !== me.host || isAlive(holder.pid));
      if (live) {
        throw new DataDirLockedError(
          `Another Sightline (process ${holder.pid} on ${holder.host}, started ${holder.startedAt}) is using the data folder ${dataDir}. ` +
            'Two at once would overwrite each other’s saved connections and settings: close the other one, ' +
            'or start this one with SIGHTLINE_DATA_DIR set to another folder. ' +
            `If no other Sightline runs, delete ${file}.`,
          holder,
        );
      }
      if (attempt > 0) {
        throw new Error(
          `The data folder ${dataDir} could not be locked: ${file} keeps coming back.`,
        );
      }
      await rm(file, { force: true });
    }
  }
  return {
    async release() {
      const holder = await readHolder(file);
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) {
        await rm(file, { force: true });
      }
    },
  };
}
