import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../src/shared/api/errors';
import { openKeyFileSecretBox } from '../../../src/main/store/key-file-secret-box';
import { permissions, useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

/** While set, every write to an open file waits a moment first, as on a busy disk. */
const slow = vi.hoisted(() => ({ writes: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const write = handle.writeFile.bind(handle);
      handle.writeFile = async (...w: Parameters<typeof handle.writeFile>) => {
        await new Promise((resolve) => setTimeout(resolve, slow.writes ? 50 : 0));
        return write(...w);
      };
      return handle;
    },
  };
});

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the promise to reject with an ApiError');
}

describe('openKeyFileSecretBox', () => {
  it('creates a 32-byte key file with mode 0600 in a new folder with mode 0700', async () => {
    const root = await makeTempDir();
    const keyPath = join(root, 'data', 'secret.key');
    const box = await openKeyFileSecretBox(keyPath);

    expect(box.kind).toBe('key-file');
    const fileStats = await stat(keyPath);
    expect(permissions(fileStats.mode)).toBe(0o600);
    expect(fileStats.size).toBe(32);
    expect(permissions((await stat(join(root, 'data'))).mode)).toBe(0o700);
  });

  it('uses the same key when opened again, and does not rewrite it', async () => {
    const keyPath = join(await makeTempDir(), 'secret.key');
    const first = await openKeyFileSecretBox(keyPath);
    const keyBytes = await readFile(keyPath);
    const sealed = first.encrypt('hunter2');

    const second = await openKeyFileSecretBox(keyPath);
    expect(second.decrypt(sealed)).toBe('hunter2');
    expect(await readFile(keyPath)).toEqual(keyBytes);
  });

  it('gives two Sightlines starting at once on a new folder the same key, never an empty file', async () => {
    const dir = await makeTempDir();
    const keyPath = join(dir, 'secret.key');
    slow.writes = true;
    try {
      const [a, b] = await Promise.all([
        openKeyFileSecretBox(keyPath),
        openKeyFileSecretBox(keyPath),
      ]);
      expect(b.decrypt(a.encrypt('hunter2'))).toBe('hunter2');
    } finally {
      slow.writes = false;
    }
    expect((await stat(keyPath)).size).toBe(32);
    expect(await readdir(dir)).toEqual(['secret.key']);
  });

  it('makes two different key files, which cannot read each other', async () => {
    const a = await openKeyFileSecretBox(join(await makeTempDir(), 'secret.key'));
    const bPath = join(await makeTempDir(), 'secret.key');
    const b = await openKeyFileSecretBox(bPath);
    const error = (() => {
      try {
        b.decrypt(a.encrypt('hunter2'));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(isApiError(error, 'STORE_CORRUPT')).toBe(true);
    expect((error as Error).message).toContain(`a different key than the key in ${bPath}`);
  });

  it.runIf(process.platform !== 'win32')(
    'refuses a key file that others can read, with the chmod command to run',
    async () => {
      const keyPath = join(await makeTempDir(), 'secret.key');
      await openKeyFileSecretBox(keyPath);
      await chmod(keyPath, 0o644);

      expect(await rejection(openKeyFileSecretBox(keyPath))).toEqual({
        code: 'FILE_ERROR',
        message:
          `The key file ${keyPath} can be read or changed by other users of this computer ` +
          `(its permissions are 644), so Sightline will not use it. Make it private with: ` +
          `chmod 600 ${keyPath}`,
      });
      // Refusing does not "fix" or replace the file behind the user's back.
      expect(permissions((await stat(keyPath)).mode)).toBe(0o644);

      await chmod(keyPath, 0o600);
      await expect(openKeyFileSecretBox(keyPath)).resolves.toMatchObject({ kind: 'key-file' });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'refuses a key file that only the group can write, quoting a path with spaces',
    async () => {
      const dir = join(await makeTempDir(), "my data's");
      await mkdir(dir);
      const keyPath = join(dir, 'secret.key');
      await openKeyFileSecretBox(keyPath);
      await chmod(keyPath, 0o620);

      const { message } = await rejection(openKeyFileSecretBox(keyPath));
      expect(message).toContain('(its permissions are 620)');
      expect(message.endsWith(`chmod 600 '${dir.replace("'", `'\\''`)}/secret.key'`)).toBe(true);
    },
  );

  it('refuses a key file of the wrong size', async () => {
    const keyPath = join(await makeTempDir(), 'secret.key');
    await writeFile(keyPath, Buffer.alloc(31), { mode: 0o600 });
    expect(await rejection(openKeyFileSecretBox(keyPath))).toEqual({
      code: 'STORE_CORRUPT',
      message:
        `The key file ${keyPath} is 31 bytes long, but a Sightline key is exactly 32 bytes, so ` +
        `it is damaged or is not a key file. Restore it from a backup; or move it away to have ` +
        `a new key created (saved passwords will then have to be entered again).`,
    });
    expect((await readFile(keyPath)).length).toBe(31);
  });

  it('refuses a key path that is a folder', async () => {
    const keyPath = join(await makeTempDir(), 'secret.key');
    await mkdir(keyPath, { mode: 0o700 });
    expect(await rejection(openKeyFileSecretBox(keyPath))).toEqual({
      code: 'FILE_ERROR',
      message: `The key file ${keyPath} is not a regular file. Move it away so a new key can be created.`,
    });
  });
});
