import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rmdir, statfs, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** statfs's f_type of tmpfs (linux/magic.h TMPFS_MAGIC). */
const TMPFS_MAGIC = 0x01021994;

export interface SmallDisk {
  /** The mount point. */
  readonly dir: string;
  /** Takes every free byte with a filler file: the next write that needs space gets ENOSPC. */
  fill(): void;
  /** Removes the filler. */
  free(): Promise<void>;
  unmount(): Promise<void>;
}

/**
 * A real file system that can be filled: a tmpfs of `bytes`, mounted on a new temp folder.
 * Mounting needs root (or CAP_SYS_ADMIN); without it this throws, saying so, so the test that
 * needs it fails rather than passing without having tried.
 */
export async function mountSmallDisk(bytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    await rmdir(dir).catch(() => undefined);
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `This test needs a small disk to fill, and mounting a ${bytes}-byte tmpfs on ${dir} ` +
        `failed (run it as root, or with CAP_SYS_ADMIN): ${stderr || String(e)}`,
    );
  }
  if ((await statfs(dir)).type !== TMPFS_MAGIC) {
    throw new Error(`${dir} was mounted, but is not a tmpfs`);
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      try {
        const chunk = Buffer.alloc(64 * 1024);
        // Big chunks, then single bytes, so not even the filler's last page has room left.
        for (const size of [chunk.length, 1]) {
          for (;;) {
            try {
              if (writeSync(fd, chunk, 0, size) < size) break;
            } catch (e) {
              if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw e;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => unlink(filler),
    async unmount() {
      execFileSync('umount', [dir]);
      await rmdir(dir);
    },
  };
}
