import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../../src/main/store/data-dir-lock';
import { useTempDirs } from './temp-dirs';

/**
 * While set, every file write waits a moment before it starts: what a busy disk does, and what
 * lets a second starter look at the lock file while the first is still writing it.
 */
const slow = vi.hoisted(() => ({ writes: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, slow.writes ? 50 : 0));
  return {
    ...real,
    writeFile: async (...args: Parameters<typeof real.writeFile>) => {
      await pause();
      return real.writeFile(...args);
    },
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const write = handle.writeFile.bind(handle);
      handle.writeFile = async (...w: Parameters<typeof handle.writeFile>) => {
        await pause();
        return write(...w);
      };
      return handle;
    },
  };
});

describe('data folder lock', () => {
  const tempDir = useTempDirs();

  it('names this process in the lock file and removes it on release', async () => {
    const dir = await tempDir();
    const lock = await lockDataDir(dir);
    const holder = JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8')) as unknown;
    expect(holder).toEqual({
      pid: process.pid,
      host: os.hostname(),
      startedAt: expect.any(String),
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    await lock.release();
    // Free again.
    await (await lockDataDir(dir)).release();
  });

  it('refuses a second holder while the first runs, naming it and what to do', async () => {
    const dir = await tempDir();
    const first = await lockDataDir(dir);
    const second = lockDataDir(dir, () => true);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      new RegExp(
        `^Another Sightline \\(process ${process.pid} on .+, started .+\\) is using the data folder ${dir}\\. ` +
          'Two at once would overwrite each other’s saved connections and settings: close the other one, ' +
          'or start this one with SIGHTLINE_DATA_DIR set to another folder\\. ' +
          `If no other Sightline runs, delete ${path.join(dir, LOCK_FILE)}\\.$`,
      ),
    );
    await first.release();
  });

  it('takes over the lock of a process that is gone, or a lock file that is damaged', async () => {
    const dir = await tempDir();
    const file = path.join(dir, LOCK_FILE);
    await writeFile(
      file,
      JSON.stringify({ pid: 999_999, host: os.hostname(), startedAt: '2026-11-01T00:00:00.000Z' }),
    );
    const taken = await lockDataDir(dir, (pid) => pid !== 999_999);
    expect((JSON.parse(await readFile(file, 'utf8')) as { pid: number }).pid).toBe(process.pid);
    await taken.release();
    await writeFile(file, '{"pid":');
    await (await lockDataDir(dir, () => true)).release();
  });

  it('trusts a holder on another machine (a shared folder) and never removes another’s lock', async () => {
    const dir = await tempDir();
    const file = path.join(dir, LOCK_FILE);
    const other = { pid: 4242, host: 'elsewhere.example', startedAt: '2026-11-24T10:00:00.000Z' };
    await writeFile(file, JSON.stringify(other));
    await expect(lockDataDir(dir, () => false)).rejects.toThrow(
      /process 4242 on elsewhere\.example/,
    );

    // A lock that was taken over by someone else meanwhile is left to them.
    await writeFile(file, JSON.stringify({ ...other, host: os.hostname() }));
    const mine = await lockDataDir(dir, () => false);
    await writeFile(file, JSON.stringify(other));
    await mine.release();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(other);
  });

  it('gives the folder to exactly one of two starting at the same moment, on a slow disk too', async () => {
    slow.writes = true;
    try {
      for (const stale of [false, true]) {
        const dir = await tempDir();
        const file = path.join(dir, LOCK_FILE);
        if (stale) {
          const gone = { pid: 999_999, host: os.hostname(), startedAt: '2026-11-01T00:00:00Z' };
          await writeFile(file, JSON.stringify(gone));
        }
        const alive = (pid: number) => pid !== 999_999;
        const tries = await Promise.allSettled([lockDataDir(dir, alive), lockDataDir(dir, alive)]);
        expect(tries.map((t) => t.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = tries.find((t) => t.status === 'rejected');
        expect(refused?.reason).toBeInstanceOf(DataDirLockedError);
        expect(await readdir(dir)).toEqual([LOCK_FILE]);
        const holder = tries.find((t) => t.status === 'fulfilled');
        await holder?.value.release();
        expect(await readdir(dir)).toEqual([]);
      }
    } finally {
      slow.writes = false;
    }
  });
});
