import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
  type Secrets,
} from '../../../src/shared/api/connection';
import { startFakeMysqlServer, type FakeMysqlServer } from '../db/fake-mysql-server';
import { startBackend, type BackendUnderTest } from './backend-harness';

const PASSWORD = 'Saved-For-The-First-Server-Only';

let app: BackendUnderTest;
/** Where the connection was saved: a fake server that could read a password sent to it. */
let home: FakeMysqlServer;
/** Another server the settings are then pointed at. */
let elsewhere: FakeMysqlServer;

beforeAll(async () => {
  app = await startBackend();
  home = await startFakeMysqlServer('caching_sha2_password');
  elsewhere = await startFakeMysqlServer('caching_sha2_password');
});
afterAll(async () => {
  await home.close();
  await elsewhere.close();
  await app.dispose();
});

function settingsAt(port: number, patch: Partial<ConnectionSettings> = {}): ConnectionSettings {
  return {
    ...defaultConnectionSettings(),
    name: 'saved with a password',
    endpoint: { kind: 'tcp', host: '127.0.0.1', port },
    user: 'app',
    // Trusting the server's key is what lets these fake servers read a password sent to them.
    tls: { mode: 'off', getServerPublicKey: true },
    connectTimeoutMs: 5000,
    ...patch,
  };
}

async function saveAtHome(): Promise<string> {
  const saved = await app.call('connections.save', {
    settings: settingsAt(home.port),
    secrets: { password: PASSWORD },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  expect(saved.value.secrets.password).toBe(true);
  return saved.value.id;
}

describe('connections.test with the id of a saved connection', () => {
  let id = '';
  beforeAll(async () => {
    id = await saveAtHome();
  });
  afterEach(() => {
    expect(home.sawPassword(PASSWORD)).toBe(false);
    expect(elsewhere.sawPassword(PASSWORD)).toBe(false);
  });

  it.each([
    ['port', () => settingsAt(elsewhere.port)],
    [
      'host',
      () =>
        settingsAt(home.port, { endpoint: { kind: 'tcp', host: 'localhost', port: home.port } }),
    ],
    ['user', () => settingsAt(home.port, { user: 'someone_else' })],
  ])('a changed %s does not get the saved password', async (_what, settings) => {
    const before = home.connections() + elsewhere.connections();
    const r = await app.call('connections.test', { id, settings: settings(), secrets: {} });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('PASSWORD_REQUIRED');
    expect(r.error.field).toBe('password');
    expect(r.error.message).toMatch(/must be typed again/);
    // Refused before connecting anywhere.
    expect(home.connections() + elsewhere.connections()).toBe(before);
  });
});

describe('connections.test with the protection of a saved connection weakened', () => {
  /** Saved with TLS `required` (or a pinned key): its password never reached a fake server. */
  let id = '';
  let pinnedId = '';
  let sshId = '';
  const SSH_KEY = `SHA256:${'A'.repeat(43)}`;
  const ssh = {
    host: '127.0.0.1',
    port: 22,
    user: 'tunnel',
    auth: 'password' as const,
    hostKeySha256: SSH_KEY,
  };
  beforeAll(async () => {
    const save = async (
      settings: ConnectionSettings,
      secrets: Secrets = { password: PASSWORD },
    ) => {
      const saved = await app.call('connections.save', { settings, secrets });
      if (!saved.ok) throw new Error(saved.error.message);
      return saved.value.id;
    };
    id = await save(settingsAt(home.port, { tls: { mode: 'required' } }));
    pinnedId = await save(
      settingsAt(home.port, { tls: { mode: 'off', serverPublicKeyFile: '/etc/pinned.pem' } }),
    );
    sshId = await save(settingsAt(home.port, { tls: { mode: 'required' }, ssh }), {
      password: PASSWORD,
      sshPassword: 'ssh pw',
    });
  });
  afterEach(() => {
    expect(home.sawPassword(PASSWORD)).toBe(false);
  });

  it.each<[string, () => string, ConnectionSettings['tls'], string]>([
    [
      'TLS required lowered to off, the server asked for its key',
      () => id,
      { mode: 'off', getServerPublicKey: true },
      'TLS mode lowered from required to off',
    ],
    [
      'the pinned server key dropped for the key the server sends',
      () => pinnedId,
      { mode: 'off', getServerPublicKey: true },
      'server public key file removed',
    ],
  ])('%s: refused before connecting', async (_what, idOf, tls, change) => {
    const before = home.connections();
    const r = await app.call('connections.test', {
      id: idOf(),
      settings: settingsAt(home.port, { tls }),
      secrets: {},
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('PASSWORD_REQUIRED');
    expect(r.error.field).toBe('password');
    expect(r.error.message).toBe(
      'The password must be typed again: the saved one is only sent as protected as when it ' +
        `was saved, and this connection's TLS settings are weaker (${change}).`,
    );
    expect(home.connections()).toBe(before);
  });

  it('a replaced SSH host key: both passwords refused before connecting', async () => {
    const other = { ...ssh, hostKeySha256: `SHA256:${'B'.repeat(43)}` };
    const settings = settingsAt(home.port, { tls: { mode: 'required' }, ssh: other });
    const r = await app.call('connections.test', { id: sshId, settings, secrets: {} });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('PASSWORD_REQUIRED');
    expect(r.error.field).toBe('password');
    expect(r.error.message).toBe(
      'The password must be typed again: the saved one is only sent to the server it was saved ' +
        "for, and this connection's trusted SSH host key was forgotten or replaced.",
    );
    // With the database password typed, the SSH password is asked for in turn.
    const typed = await app.call('connections.test', {
      id: sshId,
      settings,
      secrets: { password: 'typed' },
    });
    expect(!typed.ok && typed.error.field).toBe('sshPassword');
  });

  it('saving weakened settings forgets the saved password; raised ones keep it', async () => {
    const raised = await app.call('connections.save', {
      id,
      settings: settingsAt(home.port, { tls: { mode: 'verify-ca', caFile: '/etc/ca.pem' } }),
      secrets: {},
    });
    expect(raised.ok && raised.value.secrets.password).toBe(true);
    const weakened = await app.call('connections.save', {
      id,
      settings: settingsAt(home.port, { tls: { mode: 'off', getServerPublicKey: true } }),
      secrets: {},
    });
    expect(weakened.ok && weakened.value.secrets.password).toBe(false);
  });
});

it('the same endpoint still gets the saved password', async () => {
  // The control: these fake servers do read a password that is sent to them.
  const control = await startFakeMysqlServer('caching_sha2_password');
  try {
    const saved = await app.call('connections.save', {
      settings: settingsAt(control.port),
      secrets: { password: PASSWORD },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const r = await app.call('connections.test', {
      id: saved.value.id,
      settings: settingsAt(control.port),
      secrets: {},
    });
    expect(r.ok).toBe(false);
    expect(control.recovered()).toEqual([PASSWORD]);
  } finally {
    await control.close();
  }
});

it('saving a connection under a new port forgets its saved password', async () => {
  const id = await saveAtHome();
  const moved = await app.call('connections.save', {
    id,
    settings: settingsAt(elsewhere.port),
    secrets: {},
  });
  expect(moved.ok && moved.value.secrets.password).toBe(false);
  // ...while a password typed with the move is kept.
  const retyped = await app.call('connections.save', {
    id,
    settings: settingsAt(home.port),
    secrets: { password: 'typed again' },
  });
  expect(retyped.ok && retyped.value.secrets.password).toBe(true);
});
