import { chmod, mkdir, open, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../src/shared/api/errors';
import {
  APPEND_NO_FOLLOW,
  chmodNoFollow,
  preparePrivateDataDir,
} from '../../../src/main/store/private-data-dir';
import { permissions, useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

afterEach(() => {
  vi.restoreAllMocks();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error, 'STORE_FAILED')) return error.message;
    throw error;
  }
  throw new Error('expected a STORE_FAILED refusal');
}

describe('preparePrivateDataDir', () => {
  it('creates a missing folder 0700, whatever the umask', async () => {
    const dir = join(await makeTempDir(), 'new', 'sightline');
    const umask = process.umask(0o022);
    try {
      await preparePrivateDataDir(dir);
    } finally {
      process.umask(umask);
    }
    expect(permissions((await stat(dir)).mode)).toBe(0o700);
  });

  it('makes a folder of its own that others can only read private', async () => {
    const dir = await makeTempDir();
    await chmod(dir, 0o755);
    await preparePrivateDataDir(dir);
    expect(permissions((await stat(dir)).mode)).toBe(0o700);
  });

  it('refuses a folder others can write into, naming mode, owner and the chmod, changing nothing', async () => {
    for (const mode of [0o777, 0o770, 0o707]) {
      const dir = await makeTempDir();
      await chmod(dir, mode);
      const message = await refusal(preparePrivateDataDir(dir));
      const uid = process.getuid!();
      expect(message).toBe(
        `The data folder ${dir} can be changed by other users of this computer (mode ` +
          `${mode.toString(8).padStart(4, '0')}, owner user id ${uid}), who could have put saved ` +
          `connections or links in it, so Sightline will not use it. Check what is in it, then ` +
          `make it private with: chmod 700 ${dir}`,
      );
      expect(permissions((await stat(dir)).mode)).toBe(mode);
    }
  });

  it("refuses another user's folder", async () => {
    const dir = await makeTempDir();
    const owner = (await stat(dir)).uid;
    vi.spyOn(process, 'getuid').mockReturnValue(owner + 1000);
    expect(await refusal(preparePrivateDataDir(dir))).toBe(
      `The data folder ${dir} belongs to user id ${owner}, not to you (user id ${owner + 1000}), ` +
        `so Sightline will not use it: its owner could change your saved connections. Use a ` +
        `folder of your own (set SIGHTLINE_DATA_DIR), or, if it is meant to be yours: ` +
        `sudo chown -R ${owner + 1000} ${dir} && chmod 700 ${dir}`,
    );
  });

  it('refuses a folder inside one everybody can write to without the sticky bit', async () => {
    const open = await makeTempDir();
    const dir = join(open, 'data');
    await mkdir(dir, { mode: 0o700 });
    await chmod(open, 0o777);
    expect(await refusal(preparePrivateDataDir(dir))).toContain(
      `The folder ${open}, which holds the data folder ${dir}, can be changed by every user of ` +
        `this computer (mode 0777, without the sticky bit)`,
    );
    // With the sticky bit (as /tmp has), nobody else can rename or remove the folder.
    await chmod(open, 0o1777);
    await preparePrivateDataDir(dir);
  });

  it('follows a link to the folder and checks the folder it leads to', async () => {
    const base = await makeTempDir();
    const real = join(base, 'real');
    await mkdir(real, { mode: 0o777 });
    await chmod(real, 0o777);
    await symlink(real, join(base, 'link'));
    expect(await refusal(preparePrivateDataDir(join(base, 'link')))).toContain(
      `The data folder ${join(base, 'link')} (${real}) can be changed by other users`,
    );
    await chmod(real, 0o700);
    await preparePrivateDataDir(join(base, 'link'));
  });
});

describe('opening files without following links', () => {
  it('neither appends to nor changes the mode of the file a planted link points to', async () => {
    const dir = await makeTempDir();
    const target = join(dir, 'elsewhere');
    await writeFile(target, 'theirs', { mode: 0o644 });
    await chmod(target, 0o644);
    const planted = join(dir, 'history.jsonl');
    await symlink(target, planted);
    await expect(chmodNoFollow(planted, 0o600)).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(open(planted, APPEND_NO_FOLLOW, 0o600)).rejects.toMatchObject({ code: 'ELOOP' });
    expect(permissions((await stat(target)).mode)).toBe(0o644);
  });
});
