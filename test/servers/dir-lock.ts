import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { logProgress } from './progress-log';

interface LockOwner {
  pid: number;
  host: string;
}

export interface DirLockOptions {
  /** Give up waiting for another holder after this long; default 20 minutes (a slow download). */
  timeoutMs?: number;
  /** Said once when the lock is busy, so a waiting run does not look hung. */
  waitingMessage?: string;
}

/**
 * Runs `work` while holding a lock made by `mkdir` (atomic on every local file system, and it
 * needs no native module). The holder's pid is written inside so a lock left behind by a killed
 * process is recognised and taken over instead of blocking every later run.
 */
export async function withDirLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: DirLockOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20 * 60_000);
  let announced = false;
  await mkdir(dirname(lockPath), { recursive: true });
  for (;;) {
    if (await tryAcquire(lockPath)) break;
    if (await isStale(lockPath)) {
      // Move it aside first: rename is atomic, so two waiters cannot both delete a fresh lock.
      const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
      await rename(lockPath, aside).then(
        () => rm(aside, { recursive: true, force: true }),
        () => undefined,
      );
      continue;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${lockPath}`);
    if (!announced && options.waitingMessage) logProgress(options.waitingMessage);
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { recursive: true, force: true });
  }
}

async function tryAcquire(lockPath: string): Promise<boolean> {
  try {
    await mkdir(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const owner: LockOwner = { pid: process.pid, host: hostname() };
  await writeFile(join(lockPath, 'owner.json'), JSON.stringify(owner));
  return true;
}

async function isStale(lockPath: string): Promise<boolean> {
  let owner: LockOwner;
  try {
    owner = JSON.parse(await readFile(join(lockPath, 'owner.json'), 'utf8')) as LockOwner;
  } catch {
    // No owner file yet: either the holder is between mkdir and writeFile (fresh), or it died
    // right there (stale). Only age tells them apart.
    const info = await stat(lockPath).catch(() => null);
    return info !== null && Date.now() - info.mtimeMs > 30_000;
  }
  if (owner.host !== hostname()) return false; // a shared home directory: cannot check the pid
  return !isAlive(owner.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
