import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
  type SshSettings,
} from '../../../src/shared/api/connection';
import { isApiError } from '../../../src/shared/api/errors';
import { ConnectionStore } from '../../../src/main/store/connection-store';
import { keySecretBox } from '../../../src/main/store/key-secret-box';
import type { SecretBox } from '../../../src/main/store/secret-box';
import { permissions, useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

const T0 = '2025-03-04T05:06:07.000Z';
const T1 = '2025-03-04T06:00:00.000Z';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NO_SECRETS = { password: false, sshPassword: false, sshPassphrase: false };
const SSH: SshSettings = { host: 'bastion.example', port: 22, user: 'me', auth: 'password' };

function settings(overrides: Partial<ConnectionSettings> = {}): ConnectionSettings {
  return { ...defaultConnectionSettings(), name: 'prod', ...overrides };
}

function testBox(): SecretBox {
  return keySecretBox(randomBytes(32), 'key-file', 'the test key');
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected the promise to reject with an ApiError');
}

function syncRejection(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isApiError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(T0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionStore: opening', () => {
  it('starts empty in a new data folder (created 0700) and writes nothing until a save', async () => {
    const dataDir = join(await makeTempDir(), 'data');
    const store = await ConnectionStore.open(dataDir, testBox());
    expect(store.list()).toEqual([]);
    expect(store.warning).toBeNull();
    expect(permissions((await stat(dataDir)).mode)).toBe(0o700);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses a file from a newer, incompatible version and leaves it untouched', async () => {
    const dataDir = await makeTempDir();
    const path = join(dataDir, 'connections.json');
    const content = '{"format":"sightline-connections","version":2,"connections":[{"id":"x"}]}';
    await writeFile(path, content);
    expect(await rejection(ConnectionStore.open(dataDir, testBox()))).toEqual({
      code: 'STORE_FAILED',
      field: undefined,
      message:
        `The saved connections file ${path} was written by a newer version of Sightline ` +
        `(format version 2; this version reads version 1). It was left unchanged. Use the ` +
        `newer Sightline, or move the file away to start with an empty list.`,
    });
    expect(await readFile(path, 'utf8')).toBe(content);
    expect(await readdir(dataDir)).toEqual(['connections.json']);
  });
});

describe('ConnectionStore: saving and reading', () => {
  it('creates a connection with a new id and timestamps, and writes the file format', async () => {
    const dataDir = await makeTempDir();
    const store = await ConnectionStore.open(dataDir, testBox());
    const saved = await store.save(undefined, settings(), { password: 'hunter2' });

    expect(saved.id).toMatch(UUID);
    expect(saved).toEqual({
      ...settings(),
      id: saved.id,
      createdAt: T0,
      updatedAt: T0,
      secrets: { password: true, sshPassword: false, sshPassphrase: false },
    });
    expect(store.get(saved.id)).toEqual(saved);
    expect(store.list()).toEqual([saved]);
    expect(store.secretsOf(saved.id)).toEqual({ password: 'hunter2' });

    const path = join(dataDir, 'connections.json');
    const file = await readJson(path);
    expect(Object.keys(file)).toEqual(['format', 'version', 'connections']);
    expect(file.format).toBe('sightline-connections');
    expect(file.version).toBe(1);
    const entries = file.connections as Record<string, unknown>[];
    expect(entries).toHaveLength(1);
    const { sealedSecrets, ...rest } = entries[0] ?? {};
    expect(rest).toEqual({ ...settings(), id: saved.id, createdAt: T0, updatedAt: T0 });
    expect(Object.keys(sealedSecrets as object)).toEqual(['password']);
    expect((sealedSecrets as { password: string }).password).toMatch(/^v1:/);
    expect(permissions((await stat(path)).mode)).toBe(0o600);
  });

  it('stores the trimmed values the schema produces', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const saved = await store.save(
      undefined,
      settings({ name: '  staging  ', endpoint: { kind: 'tcp', host: ' db1 ', port: 3307 } }),
      {},
    );
    expect(saved.name).toBe('staging');
    expect(saved.endpoint).toEqual({ kind: 'tcp', host: 'db1', port: 3307 });
  });

  it('updates in place, keeping id and createdAt and moving updatedAt', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const created = await store.save(undefined, settings(), {});
    vi.setSystemTime(new Date(T1));
    const updated = await store.save(
      created.id,
      settings({ name: 'production', color: 'red' }),
      {},
    );
    expect(updated).toEqual({
      ...settings({ name: 'production', color: 'red' }),
      id: created.id,
      createdAt: T0,
      updatedAt: T1,
      secrets: NO_SECRETS,
    });
    expect(store.list()).toEqual([updated]);
  });

  it('lists by name, ignoring case, with numbers in order', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    for (const name of ['beta', 'db10', 'Alpha', 'db2', 'alpha 2', 'Zulu', 'BETA']) {
      await store.save(undefined, settings({ name }), {});
    }
    expect(store.list().map((c) => c.name)).toEqual([
      'Alpha',
      'alpha 2',
      'BETA',
      'beta',
      'db2',
      'db10',
      'Zulu',
    ]);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const notFound = {
      code: 'NOT_FOUND',
      message: 'There is no saved connection with the id "nope"; it may have been deleted.',
    };
    expect(syncRejection(() => store.get('nope'))).toEqual(notFound);
    expect(syncRejection(() => store.secretsOf('nope'))).toEqual(notFound);
    expect(await rejection(store.save('nope', settings(), {}))).toEqual({
      ...notFound,
      field: undefined,
    });
    expect(await rejection(store.duplicate('nope'))).toEqual({ ...notFound, field: undefined });
    expect(await rejection(store.delete('nope'))).toEqual({ ...notFound, field: undefined });
  });

  it('rejects invalid settings with the field path, saving nothing', async () => {
    const dataDir = await makeTempDir();
    const store = await ConnectionStore.open(dataDir, testBox());
    expect(
      await rejection(
        store.save(undefined, settings({ endpoint: { kind: 'tcp', host: 'db', port: 70000 } }), {}),
      ),
    ).toEqual({
      code: 'INVALID_REQUEST',
      field: 'settings.endpoint.port',
      message:
        'The connection was not saved: Port must be between 1 and 65535 (settings.endpoint.port).',
    });
    expect(
      await rejection(store.save(undefined, settings({ ssh: { ...SSH, auth: 'key' } }), {})),
    ).toEqual({
      code: 'INVALID_REQUEST',
      field: 'settings.ssh.privateKeyFile',
      message:
        'The connection was not saved: Choose the private key file for SSH key authentication ' +
        '(settings.ssh.privateKeyFile).',
    });
    expect(
      await rejection(store.save(undefined, settings(), { password: 'x'.repeat(4097) })),
    ).toMatchObject({ code: 'INVALID_REQUEST', field: 'secrets.password' });
    expect(store.list()).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('hands out copies, so changing a result does not change the store', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const saved = await store.save(undefined, settings(), {});
    const listed = store.list()[0];
    if (!listed || listed.endpoint.kind !== 'tcp') throw new Error('unexpected');
    listed.endpoint.port = 1;
    listed.name = 'changed';
    expect(store.get(saved.id)).toEqual(saved);
  });

  it('survives a reopen from disk', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a', ssh: SSH }), {
      password: 'pw',
      sshPassword: 'ssh-pw',
    });
    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.list()).toEqual([a]);
    expect(reopened.secretsOf(a.id)).toEqual({ password: 'pw', sshPassword: 'ssh-pw' });
    expect(reopened.warning).toBeNull();
  });
});

describe('ConnectionStore: secrets', () => {
  it('applies patches: a string sets, null clears, absent keeps', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const withSsh = settings({ ssh: SSH });
    const { id } = await store.save(undefined, withSsh, {
      password: 'one',
      sshPassword: 'two',
      sshPassphrase: 'three',
    });
    expect(store.secretsOf(id)).toEqual({
      password: 'one',
      sshPassword: 'two',
      sshPassphrase: 'three',
    });
    expect(store.get(id).secrets).toEqual({
      password: true,
      sshPassword: true,
      sshPassphrase: true,
    });

    await store.save(id, withSsh, {});
    expect(store.secretsOf(id)).toEqual({
      password: 'one',
      sshPassword: 'two',
      sshPassphrase: 'three',
    });

    await store.save(id, withSsh, { password: 'new', sshPassword: null });
    expect(store.secretsOf(id)).toEqual({ password: 'new', sshPassphrase: 'three' });
    expect(store.get(id).secrets).toEqual({
      password: true,
      sshPassword: false,
      sshPassphrase: true,
    });

    await store.save(id, withSsh, { password: '' });
    expect(store.secretsOf(id)).toEqual({ password: '', sshPassphrase: 'three' });
  });

  it.each(['ask', 'none'] as const)(
    'clears the password when the mode becomes %s',
    async (mode) => {
      const store = await ConnectionStore.open(await makeTempDir(), testBox());
      const { id } = await store.save(undefined, settings(), { password: 'pw' });
      const saved = await store.save(id, settings({ passwordMode: mode }), {});
      expect(saved.secrets).toEqual(NO_SECRETS);
      expect(store.secretsOf(id)).toEqual({});
      // The mode wins over a password sent along with it.
      await store.save(id, settings({ passwordMode: mode }), { password: 'ignored' });
      expect(store.secretsOf(id)).toEqual({});
    },
  );

  it('clears the SSH secrets when SSH is turned off', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const { id } = await store.save(undefined, settings({ ssh: SSH }), {
      password: 'pw',
      sshPassword: 'a',
      sshPassphrase: 'b',
    });
    const saved = await store.save(id, settings({ ssh: null }), {});
    expect(saved.secrets).toEqual({ password: true, sshPassword: false, sshPassphrase: false });
    expect(store.secretsOf(id)).toEqual({ password: 'pw' });
  });

  it('never writes a secret in plaintext or base64 to the file or its backup', async () => {
    const dataDir = await makeTempDir();
    const store = await ConnectionStore.open(dataDir, testBox());
    const secrets = {
      password: 'Tr0ub4dor&3-päss',
      sshPassword: 'ssh-secret-value-42',
      sshPassphrase: 'passphrase-for-the-key',
    };
    const { id } = await store.save(undefined, settings({ ssh: SSH }), secrets);
    await store.save(id, settings({ ssh: SSH, name: 'renamed' }), {});
    await store.duplicate(id);

    const main = await readFile(join(dataDir, 'connections.json'));
    const backup = await readFile(join(dataDir, 'connections.json.bak'));
    expect(backup.length).toBeGreaterThan(0);
    for (const bytes of [main, backup]) {
      for (const secret of Object.values(secrets)) {
        expect(bytes.includes(secret)).toBe(false);
        expect(bytes.includes(Buffer.from(secret).toString('base64'))).toBe(false);
        expect(bytes.includes(Buffer.from(secret).toString('base64url'))).toBe(false);
        expect(bytes.includes(Buffer.from(secret).toString('hex'))).toBe(false);
      }
    }
    expect(permissions((await stat(join(dataDir, 'connections.json.bak'))).mode)).toBe(0o600);
  });

  it('reports secrets sealed with another key in plain words, naming the connection', async () => {
    const dataDir = await makeTempDir();
    const store = await ConnectionStore.open(dataDir, testBox());
    const { id } = await store.save(undefined, settings({ name: 'billing' }), { password: 'pw' });
    const otherKey = await ConnectionStore.open(dataDir, testBox());
    expect(otherKey.list().map((c) => c.name)).toEqual(['billing']);
    expect(syncRejection(() => otherKey.secretsOf(id))).toEqual({
      code: 'STORE_CORRUPT',
      message:
        'The saved password of connection "billing" could not be read. A saved secret could ' +
        'not be decrypted because it was saved with a different key than the test key (for ' +
        'example, the key was replaced or comes from another computer), or the saved data has ' +
        'been changed. Enter it again to save it anew.',
    });
  });
});

describe('ConnectionStore: duplicate and delete', () => {
  it('duplicates with numbered names, a new id, and the secrets', async () => {
    const store = await ConnectionStore.open(await makeTempDir(), testBox());
    const original = await store.save(undefined, settings({ name: 'prod', ssh: SSH }), {
      password: 'pw',
      sshPassword: 'spw',
    });
    vi.setSystemTime(new Date(T1));
    const copy1 = await store.duplicate(original.id);
    const copy2 = await store.duplicate(original.id);
    const copy3 = await store.duplicate(copy1.id);

    expect(copy1).toEqual({
      ...original,
      id: copy1.id,
      name: 'prod (copy)',
      createdAt: T1,
      updatedAt: T1,
    });
    expect(copy1.id).toMatch(UUID);
    expect(new Set([original.id, copy1.id, copy2.id, copy3.id]).size).toBe(4);
    expect(copy2.name).toBe('prod (copy 2)');
    expect(copy3.name).toBe('prod (copy 3)');
    expect(store.secretsOf(copy2.id)).toEqual({ password: 'pw', sshPassword: 'spw' });
    expect(store.list().map((c) => c.name)).toEqual([
      'prod',
      'prod (copy 2)',
      'prod (copy 3)',
      'prod (copy)',
    ]);

    // The copies are independent: changing one leaves the original alone.
    await store.save(copy1.id, settings({ name: 'prod (copy)', ssh: SSH }), { password: 'other' });
    expect(store.secretsOf(original.id)).toEqual({ password: 'pw', sshPassword: 'spw' });
  });

  it('starts a copy with background explains off, its production allowance gone', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const schedule = {
      enabled: true,
      intervalMinutes: 5,
      topStatements: 7,
      allowOnProduction: true,
    };
    const original = await store.save(
      undefined,
      settings({ name: 'prod', production: true, backgroundExplains: schedule }),
      {},
    );
    const copy = await store.duplicate(original.id);
    const off = { ...schedule, enabled: false, allowOnProduction: false };
    expect(copy.backgroundExplains).toEqual(off);
    // Still off once read back from the file; the original keeps its schedule.
    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.get(copy.id).backgroundExplains).toEqual(off);
    expect(reopened.get(original.id).backgroundExplains).toEqual(schedule);
    // A connection that never had a schedule gives a copy without one.
    const plain = await store.save(undefined, settings({ name: 'plain' }), {});
    expect((await store.duplicate(plain.id)).backgroundExplains).toBeUndefined();
  });

  it('deletes, on disk too', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a' }), {});
    const b = await store.save(undefined, settings({ name: 'b' }), {});
    await store.delete(a.id);
    expect(store.list()).toEqual([b]);
    expect((await ConnectionStore.open(dataDir, box)).list()).toEqual([b]);
  });
});

describe('ConnectionStore: files', () => {
  it('keeps unknown keys, top-level and per entry, when rewriting', async () => {
    const dataDir = await makeTempDir();
    const path = join(dataDir, 'connections.json');
    const box = testBox();
    const sealedPassword = box.encrypt('pw');
    const entry = (id: string, name: string) => ({
      ...settings({ name }),
      tls: { mode: 'preferred', futureTlsOption: 'x' },
      id,
      createdAt: T0,
      updatedAt: T0,
      sealedSecrets: { password: sealedPassword, futureSecret: 'sealed-by-newer' },
      futureEntryKey: { nested: [1, 2, 3] },
    });
    await writeFile(
      path,
      JSON.stringify({
        format: 'sightline-connections',
        version: 1,
        futureTopKey: { folders: ['ops'] },
        connections: [entry('id-a', 'a'), entry('id-b', 'b')],
      }),
    );

    const store = await ConnectionStore.open(dataDir, box);
    expect(store.get('id-a')).toEqual({
      ...settings({ name: 'a' }),
      tls: { mode: 'preferred' },
      id: 'id-a',
      createdAt: T0,
      updatedAt: T0,
      secrets: { password: true, sshPassword: false, sshPassphrase: false },
    });
    vi.setSystemTime(new Date(T1));
    await store.save('id-a', settings({ name: 'a2' }), { password: 'pw2' });

    const file = await readJson(path);
    expect(file.futureTopKey).toEqual({ folders: ['ops'] });
    const [a, b] = file.connections as Record<string, unknown>[];
    // The untouched entry is written back exactly as it was.
    expect(b).toEqual(entry('id-b', 'b'));
    // The edited entry keeps its unknown keys and unknown sealed secrets.
    expect(a?.futureEntryKey).toEqual({ nested: [1, 2, 3] });
    expect((a?.sealedSecrets as Record<string, unknown>).futureSecret).toBe('sealed-by-newer');
    expect(a?.name).toBe('a2');
    expect(a?.updatedAt).toBe(T1);
    // Its settings are replaced as a whole, so keys unknown inside them (tls here) go.
    expect(a?.tls).toEqual(settings().tls);
    expect(store.secretsOf('id-a')).toEqual({ password: 'pw2' });

    const copy = await store.duplicate('id-b');
    const copied = ((await readJson(path)).connections as Record<string, unknown>[]).find(
      (c) => c.id === copy.id,
    );
    expect(copied?.futureEntryKey).toEqual({ nested: [1, 2, 3] });
  });

  it('persists concurrent saves, all of them', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const existing = await store.save(undefined, settings({ name: 'existing' }), {});

    const results = await Promise.all([
      store.save(undefined, settings({ name: 'one' }), { password: '1' }),
      store.save(undefined, settings({ name: 'two' }), { password: '2' }),
      store.save(existing.id, settings({ name: 'existing renamed' }), { password: 'e' }),
      store.duplicate(existing.id),
      store.save(undefined, settings({ name: 'three' }), { password: '3' }),
    ]);

    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.list().map((c) => c.name)).toEqual([
      'existing renamed',
      'existing renamed (copy)',
      'one',
      'three',
      'two',
    ]);
    expect(reopened.list()).toEqual(store.list());
    for (const result of results) {
      expect(reopened.get(result.id)).toEqual(store.get(result.id));
    }
    expect(reopened.secretsOf(results[0].id)).toEqual({ password: '1' });
    expect(reopened.secretsOf(results[3].id)).toEqual({ password: 'e' });
  });

  it('keeps memory and file unchanged when a write fails, and saves again afterwards', async () => {
    const root = await makeTempDir();
    const dataDir = join(root, 'data');
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const kept = await store.save(undefined, settings({ name: 'kept' }), { password: 'pw' });
    const path = join(dataDir, 'connections.json');
    const before = await readFile(path);

    // Replace the data folder with a plain file: every file operation in it fails (even as root).
    await rename(dataDir, join(root, 'moved'));
    await writeFile(dataDir, 'not a folder');
    const failure = await rejection(store.save(undefined, settings({ name: 'lost' }), {}));
    expect(failure.code).toBe('STORE_FAILED');
    expect(failure.message).toBe(
      `The saved connections could not be written to ${path}, so the change was not saved: ` +
        `ENOTDIR: not a directory, open '${path}'`,
    );
    expect(await rejection(store.delete(kept.id))).toMatchObject({ code: 'STORE_FAILED' });
    expect(store.list()).toEqual([kept]);

    await rm(dataDir);
    await rename(join(root, 'moved'), dataDir);
    expect(await readFile(path)).toEqual(before);

    const later = await store.save(undefined, settings({ name: 'later' }), {});
    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.list()).toEqual([kept, later]);
    expect(reopened.secretsOf(kept.id)).toEqual({ password: 'pw' });
  });

  it('ignores and removes a temp file left by a crash between write and rename', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a' }), { password: 'pw' });
    const path = join(dataDir, 'connections.json');
    const before = await readFile(path);
    // What a crash leaves behind: a half-written temp file next to the intact main file.
    const stray = join(dataDir, `connections.json.tmp-${process.pid}-0badc0de`);
    await writeFile(stray, before.subarray(0, 40));

    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.warning).toBeNull();
    expect(reopened.list()).toEqual([a]);
    expect(await readdir(dataDir)).toEqual(['connections.json']);
    expect(await readFile(path)).toEqual(before);
  });

  it('falls back to the backup when the file is damaged, keeping the damaged bytes', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a' }), { password: 'pw' });
    await store.save(undefined, settings({ name: 'b' }), {});
    const path = join(dataDir, 'connections.json');
    const damaged = (await readFile(path)).subarray(0, 100);
    await writeFile(path, damaged);

    const reopened = await ConnectionStore.open(dataDir, box);
    const keptName = (await readdir(dataDir)).find((n) =>
      n.startsWith('connections.json.corrupt-'),
    );
    expect(keptName).toBeDefined();
    const keptPath = join(dataDir, keptName ?? '');
    expect(await readFile(keptPath)).toEqual(damaged);
    expect(reopened.list()).toEqual([a]);
    expect(reopened.secretsOf(a.id)).toEqual({ password: 'pw' });
    expect(reopened.warning).toMatch(
      new RegExp(
        `^The saved connections file ${esc(path)} could not be used because it is not valid ` +
          `JSON: .+\\. The damaged file was kept as ${esc(keptPath)}\\. The last good copy, ` +
          `${esc(path)}\\.bak, was loaded instead; changes made after that copy was saved are ` +
          `missing\\.$`,
      ),
    );

    // Saving again writes a fresh file and leaves the kept copy alone.
    const c = await reopened.save(undefined, settings({ name: 'c' }), {});
    expect((await ConnectionStore.open(dataDir, box)).list()).toEqual([a, c]);
    expect(await readFile(keptPath)).toEqual(damaged);
  });

  it("keeps an entry it cannot read (a newer version's colour, SSH method) as written, and reads the rest", async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a' }), {});
    const b = await store.save(undefined, settings({ name: 'b' }), { password: 'pw-b' });
    const c = await store.save(undefined, settings({ name: 'c', ssh: SSH }), {});
    const path = join(dataDir, 'connections.json');
    const file = await readJson(path);
    const entries = file.connections as Record<string, unknown>[];
    entries[1]!.color = 'chartreuse';
    entries[1]!.newerKey = { kept: [1, 2] };
    (entries[2]!.ssh as Record<string, unknown>).auth = 'agent';
    entries.push('not an entry' as never);
    // The backup holds the same entries: before, both counted as damaged and the list was empty.
    await writeFile(path, JSON.stringify(file));
    await writeFile(`${path}.bak`, JSON.stringify(file));
    const written = structuredClone(entries);

    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.warning).toBeNull();
    expect(reopened.list()).toEqual([a]);
    expect(reopened.unreadable()).toEqual([
      {
        id: b.id,
        name: 'b',
        field: 'color',
        reason: expect.stringMatching(/^Invalid option: .* \(found "chartreuse"\)$/) as string,
      },
      {
        id: c.id,
        name: 'c',
        field: 'ssh.auth',
        reason: 'Invalid option: expected one of "password", "key" (found "agent")',
      },
      { id: 'unreadable-4', name: null, field: '', reason: 'The entry is not an object' },
    ]);
    expect((await readdir(dataDir)).sort()).toEqual(['connections.json', 'connections.json.bak']);

    // Using or changing one is refused, saying why; nothing is written.
    for (const attempt of [
      () => reopened.save(b.id, settings({ name: 'b2' }), {}),
      () => reopened.duplicate(c.id),
      () => reopened.pinTlsCertificate(b.id, settings(), 'SHA256:x'),
    ]) {
      expect(await rejection(attempt())).toEqual({
        code: 'INVALID_REQUEST',
        field: undefined,
        message: expect.stringMatching(
          /^The saved connection "[bc]" cannot be used or changed by this version of Sightline \((color|ssh\.auth): .*\)\. It was saved by a newer version or edited by hand/,
        ) as string,
      });
    }
    expect(syncRejection(() => reopened.secretsOf(b.id)).code).toBe('INVALID_REQUEST');
    expect(syncRejection(() => reopened.get(c.id)).code).toBe('INVALID_REQUEST');

    // Another save writes them back untouched, in their places.
    const d = await reopened.save(undefined, settings({ name: 'd' }), {});
    const after = (await readJson(path)).connections as unknown[];
    expect(after.slice(1, 4)).toEqual(written.slice(1, 4));
    expect((after[4] as { id: string }).id).toBe(d.id);

    // Deleting is allowed, the stand-in id included.
    await reopened.delete(b.id);
    await reopened.delete('unreadable-4');
    const final = await ConnectionStore.open(dataDir, box);
    expect(final.list().map((x) => x.name)).toEqual(['a', 'd']);
    expect(final.unreadable().map((x) => x.id)).toEqual([c.id]);
    expect(((await readJson(path)).connections as unknown[])[1]).toEqual(written[2]);
  });

  it('still treats two entries with one id as damage and uses the backup', async () => {
    const dataDir = await makeTempDir();
    const box = testBox();
    const store = await ConnectionStore.open(dataDir, box);
    const a = await store.save(undefined, settings({ name: 'a' }), {});
    await store.save(a.id, settings({ name: 'a2' }), {});
    const path = join(dataDir, 'connections.json');
    const file = await readJson(path);
    const entries = file.connections as Record<string, unknown>[];
    entries.push({ ...entries[0]!, color: 'chartreuse' });
    await writeFile(path, JSON.stringify(file));

    const reopened = await ConnectionStore.open(dataDir, box);
    expect(reopened.list().map((c) => c.name)).toEqual(['a']);
    expect(reopened.warning).toContain(
      `could not be used because its content is not in the expected format: connections.1.id: The id ${a.id} is used by more than one connection`,
    );
  });

  it('starts empty with a warning when file and backup are both damaged, deleting nothing', async () => {
    const dataDir = await makeTempDir();
    const path = join(dataDir, 'connections.json');
    await writeFile(path, '{"format":"sightline-connections","version":1,"connections":[{');
    await writeFile(`${path}.bak`, 'not json at all');

    const store = await ConnectionStore.open(dataDir, testBox());
    expect(store.list()).toEqual([]);
    const names = (await readdir(dataDir)).sort();
    expect(names).toHaveLength(2);
    const [keptBackup, keptMain] = names.map((n) => join(dataDir, n)) as [string, string];
    expect(keptMain).toMatch(/connections\.json\.corrupt-[^/]+$/);
    expect(keptBackup).toMatch(/connections\.json\.bak\.corrupt-[^/]+$/);
    expect(await readFile(keptMain, 'utf8')).toBe(
      '{"format":"sightline-connections","version":1,"connections":[{',
    );
    expect(await readFile(keptBackup, 'utf8')).toBe('not json at all');
    expect(store.warning).toContain(`The damaged file was kept as ${keptMain}`);
    expect(store.warning).toContain(`it was kept as ${keptBackup}`);
    expect(store.warning).toContain('Sightline started empty; nothing was deleted');

    await store.save(undefined, settings(), {});
    expect((await readdir(dataDir)).sort()).toEqual([...names, 'connections.json'].sort());
  });

  it('does not make a file of another format its backup', async () => {
    const dataDir = await makeTempDir();
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, 'connections.json');
    await writeFile(path, '{"format":"something-else","version":1,"connections":[]}');
    const store = await ConnectionStore.open(dataDir, testBox());
    expect(store.warning).toContain('connections.json could not be used');
    await store.save(undefined, settings(), {});
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.bak'))).toEqual([]);
  });
});

function esc(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
