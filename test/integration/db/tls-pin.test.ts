import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../../src/main/db/open-connection';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { hostLinker } from '../../../src/main/services/replication/node-links';
import { pinningOpener } from '../../../src/main/services/tls-pin-on-first-use';
import { ConnectionStore } from '../../../src/main/store/connection-store';
import { keySecretBox } from '../../../src/main/store/key-secret-box';
import type { TlsSettings } from '../../../src/shared/api/connection';
import { queryRow, withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { startFakeMysqlServer, type FakeMysqlServer, type FakeTls } from './fake-mysql-server';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor } from './settings';
import { makeCa } from './tls-files';

failOnUnhandledErrors();

const run = promisify(execFile);
const PASSWORD = 'Secret-Only-For-The-Real-Server-42';
/** A well-formed pin that is no server's certificate. */
const OTHER_PIN = `SHA256:${'A'.repeat(43)}`;

let dir = '';
/** A self-signed certificate and key, as a man in the middle would make one. */
let impostor: FakeTls;
let impostorPin = '';
let fake: FakeMysqlServer | undefined;

/** What `openssl` says the fingerprint of a PEM certificate is, in the SHA256:base64 form. */
async function opensslFingerprint(certFile: string): Promise<string> {
  const { stdout } = await run('sh', [
    '-c',
    `openssl x509 -in '${certFile}' -outform DER | openssl dgst -sha256 -binary | base64`,
  ]);
  return `SHA256:${stdout.trim().replace(/=+$/, '')}`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-tls-pin-'));
  const made = await makeCa(dir, 'impostor');
  impostor = {
    key: await readFile(made.keyFile, 'utf8'),
    cert: await readFile(made.certFile, 'utf8'),
  };
  impostorPin = await opensslFingerprint(made.certFile);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('MySQL 9.7 with TLS: the certificate pinned on first use', () => {
  const server = testServers().mysql;
  let serverPin = '';

  beforeAll(async () => {
    const row = await withConnection(server, (c) => queryRow(c, 'SELECT @@datadir AS datadir'));
    serverPin = await opensslFingerprint(join(String(row.datadir), 'server-cert.pem'));
    expect(serverPin).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  async function connect(tls: TlsSettings) {
    const db = await openConnection(settingsFor(server, { tls }), secretsFor(server));
    try {
      return await readServerInfo(db.conn, db.viaSsh, db.tlsCert);
    } finally {
      await db.close();
    }
  }

  it.each(['preferred', 'required'] as const)(
    "'%s' without a pin reports the certificate, not pinned",
    async (mode) => {
      expect((await connect({ mode })).tlsCert).toEqual({ sha256: serverPin, pinned: false });
    },
  );

  it('the reported fingerprint, pinned, connects and is reported as pinned', async () => {
    const info = await connect({ mode: 'required', serverCertSha256: serverPin });
    expect(info.tlsCert).toEqual({ sha256: serverPin, pinned: true });
    expect(info.tlsCipher).not.toBeNull();
  });

  it('another pin is TLS_CERT_CHANGED naming both fingerprints and the certificate', async () => {
    for (const mode of ['preferred', 'required'] as const) {
      const e = await apiFailure(
        openConnection(
          settingsFor(server, { tls: { mode, serverCertSha256: OTHER_PIN } }),
          secretsFor(server),
        ),
      );
      expect(e.code).toBe('TLS_CERT_CHANGED');
      expect(e.tlsCert).toMatchObject({
        server: `${server.host}:${server.port}`,
        expected: OTHER_PIN,
        fingerprint: serverPin,
        issuer: expect.stringMatching(/^CN=MySQL_Server_9\.7\.\d+_Auto_Generated_CA_Certificate$/),
        subject: expect.stringMatching(
          /^CN=MySQL_Server_9\.7\.\d+_Auto_Generated_Server_Certificate$/,
        ),
      });
      expect(e.message).toContain(`saved ${OTHER_PIN}, presented ${serverPin}`);
    }
  });

  it('a saved connection pins on its first connect, and later connects are held to it', async () => {
    const store = await ConnectionStore.open(
      await mkdtemp(join(dir, 'store-')),
      keySecretBox(randomBytes(32), 'key-file', 'test key'),
    );
    const settings = settingsFor(server, { tls: { mode: 'required' } });
    const { id } = await store.save(undefined, settings, { password: server.password });
    const open = pinningOpener(store, id);

    const first = await open(settings, secretsFor(server));
    await first.close();
    expect(first.tlsCert).toEqual({ sha256: serverPin, pinned: true });
    expect(store.get(id).tls).toEqual({ mode: 'required', serverCertSha256: serverPin });
    expect(store.secretsOf(id)).toEqual({ password: server.password });

    // A session's reconnect still holds the settings read before the pin: it gets the pin.
    const again = await open(settings, secretsFor(server));
    await again.close();
    expect(again.tlsCert).toEqual({ sha256: serverPin, pinned: true });

    // The saved pin is another certificate's: refused, and the pin is not overwritten.
    await store.save(
      id,
      { ...settings, tls: { mode: 'required', serverCertSha256: OTHER_PIN } },
      {},
    );
    const e = await apiFailure(open(store.get(id), secretsFor(server)));
    expect(e.code).toBe('TLS_CERT_CHANGED');
    expect(store.get(id).tls.serverCertSha256).toBe(OTHER_PIN);
  });

  it("servers found through replication do not inherit the session's pin", async () => {
    const base = settingsFor(
      { ...server, host: 'db-1.example.com', port: 3306 },
      { tls: { mode: 'required', serverCertSha256: OTHER_PIN } },
    );
    const key = `${server.host}:${server.port}`.toLowerCase();
    const linkTo = hostLinker({
      base,
      baseSecrets: {},
      saved: [],
      secretsOf: () => ({}),
      logins: new Map([[key, { user: server.user, password: server.password }]]),
    });
    const link = linkTo(server.host, server.port);
    try {
      expect(await link.run(async (_conn, info) => info.tlsCert)).toEqual({
        sha256: serverPin,
        pinned: false,
      });
    } finally {
      await link.close();
    }
  });

  it('the verify modes ignore a pin: the CA decides', async () => {
    const row = await withConnection(server, (c) => queryRow(c, 'SELECT @@datadir AS datadir'));
    const caFile = join(String(row.datadir), 'ca.pem');
    const info = await connect({ mode: 'verify-ca', caFile, serverCertSha256: OTHER_PIN });
    expect(info.tlsCert).toEqual({ sha256: serverPin, pinned: false });
  });
});

describe('MariaDB 10.11 without TLS: a pin is a downgrade for preferred', () => {
  const server = testServers().mariadb;

  it("'preferred' with a pin is refused when the server offers no TLS", async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'preferred', serverCertSha256: OTHER_PIN } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('TLS_CERT_CHANGED');
    expect(e.tlsCert).toEqual({ server: `${server.host}:${server.port}`, expected: OTHER_PIN });
    expect(e.message).toContain('offered no TLS');
  });

  it("'preferred' without a pin still falls back to no TLS", async () => {
    const db = await openConnection(
      settingsFor(server, { tls: { mode: 'preferred' } }),
      secretsFor(server),
    );
    try {
      expect(db.tlsCert).toBeNull();
    } finally {
      await db.close();
    }
  });
});

describe('a man in the middle with its own certificate asks for the password in full', () => {
  async function loginToFake(tls: TlsSettings) {
    fake = await startFakeMysqlServer('caching_sha2_password', { tls: impostor });
    const settings = settingsFor(
      { host: '127.0.0.1', port: fake.port, user: 'app', password: PASSWORD },
      { tls },
    );
    return apiFailure(openConnection(settings, { password: PASSWORD }));
  }

  it('without a pin it gets the password: what pinning protects against', async () => {
    const e = await loginToFake({ mode: 'required' });
    expect(e.code).toBe('AUTH_FAILED');
    expect(fake?.sawPassword(PASSWORD)).toBe(true);
  });

  it.each(['preferred', 'required'] as const)(
    "'%s' with the real server's pin sends nothing after the TLS handshake",
    async (mode) => {
      const e = await loginToFake({ mode, serverCertSha256: OTHER_PIN });
      expect(e.code).toBe('TLS_CERT_CHANGED');
      expect(e.tlsCert).toMatchObject({
        expected: OTHER_PIN,
        fingerprint: impostorPin,
        subject: 'CN=impostor',
        issuer: 'CN=impostor',
      });
      expect(fake?.connections()).toBe(1);
      // Not a byte of the login: no user name, no scramble, no password.
      expect(fake?.receivedInTls()).toEqual([Buffer.alloc(0)]);
      expect(fake?.sawPassword(PASSWORD)).toBe(false);
    },
  );

  it('after trusting the presented fingerprint, it logs in with it', async () => {
    const e = await loginToFake({ mode: 'required', serverCertSha256: impostorPin });
    // The fake never lets anyone in; what matters is that the login went ahead.
    expect(e.code).toBe('AUTH_FAILED');
    expect(fake?.sawPassword(PASSWORD)).toBe(true);
  });
});
