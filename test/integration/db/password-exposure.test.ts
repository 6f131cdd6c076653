import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowDataPacket } from 'mysql2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../../src/main/db/open-connection';
import type { TlsSettings } from '../../../src/shared/api/connection';
import { queryRow, withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import {
  startFakeMysqlServer,
  type FakeAuthPlugin,
  type FakeMysqlServer,
} from './fake-mysql-server';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, settingsFor } from './settings';

failOnUnhandledErrors();

const PASSWORD = 'Secret-Only-For-The-Real-Server-42';
let dir = '';
/** A key pair that is not the fake server's: what a user pinned for their real server. */
let otherKeyFile = '';
let fake: FakeMysqlServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-password-exposure-'));
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  otherKeyFile = join(dir, 'pinned.pem');
  await writeFile(otherKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Logs in to a fresh fake server with `tls`; returns the error code and the server. */
async function loginToFake(plugin: FakeAuthPlugin, tls: TlsSettings) {
  fake = await startFakeMysqlServer(plugin);
  const settings = settingsFor(
    { host: '127.0.0.1', port: fake.port, user: 'app', password: PASSWORD },
    { tls },
  );
  const error = await apiFailure(openConnection(settings, { password: PASSWORD }));
  return { error, server: fake };
}

describe('a fake server without TLS that hands out its own RSA key', () => {
  it.each(['caching_sha2_password', 'sha256_password'] as const)(
    '%s: modes off and preferred refuse to send the password (INSECURE_PASSWORD)',
    async (plugin) => {
      for (const mode of ['off', 'preferred'] as const) {
        const { error, server } = await loginToFake(plugin, { mode });
        expect(server.connections()).toBeGreaterThan(0);
        expect(server.sawPassword(PASSWORD)).toBe(false);
        expect(server.recovered()).toEqual([]);
        expect(error.code).toBe('INSECURE_PASSWORD');
        expect(error.message).toContain(`127.0.0.1:${server.port}`);
        expect(error.message).toContain('public key');
        await server.close();
      }
    },
  );

  it.each(['caching_sha2_password', 'sha256_password'] as const)(
    '%s: required refuses the server before any login',
    async (plugin) => {
      const { error, server } = await loginToFake(plugin, { mode: 'required' });
      expect(error.code).toBe('TLS_FAILED');
      expect(server.sawPassword(PASSWORD)).toBe(false);
    },
  );

  it.each(['caching_sha2_password', 'sha256_password'] as const)(
    '%s: a pinned key is used instead of the key the server hands out',
    async (plugin) => {
      const { error, server } = await loginToFake(plugin, {
        mode: 'preferred',
        serverPublicKeyFile: otherKeyFile,
      });
      // The password went out, but under the pinned key: the fake server can't read it.
      expect(server.sawPassword(PASSWORD)).toBe(false);
      expect(server.recovered()).toEqual([]);
      expect(error.code).toBe('AUTH_FAILED');
    },
  );

  it('mysql_native_password and mysql_clear_password: the password itself never goes out', async () => {
    for (const plugin of ['mysql_native_password', 'mysql_clear_password'] as const) {
      const { server } = await loginToFake(plugin, { mode: 'off' });
      expect(server.sawPassword(PASSWORD)).toBe(false);
      await server.close();
    }
  });

  it('the explicit opt-in trusts the server key: the fake server reads the password', async () => {
    // What the opt-in means, and proof that this fake server does catch a password sent to it.
    const { server } = await loginToFake('caching_sha2_password', {
      mode: 'off',
      getServerPublicKey: true,
    });
    expect(server.recovered()).toEqual([PASSWORD]);
  });
});

describe('MySQL 9.7 without TLS, a caching_sha2_password user with no cached hash', () => {
  const server = testServers().mysql;
  let publicKeyFile = '';
  const users = ['sl_pinned', 'sl_optin', 'sl_refused', 'sl_wrong_key'];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      const row = await queryRow(c, 'SELECT @@datadir AS datadir');
      publicKeyFile = join(String(row.datadir), 'public_key.pem');
      for (const user of users) {
        await c.query(`DROP USER IF EXISTS '${user}'@'%'`);
        // A new account: its hash is not in the server's cache, so a login takes the full path.
        await c.query(
          `CREATE USER '${user}'@'%' IDENTIFIED WITH caching_sha2_password BY '${PASSWORD}'`,
        );
      }
    });
  });
  afterAll(async () => {
    await withConnection(server, async (c) => {
      for (const user of users) await c.query(`DROP USER IF EXISTS '${user}'@'%'`);
    });
  });

  async function sessionAs(user: string, tls: TlsSettings) {
    const db = await openConnection(settingsFor({ ...server, user, password: PASSWORD }, { tls }), {
      password: PASSWORD,
    });
    try {
      const [rows] = await db.conn.query<RowDataPacket[]>(
        "SELECT CURRENT_USER() AS who, (SELECT VARIABLE_VALUE FROM performance_schema.session_status WHERE VARIABLE_NAME = 'Ssl_cipher') AS cipher",
      );
      return { who: String(rows[0]?.who), cipher: String(rows[0]?.cipher ?? '') };
    } finally {
      await db.close();
    }
  }

  it('without a pinned key or the opt-in, the login is refused on our side', async () => {
    const e = await apiFailure(
      openConnection(settingsFor({ ...server, user: 'sl_refused', password: PASSWORD }), {
        password: PASSWORD,
      }),
    );
    expect(e.code).toBe('INSECURE_PASSWORD');
  });

  it("the data directory's public_key.pem, pinned, logs in without TLS", async () => {
    const got = await sessionAs('sl_pinned', { mode: 'off', serverPublicKeyFile: publicKeyFile });
    expect(got).toEqual({ who: 'sl_pinned@%', cipher: '' });
  });

  it('the pinned key is the only one used: a wrong one fails the login', async () => {
    const e = await apiFailure(
      sessionAs('sl_wrong_key', { mode: 'off', serverPublicKeyFile: otherKeyFile }),
    );
    expect(e.code).toBe('AUTH_FAILED');
  });

  it('the explicit opt-in logs in without TLS', async () => {
    const got = await sessionAs('sl_optin', { mode: 'off', getServerPublicKey: true });
    expect(got).toEqual({ who: 'sl_optin@%', cipher: '' });
  });

  it('over TLS nothing changes: required logs in with no key at all', async () => {
    const got = await sessionAs('sl_refused', { mode: 'required' });
    expect(got.who).toBe('sl_refused@%');
    expect(got.cipher).not.toBe('');
  });
});
