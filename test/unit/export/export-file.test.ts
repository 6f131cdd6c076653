import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
  it('expands ~ to the home folder and keeps absolute paths', async () => {
    const home = await tempDir();
    expect(await resolveExportPath('~/a.csv', false, home)).toBe(path.join(home, 'a.csv'));
    expect(await resolveExportPath(`${home}/x/../b.csv`, false, home)).toBe(
      path.join(home, 'b.csv'),
    );
  });

  it('refuses relative paths, missing folders, folders and existing files, naming the path', async () => {
    const home = await tempDir();
    expect((await fileError(resolveExportPath('a.csv', false, home))).message).toContain('a.csv');
    const missing = path.join(home, 'nope', 'a.csv');
    const e = await fileError(resolveExportPath(missing, false, home));
    expect(e.message).toBe(
      `The folder ${path.join(home, 'nope')} does not exist; cannot write: ${missing}`,
    );
    expect(e.field).toBe('path');
    await mkdir(path.join(home, 'dir'));
    expect(
      (await fileError(resolveExportPath(path.join(home, 'dir'), true, home))).message,
    ).toContain('That is a folder');
    const existing = path.join(home, 'e.csv');
    await writeFile(existing, 'x');
    expect((await fileError(resolveExportPath(existing, false, home))).message).toContain(
      'already exists',
    );
    expect(await resolveExportPath(existing, true, home)).toBe(existing);
    const notFolder = path.join(existing, 'inside.csv');
    expect((await fileError(resolveExportPath(notFolder, false, home))).message).toContain(
      'is not a folder',
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
