import { mkdir, readdir, readFile, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScreenReadSettingsSchema } from '../../../src/shared/api/settings';
import { DEFAULT_RELEASE_FEED } from '../../../src/shared/api/updates';
import { SettingsStore } from '../../../src/main/store/settings-store';
import { permissions, useTempDirs } from './temp-dirs';

describe('SettingsStore', () => {
  const tempDir = useTempDirs();

  it('starts with update checks off, without writing anything', async () => {
    const dir = await tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.updates).toEqual({ enabled: false, feedUrl: DEFAULT_RELEASE_FEED });
    expect(store.warning).toBeNull();
    await expect(stat(path.join(dir, 'settings.json'))).rejects.toThrow(/ENOENT/);
  });

  it('saves atomically with mode 0600, the last of quick saves winning', async () => {
    const dir = await tempDir();
    const store = await SettingsStore.open(dir);
    await Promise.all(
      [1, 2, 3].map((n) =>
        store.saveUpdates({ enabled: n % 2 === 1, feedUrl: `https://example.com/feed/${n}` }),
      ),
    );
    const file = path.join(dir, 'settings.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: true, feedUrl: 'https://example.com/feed/3' },
    });
    expect(permissions((await stat(file)).mode)).toBe(0o600);
    expect((await SettingsStore.open(dir)).updates.feedUrl).toBe('https://example.com/feed/3');
  });

  it('a damaged updates section falls back to its defaults and keeps the rest', async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, 'settings.json'),
      JSON.stringify({
        version: 1,
        updates: { enabled: 'yes', feedUrl: 'file:///x' },
        theme: 'dark',
      }),
    );
    const store = await SettingsStore.open(dir);
    expect(store.warning).toBe(
      `The settings file ${path.join(dir, 'settings.json')}: the update settings could not be ` +
        `used (enabled: Invalid input: expected boolean, received string), so the defaults ` +
        `apply. The section is kept in the file as it is until these settings are saved again.`,
    );
    expect(store.updates).toEqual({ enabled: false, feedUrl: DEFAULT_RELEASE_FEED });
    await store.saveUpdates({ enabled: true, feedUrl: 'https://example.com/f' });
    expect(JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: true, feedUrl: 'https://example.com/f' },
      theme: 'dark',
    });
  });

  it('keeps result limits beside the update settings, both when saved at the same moment', async () => {
    const dir = await tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.results).toEqual({ maxRows: 1_000_000, maxMegabytes: 512 });
    await Promise.all([
      store.saveResults({ maxRows: 5000, maxMegabytes: 64 }),
      store.saveUpdates({ enabled: true, feedUrl: 'https://example.com/f' }),
    ]);
    const file = path.join(dir, 'settings.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: true, feedUrl: 'https://example.com/f' },
      results: { maxRows: 5000, maxMegabytes: 64 },
    });
    expect((await SettingsStore.open(dir)).results).toEqual({ maxRows: 5000, maxMegabytes: 64 });
  });

  it('a damaged or out-of-range result limits section falls back to the defaults', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'settings.json');
    const cases: Array<[unknown, string]> = [
      [{ maxRows: 10, maxMegabytes: 64 }, 'maxRows: The row limit must be at least 1,000 rows'],
      ['lots', 'Invalid input: expected object, received string'],
      [{ maxRows: 5000 }, 'maxMegabytes: The memory limit must be a number'],
    ];
    for (const [results, problem] of cases) {
      await writeFile(file, JSON.stringify({ version: 1, results }));
      const store = await SettingsStore.open(dir);
      expect(store.warning).toBe(
        `The settings file ${file}: the result limits could not be used (${problem}), so the ` +
          `defaults apply. The section is kept in the file as it is until these settings are ` +
          `saved again.`,
      );
      expect(store.results).toEqual({ maxRows: 1_000_000, maxMegabytes: 512 });
    }
  });

  it('keeps the settings of a newer version: known values apply, unknown keys stay on rewrite', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'settings.json');
    // A newer Sightline added a key inside the result limits section.
    const written = {
      version: 1,
      updates: { enabled: true, feedUrl: 'https://example.com/f', channel: 'beta' },
      results: { maxRows: 5000, maxMegabytes: 64, maxCellKilobytes: 256 },
      editor: { fontSize: 15 },
    };
    await writeFile(file, JSON.stringify(written));
    const store = await SettingsStore.open(dir);
    expect(store.warning).toBeNull();
    expect(store.results).toEqual({ maxRows: 5000, maxMegabytes: 64 });
    expect(store.updates).toEqual({ enabled: true, feedUrl: 'https://example.com/f' });
    await store.saveScreenReads({ timeoutSeconds: 60 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      ...written,
      screenReads: { timeoutSeconds: 60 },
    });
    await store.saveResults({ maxRows: 7000, maxMegabytes: 64 });
    expect(JSON.parse(await readFile(file, 'utf8')).results).toEqual({
      maxRows: 7000,
      maxMegabytes: 64,
      maxCellKilobytes: 256,
    });
  });

  it('says which section of the file is wrong and keeps it until that section is saved', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'settings.json');
    const results = { maxRows: 10, maxMegabytes: 64 };
    await writeFile(file, JSON.stringify({ version: 1, results }));
    const store = await SettingsStore.open(dir);
    expect(store.warning).toBe(
      `The settings file ${file}: the result limits could not be used (maxRows: The row limit ` +
        `must be at least 1,000 rows), so the defaults apply. The section is kept in the file as ` +
        `it is until these settings are saved again.`,
    );
    expect(store.results).toEqual({ maxRows: 1_000_000, maxMegabytes: 512 });
    await store.savePlan({ fullScanRows: 500, misestimateFactor: 10 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ results });
    await store.saveResults({ maxRows: 5000, maxMegabytes: 64 });
    expect(JSON.parse(await readFile(file, 'utf8')).results).toEqual({
      maxRows: 5000,
      maxMegabytes: 64,
    });
  });

  it("leaves a newer version's file (a higher format version) as it is, saving nothing over it", async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'settings.json');
    const newer = JSON.stringify({ version: 2, results: { rows: 5000 } });
    await writeFile(file, newer);
    const store = await SettingsStore.open(dir);
    expect(store.warning).toBe(
      `The settings file ${file} was written by a newer version of Sightline (format version ` +
        `2; this version reads version 1). It was left unchanged and the defaults apply; ` +
        `settings changed here apply until Sightline closes but are not saved.`,
    );
    expect(store.results).toEqual({ maxRows: 1_000_000, maxMegabytes: 512 });
    await expect(store.saveResults({ maxRows: 7000, maxMegabytes: 64 })).rejects.toMatchObject({
      code: 'STORE_FAILED',
      message:
        `The settings were not saved: ${file} was written by a newer version of Sightline, ` +
        `and this version leaves it unchanged. The change applies until Sightline closes.`,
    });
    expect(store.results).toEqual({ maxRows: 7000, maxMegabytes: 64 });
    await store.flush();
    expect(await readFile(file, 'utf8')).toBe(newer);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('keeps the wait for server answers: 30 s until saved, a damaged value falls back', async () => {
    const dir = await tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.screenReads).toEqual({ timeoutSeconds: 30 });
    await store.saveScreenReads({ timeoutSeconds: 120 });
    const file = path.join(dir, 'settings.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: false, feedUrl: DEFAULT_RELEASE_FEED },
      screenReads: { timeoutSeconds: 120 },
    });
    expect((await SettingsStore.open(dir)).screenReads).toEqual({ timeoutSeconds: 120 });
    for (const screenReads of [{ timeoutSeconds: 1 }, { timeoutSeconds: 2.5 }, 'long', {}]) {
      await writeFile(file, JSON.stringify({ version: 1, screenReads }));
      expect((await SettingsStore.open(dir)).screenReads).toEqual({ timeoutSeconds: 30 });
    }
  });

  it('refuses a wait out of bounds, saying what and where', () => {
    const wrong = (value: unknown) =>
      ScreenReadSettingsSchema.safeParse({ timeoutSeconds: value }).error?.issues.map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(wrong(1)).toEqual([
      'timeoutSeconds: The time a screen waits for the server must be at least 2 seconds',
    ]);
    expect(wrong(3601)).toEqual([
      'timeoutSeconds: The time a screen waits for the server must be at most 3,600 seconds',
    ]);
    expect(wrong(2.5)).toEqual([
      'timeoutSeconds: The time a screen waits for the server must be a whole number',
    ]);
    expect(wrong(2)).toBeUndefined();
  });

  it('says in plain words when it cannot write, keeps the change in effect and writes it later', async () => {
    const dir = await tempDir();
    const store = await SettingsStore.open(dir);
    // A folder where the file should be: the rename over it fails.
    await mkdir(path.join(dir, 'settings.json'));
    const typed = { enabled: true, feedUrl: 'https://e.com/f' };
    await expect(store.saveUpdates(typed)).rejects.toMatchObject({
      code: 'STORE_FAILED',
      message: expect.stringMatching(
        /^The settings could not be written to .*settings\.json: .*The change applies from now on and is kept in memory/,
      ),
    });
    expect(store.updates).toEqual(typed);
    await rmdir(path.join(dir, 'settings.json'));
    await store.flush();
    store.close();
    expect((await SettingsStore.open(dir)).updates).toEqual(typed);
  });
});
