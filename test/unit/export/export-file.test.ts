import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/errors';
import { ExportFile } from '../../../src/main/export/export-file';
import { defaultExportPath, resolveExportPath } from '../../../src/main/export/export-path';
import { SessionLocks } from '../../../src/main/services/session-locks';
import { useTempDirs } from '../store/temp-dirs';

const tempDir = useTempDirs();

async function fileError(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).code).toBe('FILE_ERROR');
  return e as ApiError;
}

describe('resolveExportPath', () => {
  /** Consent as a page gives it: nothing confirmed, only the home folder approved. */
  const asked = (home: string, more: { overwrite?: boolean; confirmedFolder?: boolean } = {}) => ({
    overwrite: false,
    confirmedFolder: false,
    approvedFolders: new Set([home]),
    ...more,
  });

  it('expands ~ to the home folder and keeps absolute paths', async () => {
    const home = await tempDir();
    expect(await resolveExportPath('~/a.csv', asked(home), home)).toBe(path.join(home, 'a.csv'));
    expect(await resolveExportPath(`${home}/x/../b.csv`, asked(home), home)).toBe(
      path.join(home, 'b.csv'),
    );
  });

  it('asks before writing into a folder not approved, without looking at it first', async () => {
    const home = await tempDir();
    for (const target of [
      '/etc/cron.d/x',
      path.join(home, 'nope', 'a.csv'),
      '/root/.ssh/authorized_keys',
    ]) {
      const e = await fileError(resolveExportPath(target, asked(home), home));
      expect(e.field).toBe('confirmedFolder');
      expect(e.message).toBe(
        `No export has been written into ${path.dirname(target)} yet: confirm that this is the folder you mean.`,
      );
    }
  });

  it('says the same for a folder that is missing, not a folder, or not writable', async () => {
    const home = await tempDir();
    const existing = path.join(home, 'e.csv');
    await writeFile(existing, 'x');
    const targets = [path.join(home, 'nope', 'a.csv'), path.join(existing, 'inside.csv')];
    for (const target of targets) {
      const e = await fileError(
        resolveExportPath(target, asked(home, { confirmedFolder: true }), home),
      );
      expect(e.message).toBe(
        `Cannot write into ${path.dirname(target)} (it does not exist, is not a folder, or this user may not write there): ${target}`,
      );
      expect(e.field).toBe('path');
    }
  });

  it('refuses relative paths and folders, and asks before replacing a file', async () => {
    const home = await tempDir();
    expect((await fileError(resolveExportPath('a.csv', asked(home), home))).message).toContain(
      'a.csv',
    );
    await mkdir(path.join(home, 'dir'));
    expect(
      (
        await fileError(
          resolveExportPath(path.join(home, 'dir'), asked(home, { overwrite: true }), home),
        )
      ).message,
    ).toContain('That is a folder');
    const existing = path.join(home, 'e.csv');
    await writeFile(existing, 'x');
    const e = await fileError(resolveExportPath(existing, asked(home), home));
    expect(e.field).toBe('overwrite');
    expect(e.message).toBe(`The file already exists: ${existing}. Confirm to replace it.`);
    expect(await resolveExportPath(existing, asked(home, { overwrite: true }), home)).toBe(
      existing,
    );
  });

  it('suggests a new name in the home folder, numbered when taken', async () => {
    const home = await tempDir();
    const now = new Date(2024, 1, 29, 23, 5, 9);
    const first = await defaultExportPath('csv', home, now);
    expect(first).toBe(path.join(home, 'sightline-export-2024-02-29-230509.csv'));
    await writeFile(first, '');
    expect(await defaultExportPath('csv', home, now)).toBe(
      path.join(home, 'sightline-export-2024-02-29-230509-2.csv'),
    );
  });
});

describe('ExportFile', () => {
  it('writes under a temporary name and takes the target name only when complete', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'out.csv');
    const file = await ExportFile.create(target, false);
    file.stream.write('a,b\r\n');
    expect(await readdir(dir)).toEqual([path.basename(file.tempPath)]);
    expect(path.basename(file.tempPath)).toMatch(/^out\.csv\.[0-9a-f]{8}\.sightline-partial$/);
    await file.complete();
    expect(await readdir(dir)).toEqual(['out.csv']);
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n');
  });

  it('removes the temporary file when discarded, leaving an existing target alone', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'out.csv');
    await writeFile(target, 'old');
    const file = await ExportFile.create(target, true);
    file.stream.write('new');
    await file.discard();
    expect(await readdir(dir)).toEqual(['out.csv']);
    expect(await readFile(target, 'utf8')).toBe('old');
  });

  it('replaces an existing file only when allowed', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'out.csv');
    const racing = await ExportFile.create(target, false);
    // Another program creates the file while the export runs.
    await writeFile(target, 'theirs');
    await expect(racing.complete()).rejects.toMatchObject({ code: 'FILE_ERROR' });
    expect(await readFile(target, 'utf8')).toBe('theirs');
    expect(await readdir(dir)).toEqual(['out.csv']);
    const replacing = await ExportFile.create(target, true);
    replacing.stream.write('mine');
    await replacing.complete();
    expect(await readFile(target, 'utf8')).toBe('mine');
  });
});

describe('ExportFile permissions', () => {
  const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
  let umask: number;
  beforeEach(() => {
    // The usual umask, which leaves a file made with 0666 readable by every local user.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
  });

  it('makes a new export readable by this user only, while written and once named', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'out.csv');
    const file = await ExportFile.create(target, false);
    expect(await modeOf(file.tempPath)).toBe(0o600);
    await file.complete();
    expect(await modeOf(target)).toBe(0o600);
  });

  it('gives a replaced file its own permissions back, private or shared', async () => {
    const dir = await tempDir();
    for (const mode of [0o600, 0o640, 0o664]) {
      const target = path.join(dir, `out-${mode.toString(8)}.csv`);
      await writeFile(target, 'old');
      await chmod(target, mode);
      const file = await ExportFile.create(target, true);
      file.stream.write('new');
      await file.complete();
      expect(await readFile(target, 'utf8')).toBe('new');
      expect(await modeOf(target)).toBe(mode);
    }
  });

  it('makes an export private when told it may replace a file that is not there', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'gone.csv');
    const file = await ExportFile.create(target, true);
    await file.complete();
    expect(await modeOf(target)).toBe(0o600);
  });
});

describe('SessionLocks', () => {
  it('refuses a second piece of work while the first is active, naming it', () => {
    const locks = new SessionLocks();
    let running = true;
    locks.claim('s1', 'export', () => running);
    expect(() => locks.claim('s1', 'statement', () => true)).toThrow(/An export is running/);
    expect(locks.holder('s1')).toBe('export');
    locks.claim('s2', 'statement', () => true);
    running = false;
    expect(locks.holder('s1')).toBeNull();
    locks.claim('s1', 'statement', () => true);
    expect(() => locks.claim('s1', 'export', () => true)).toThrow(/A statement is still running/);
  });
});
