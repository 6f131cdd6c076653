// The data folder and connections.json as the real backend meets them at start: a folder
// others can write into is refused, and an entry this version cannot read is kept, listed
// apart, refused for use, and deletable.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import { startBackend, type BackendUnderTest } from './backend-harness';

const dirs: string[] = [];
const running: BackendUnderTest[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((b) => b.dispose()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-data-folder-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<BackendUnderTest> {
  const backend = await startBackend({ dataDir });
  running.push(backend);
  return backend;
}

describe('the data folder', () => {
  it('is refused when other users can write into it, saying what to run', async () => {
    const dataDir = await tempDir();
    await chmod(dataDir, 0o777);
    await expect(start(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} can be changed by other users of this computer (mode 0777, ` +
        `owner user id ${process.getuid!()}), who could have put saved connections or links in ` +
        `it, so Sightline will not use it. Check what is in it, then make it private with: ` +
        `chmod 700 ${dataDir}`,
    );
  });
});

describe('connections.json with an entry this version cannot read', () => {
  it('starts with the others, lists it apart, refuses to use it, and deletes it when asked', async () => {
    const dataDir = await tempDir();
    const first = await start(dataDir);
    const saved = await first.call('connections.save', {
      settings: { ...defaultConnectionSettings(), name: 'kept' },
      secrets: {},
    });
    const newer = await first.call('connections.save', {
      settings: { ...defaultConnectionSettings(), name: 'from a newer version' },
      secrets: {},
    });
    if (!saved.ok || !newer.ok) throw new Error('save failed');
    await first.dispose();
    running.splice(0);

    // A newer Sightline gave it a colour this one does not know, and a key of its own.
    const file = path.join(dataDir, 'connections.json');
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      connections: Record<string, unknown>[];
    };
    const entry = json.connections.find((c) => c.id === newer.value.id)!;
    entry.color = 'chartreuse';
    entry.addedLater = { x: 1 };
    await writeFile(file, JSON.stringify(json));
    await writeFile(`${file}.bak`, JSON.stringify(json));

    const app = await start(dataDir);
    const list = await app.call('connections.list', {});
    expect(list.ok && list.value.map((c) => c.name)).toEqual(['kept']);
    expect(await app.call('connections.unreadable', {})).toEqual({
      ok: true,
      value: [
        {
          id: newer.value.id,
          name: 'from a newer version',
          field: 'color',
          reason: expect.stringMatching(/^Invalid option: .*\(found "chartreuse"\)$/) as string,
        },
      ],
    });
    const open = await app.call('session.open', { connectionId: newer.value.id });
    expect(open).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message: expect.stringContaining(
          'The saved connection "from a newer version" cannot be used or changed by this version of Sightline (color: ',
        ) as string,
      },
    });

    // A save of another connection writes it back as it was.
    await app.call('connections.save', {
      id: saved.value.id,
      settings: { ...defaultConnectionSettings(), name: 'kept, renamed' },
      secrets: {},
    });
    const after = JSON.parse(await readFile(file, 'utf8')) as typeof json;
    expect(after.connections.find((c) => c.id === newer.value.id)).toEqual(entry);

    expect(await app.call('connections.delete', { id: newer.value.id })).toEqual({
      ok: true,
      value: { deleted: true },
    });
    expect(await app.call('connections.unreadable', {})).toEqual({ ok: true, value: [] });
  });
});
