import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PRIVATE_FILE_MODE,
  backupPathOf,
  readJsonFileWithBackup,
  removeStrayTempFiles,
  writeFileAtomic,
  writeJsonFileWithBackup,
} from '../../../src/main/store/atomic-file';
import { permissions, useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

const ListSchema = z.looseObject({ items: z.array(z.string()) });
type List = z.infer<typeof ListSchema>;
const readOptions = { empty: (): List => ({ items: [] }), label: 'The test file' };
const writeOptions = { mode: PRIVATE_FILE_MODE, label: 'The test file' };

const GOOD_MAIN = '{"items":["new"]}';
const GOOD_BACKUP = '{"items":["old"]}';
const CORRUPT_STAMP = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

async function setup(files: Record<string, string>): Promise<{ dir: string; path: string }> {
  const dir = await makeTempDir();
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return { dir, path: join(dir, 'data.json') };
}

/** The one file in `dir` named `<prefix>.corrupt-<timestamp>`, checked to exist exactly once. */
async function keptCopy(dir: string, prefix: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => n.startsWith(`${prefix}.corrupt-`));
  expect(names).toHaveLength(1);
  const name = names[0] ?? '';
  expect(name.slice(`${prefix}.corrupt-`.length)).toMatch(CORRUPT_STAMP);
  return join(dir, name);
}

describe('writeFileAtomic', () => {
  it('writes the content with mode 0600 and leaves no temp file', async () => {
    const { dir, path } = await setup({});
    await writeFileAtomic(path, 'hello', { mode: PRIVATE_FILE_MODE });
    expect(await readFile(path, 'utf8')).toBe('hello');
    expect(permissions((await stat(path)).mode)).toBe(0o600);
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('narrows the mode of a file it replaces', async () => {
    const { path } = await setup({ 'data.json': 'old' });
    await writeFile(path, 'old', { mode: 0o644 });
    await writeFileAtomic(path, 'new', { mode: PRIVATE_FILE_MODE });
    expect(permissions((await stat(path)).mode)).toBe(0o600);
  });

  it('removes its temp file and leaves the target alone when the rename fails', async () => {
    const { dir, path } = await setup({});
    // A non-empty directory where the file should go: rename cannot replace it.
    await mkdir(join(path, 'inside'), { recursive: true });
    await expect(writeFileAtomic(path, 'x', { mode: PRIVATE_FILE_MODE })).rejects.toThrow(
      /EISDIR|ENOTEMPTY|EEXIST/,
    );
    expect(await readdir(dir)).toEqual(['data.json']);
    expect(await readdir(path)).toEqual(['inside']);
  });
});

describe('removeStrayTempFiles', () => {
  it('removes temp files of dead processes and of this one, keeps those of live ones', async () => {
    const mine = `data.json.tmp-${process.pid}-0a1b2c`;
    const dead = 'data.json.bak.tmp-99999999-ffee';
    // Our parent process is running; its write may still be in flight.
    const live = `data.json.tmp-${process.ppid}-abcd`;
    const { dir, path } = await setup({
      'data.json': GOOD_MAIN,
      [mine]: '{"items":["half',
      [dead]: '{"it',
      [live]: '{}',
      'data.json.tmp-notes.txt': 'not a temp file of ours',
      'other.json.tmp-99999999-ab': 'another file',
    });
    const removed = await removeStrayTempFiles(path);
    expect(removed.sort()).toEqual([join(dir, dead), join(dir, mine)].sort());
    expect((await readdir(dir)).sort()).toEqual(
      ['data.json', live, 'data.json.tmp-notes.txt', 'other.json.tmp-99999999-ab'].sort(),
    );
    expect(await readFile(path, 'utf8')).toBe(GOOD_MAIN);
  });
});

describe('readJsonFileWithBackup', () => {
  it('starts empty without a warning when neither file exists (first start)', async () => {
    const { dir, path } = await setup({});
    expect(await readJsonFileWithBackup(path, ListSchema, readOptions)).toEqual({
      value: { items: [] },
      source: 'empty',
      warning: null,
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reads the main file when it is good, ignoring a stray temp file from a crashed write', async () => {
    const { dir, path } = await setup({
      'data.json': GOOD_MAIN,
      'data.json.bak': GOOD_BACKUP,
      [`data.json.tmp-${process.pid}-abcdef`]: '{"items":["half-writ',
    });
    expect(await readJsonFileWithBackup(path, ListSchema, readOptions)).toEqual({
      value: { items: ['new'] },
      source: 'main',
      warning: null,
    });
    expect((await readdir(dir)).length).toBe(3);
  });

  it('uses the backup when the main file is not JSON, and keeps the damaged file byte for byte', async () => {
    const damaged = Buffer.from([0x7b, 0x22, 0x69, 0x74, 0x00, 0xff, 0xfe]);
    const { dir, path } = await setup({ 'data.json.bak': GOOD_BACKUP });
    await writeFile(path, damaged);

    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);

    const kept = await keptCopy(dir, 'data.json');
    expect(read.value).toEqual({ items: ['old'] });
    expect(read.source).toBe('backup');
    expect(read.warning).toMatch(
      new RegExp(
        `^The test file ${esc(path)} could not be used because it is not valid JSON: .+\\. ` +
          `The damaged file was kept as ${esc(kept)}\\. The last good copy, ${esc(path)}\\.bak, ` +
          `was loaded instead; changes made after that copy was saved are missing\\.$`,
      ),
    );
    expect(await readFile(kept)).toEqual(damaged);
    expect(await readFile(backupPathOf(path), 'utf8')).toBe(GOOD_BACKUP);
    expect((await readdir(dir)).sort()).toEqual(['data.json.bak', kept.slice(dir.length + 1)]);
  });

  it('uses the backup when the main file is valid JSON of the wrong shape, naming the field', async () => {
    const { dir, path } = await setup({
      'data.json': '{"items":["a",7]}',
      'data.json.bak': GOOD_BACKUP,
    });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const kept = await keptCopy(dir, 'data.json');
    expect(read.warning).toBe(
      `The test file ${path} could not be used because its content is not in the expected ` +
        `format: items.1: Invalid input: expected string, received number. The damaged file was ` +
        `kept as ${kept}. The last good copy, ${path}.bak, was loaded instead; changes made after ` +
        `that copy was saved are missing.`,
    );
    expect(await readFile(kept, 'utf8')).toBe('{"items":["a",7]}');
  });

  it('says so when the main file is empty', async () => {
    const { dir, path } = await setup({ 'data.json': '', 'data.json.bak': GOOD_BACKUP });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const kept = await keptCopy(dir, 'data.json');
    expect(read.warning).toBe(
      `The test file ${path} could not be used because it is empty. The damaged file was kept ` +
        `as ${kept}. The last good copy, ${path}.bak, was loaded instead; changes made after ` +
        `that copy was saved are missing.`,
    );
  });

  it('uses the backup when the main file is missing', async () => {
    const { dir, path } = await setup({ 'data.json.bak': GOOD_BACKUP });
    expect(await readJsonFileWithBackup(path, ListSchema, readOptions)).toEqual({
      value: { items: ['old'] },
      source: 'backup',
      warning:
        `The test file ${path} is missing. The last good copy, ${path}.bak, was loaded ` +
        `instead; changes made after that copy was saved are missing.`,
    });
    expect(await readdir(dir)).toEqual(['data.json.bak']);
  });

  it('uses the backup when the main file cannot be read (a directory in its place)', async () => {
    const { dir, path } = await setup({ 'data.json.bak': GOOD_BACKUP });
    await mkdir(path);
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const kept = await keptCopy(dir, 'data.json');
    expect(read.value).toEqual({ items: ['old'] });
    expect(read.warning).toContain(`could not be used because it could not be read: EISDIR`);
    expect((await stat(kept)).isDirectory()).toBe(true);
  });

  it('starts empty with a loud warning when both are damaged, deleting nothing', async () => {
    const { dir, path } = await setup({
      'data.json': '{"items": [',
      'data.json.bak': 'garbage',
    });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const keptMain = await keptCopy(dir, 'data.json');
    const keptBackup = await keptCopy(dir, 'data.json.bak');
    expect(read.value).toEqual({ items: [] });
    expect(read.source).toBe('empty');
    expect(read.warning).toMatch(
      new RegExp(
        `^The test file ${esc(path)} could not be used because it is not valid JSON: .+\\. ` +
          `The damaged file was kept as ${esc(keptMain)}, and the backup copy ${esc(path)}\\.bak ` +
          `could not be used either because it is not valid JSON: .+; it was kept as ` +
          `${esc(keptBackup)}\\. Sightline started empty; nothing was deleted, so the kept files ` +
          `can still be repaired or restored\\.$`,
      ),
    );
    expect(await readFile(keptMain, 'utf8')).toBe('{"items": [');
    expect(await readFile(keptBackup, 'utf8')).toBe('garbage');
    expect((await readdir(dir)).length).toBe(2);
  });

  it('warns when the main file is missing and the backup is damaged', async () => {
    const { dir, path } = await setup({ 'data.json.bak': '{"items":{}}' });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const keptBackup = await keptCopy(dir, 'data.json.bak');
    expect(read.warning).toBe(
      `The test file ${path} is missing, and the backup copy ${path}.bak could not be used ` +
        `because its content is not in the expected format: items: Invalid input: expected ` +
        `array, received object; it was kept as ${keptBackup}. Sightline started empty; nothing ` +
        `was deleted, so the kept files can still be repaired or restored.`,
    );
  });

  it('warns when the main file is damaged and there is no backup', async () => {
    const { dir, path } = await setup({ 'data.json': 'nope' });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    const kept = await keptCopy(dir, 'data.json');
    expect(read.value).toEqual({ items: [] });
    expect(read.warning).toMatch(
      new RegExp(
        `^The test file ${esc(path)} could not be used because it is not valid JSON: .+\\. The ` +
          `damaged file was kept as ${esc(kept)}, and there is no backup copy \\(${esc(path)}\\.bak\\)\\. ` +
          `Sightline started empty; nothing was deleted, so the kept files can still be ` +
          `repaired or restored\\.$`,
      ),
    );
  });

  it('never overwrites an earlier kept copy', async () => {
    const { dir, path } = await setup({ 'data.json': 'first damage' });
    await readJsonFileWithBackup(path, ListSchema, readOptions);
    await writeFile(path, 'second damage');
    await readJsonFileWithBackup(path, ListSchema, readOptions);
    const kept = (await readdir(dir)).filter((n) => n.startsWith('data.json.corrupt-'));
    expect(kept).toHaveLength(2);
    const contents = await Promise.all(kept.map((n) => readFile(join(dir, n), 'utf8')));
    expect(contents.sort()).toEqual(['first damage', 'second damage']);
  });
});

describe('writeJsonFileWithBackup', () => {
  it('makes the replaced good file the backup, byte for byte', async () => {
    const { dir, path } = await setup({});
    expect(
      await writeJsonFileWithBackup(path, { items: ['one'] }, ListSchema, writeOptions),
    ).toEqual({
      warning: null,
    });
    expect(await readdir(dir)).toEqual(['data.json']);
    const first = await readFile(path, 'utf8');
    expect(first).toBe('{\n  "items": [\n    "one"\n  ]\n}\n');

    await writeJsonFileWithBackup(path, { items: ['two'] }, ListSchema, writeOptions);
    expect(await readFile(backupPathOf(path), 'utf8')).toBe(first);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ items: ['two'] });
    expect((await readdir(dir)).sort()).toEqual(['data.json', 'data.json.bak']);
    expect(permissions((await stat(path)).mode)).toBe(0o600);
    expect(permissions((await stat(backupPathOf(path))).mode)).toBe(0o600);
  });

  it('moves a main file damaged since it was read aside instead of making it the backup', async () => {
    const { dir, path } = await setup({ 'data.json': 'damaged', 'data.json.bak': GOOD_BACKUP });
    const { warning } = await writeJsonFileWithBackup(
      path,
      { items: ['x'] },
      ListSchema,
      writeOptions,
    );
    const kept = await keptCopy(dir, 'data.json');
    expect(warning).toMatch(
      new RegExp(
        `^The test file ${esc(path)} had been damaged since it was read \\(it is not valid JSON: ` +
          `.+\\); it was kept as ${esc(kept)} and replaced with the current data\\.$`,
      ),
    );
    expect(await readFile(kept, 'utf8')).toBe('damaged');
    expect(await readFile(backupPathOf(path), 'utf8')).toBe(GOOD_BACKUP);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ items: ['x'] });
  });

  it('moves a damaged backup aside before replacing it', async () => {
    const { dir, path } = await setup({ 'data.json': GOOD_MAIN, 'data.json.bak': '{"items":' });
    const { warning } = await writeJsonFileWithBackup(
      path,
      { items: ['x'] },
      ListSchema,
      writeOptions,
    );
    const kept = await keptCopy(dir, 'data.json.bak');
    expect(warning).toMatch(
      new RegExp(
        `^The backup copy ${esc(path)}\\.bak was damaged \\(it is not valid JSON: .+\\); ` +
          `it was kept as ${esc(kept)}\\.$`,
      ),
    );
    expect(await readFile(kept, 'utf8')).toBe('{"items":');
    expect(await readFile(backupPathOf(path), 'utf8')).toBe(GOOD_MAIN);
  });

  it('refuses to replace a main file it cannot read, changing nothing', async () => {
    const { dir, path } = await setup({});
    await mkdir(path);
    await expect(
      writeJsonFileWithBackup(path, { items: ['x'] }, ListSchema, writeOptions),
    ).rejects.toThrow(/^EISDIR/);
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('refuses to write a value its own reader would reject', async () => {
    const { dir, path } = await setup({});
    await expect(
      writeJsonFileWithBackup(path, { items: [1] } as unknown as List, ListSchema, writeOptions),
    ).rejects.toThrow(
      `Refusing to write ${path}: the data does not match its own format (items.0: Invalid ` +
        `input: expected string, received number). This is a bug in Sightline.`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps keys the schema does not know', async () => {
    const { path } = await setup({ 'data.json': '{"items":[],"future":{"a":1}}' });
    const read = await readJsonFileWithBackup(path, ListSchema, readOptions);
    await writeJsonFileWithBackup(path, { ...read.value, items: ['y'] }, ListSchema, writeOptions);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ items: ['y'], future: { a: 1 } });
  });
});

function esc(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
