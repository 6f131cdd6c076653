import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowDataPacket } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../../src/main/db/open-connection';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import type { ConnectionSettings, TlsSettings } from '../../../src/shared/api/connection';
import type { ServerInfo } from '../../../src/shared/server';
import { queryRow, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor, type TestTarget } from './settings';
import { issueCertificate, makeCa, type CertificateAuthority } from './tls-files';

failOnUnhandledErrors();

const servers = testServers();
let dir = '';
let foreignCa: CertificateAuthority;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-tls-test-'));
  foreignCa = await makeCa(dir, 'foreign-ca');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Connects with `tls`, reads the server info and the session's own Ssl_cipher, closes. */
async function connectWith(
  server: TestTarget,
  tls: TlsSettings,
  overrides: Partial<ConnectionSettings> = {},
): Promise<{ info: ServerInfo; sslCipher: string }> {
  const db = await openConnection(settingsFor(server, { tls, ...overrides }), secretsFor(server));
  try {
    const info = await readServerInfo(db.conn, db.viaSsh);
    const [rows] = await db.conn.query<RowDataPacket[]>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
    return { info, sslCipher: String(rows[0]?.Value ?? '') };
  } finally {
    await db.close();
  }
}

describe('MariaDB 10.11 without TLS (its default here)', () => {
  const server = servers.mariadb;

  it("'preferred' falls back to an unencrypted session", async () => {
    const { info, sslCipher } = await connectWith(server, { mode: 'preferred' });
    expect(info.tlsCipher).toBeNull();
    expect(sslCipher).toBe('');
  });

  it.each(['required', 'verify-ca'] as const)(
    "'%s' is TLS_FAILED: the server has no TLS",
    async (mode) => {
      const tls: TlsSettings =
        mode === 'required' ? { mode } : { mode, caFile: foreignCa.certFile };
      const e = await apiFailure(openConnection(settingsFor(server, { tls }), secretsFor(server)));
      expect(e.code).toBe('TLS_FAILED');
      expect(e.message).toBe(
        `The server ${server.host}:${server.port} does not support TLS but the connection requires it (TLS mode '${mode}').`,
      );
    },
  );
});

describe('MySQL 9.7 with its auto-generated certificates', () => {
  const server = servers.mysql;
  /** The data directory's ca.pem and server-cert.pem; only for a server started locally. */
  let caFile = '';
  let serverCertCn = '';

  beforeAll(async () => {
    const row = await withConnection(server, (c) => queryRow(c, 'SELECT @@datadir AS datadir'));
    caFile = join(String(row.datadir), 'ca.pem');
    const cert = new X509Certificate(await readFile(join(String(row.datadir), 'server-cert.pem')));
    serverCertCn = /CN=(.*)/.exec(cert.subject)?.[1] ?? '';
    expect(serverCertCn).toMatch(/^MySQL_Server_9\.7\.\d+_Auto_Generated_Server_Certificate$/);
  });

  it.each(['preferred', 'required'] as const)("'%s' encrypts the session", async (mode) => {
    const { info, sslCipher } = await connectWith(server, { mode });
    expect(info.tlsCipher).not.toBeNull();
    expect(info.tlsCipher).toBe(sslCipher);
    expect(info.tlsCipher).toMatch(/^TLS_AES_|^ECDHE-/);
  });

  it("'off' does not", async () => {
    const { info } = await connectWith(server, { mode: 'off' });
    expect(info.tlsCipher).toBeNull();
  });

  it("'verify-ca' with the data directory's own ca.pem connects", async () => {
    const { info } = await connectWith(server, { mode: 'verify-ca', caFile });
    expect(info.tlsCipher).not.toBeNull();
  });

  it("'verify-identity' with it fails: the certificate does not name 127.0.0.1", async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'verify-identity', caFile } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      `The server certificate is for ${serverCertCn}, not 127.0.0.1 (TLS mode 'verify-identity' checks the host name).`,
    );
  });

  it("'verify-ca' with a CA that did not sign the server certificate is TLS_FAILED naming the file", async () => {
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'verify-ca', caFile: foreignCa.certFile } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      `The server certificate is not signed by the CA in ${foreignCa.certFile} (self-signed certificate in certificate chain).`,
    );
  });

  it('an unreadable CA file is FILE_ERROR naming it', async () => {
    const missing = join(dir, 'missing-ca.pem');
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'verify-ca', caFile: missing } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('FILE_ERROR');
    expect(e.field).toBe('tls.caFile');
    expect(e.message).toBe(
      `The CA file ${missing} could not be read: it does not exist, is not a file, or this user may not read it.`,
    );
  });
});

describe('MariaDB with a certificate for localhost, from our own CA', () => {
  // Certificates must exist before the server starts; the dedicated server's beforeAll runs
  // after this one because it is registered later.
  let ca: CertificateAuthority;
  let certDir = '';
  const extraArgs: string[] = [];
  beforeAll(async () => {
    certDir = await mkdtemp(join(tmpdir(), 'sightline-tls-mariadb-'));
    ca = await makeCa(certDir, 'test-ca');
    const serverCert = await issueCertificate(certDir, ca, 'server', 'localhost', [
      'DNS:localhost',
    ]);
    extraArgs.push(
      `--ssl-ca=${ca.certFile}`,
      `--ssl-cert=${serverCert.certFile}`,
      `--ssl-key=${serverCert.keyFile}`,
    );
  });
  afterAll(async () => {
    await rm(certDir, { recursive: true, force: true });
  });
  const dedicated = useDedicatedServer('mariadb', { name: 'tls', extraArgs });

  it("'verify-identity' to localhost connects", async () => {
    const server = dedicated();
    const { info } = await connectWith(
      server,
      { mode: 'verify-identity', caFile: ca.certFile },
      { endpoint: { kind: 'tcp', host: 'localhost', port: server.port } },
    );
    expect(info.flavor).toBe('mariadb');
    expect(info.tlsCipher).not.toBeNull();
  });

  it("'verify-identity' to 127.0.0.1 fails: the certificate names only localhost", async () => {
    // mysql2 alone would check this IP connection against 'localhost' (Node's fallback name)
    // and let it through; openConnection names the TLS peer so the real host is checked.
    const server = dedicated();
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'verify-identity', caFile: ca.certFile } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      "The server certificate is for localhost, not 127.0.0.1 (TLS mode 'verify-identity' checks the host name).",
    );
  });

  it('a user that REQUIRE X509 logs in only with a client certificate', async () => {
    const server = dedicated();
    const client = await issueCertificate(certDir, ca, 'client', 'sightline-client');
    await withConnection(server, async (c) => {
      await c.query("CREATE USER IF NOT EXISTS 'x509user'@'%' IDENTIFIED BY 'x509pw' REQUIRE X509");
    });
    const user = { ...server, user: 'x509user', password: 'x509pw' };
    const withCert = await connectWith(user, {
      mode: 'verify-ca',
      caFile: ca.certFile,
      certFile: client.certFile,
      keyFile: client.keyFile,
    });
    expect(withCert.info.tlsCipher).not.toBeNull();
    const e = await apiFailure(
      openConnection(
        settingsFor(user, { tls: { mode: 'verify-ca', caFile: ca.certFile } }),
        secretsFor(user),
      ),
    );
    expect(e.code).toBe('AUTH_FAILED');
    expect(e.serverCode).toBe(1045);
  });
});

describe('MySQL 9.7 started with a certificate for localhost, from our own CA', () => {
  let ca: CertificateAuthority;
  let certDir = '';
  const extraArgs: string[] = [];
  beforeAll(async () => {
    certDir = await mkdtemp(join(tmpdir(), 'sightline-tls-mysql-'));
    ca = await makeCa(certDir, 'test-ca');
    const serverCert = await issueCertificate(certDir, ca, 'server', 'localhost', [
      'DNS:localhost',
    ]);
    extraArgs.push(
      `--ssl-ca=${ca.certFile}`,
      `--ssl-cert=${serverCert.certFile}`,
      `--ssl-key=${serverCert.keyFile}`,
    );
  });
  afterAll(async () => {
    await rm(certDir, { recursive: true, force: true });
  });
  const dedicated = useDedicatedServer('mysql', { name: 'tls', extraArgs });

  it("'verify-ca' to 127.0.0.1 connects: the chain is good, only the name differs", async () => {
    const { info } = await connectWith(dedicated(), { mode: 'verify-ca', caFile: ca.certFile });
    expect(info.flavor).toBe('mysql');
    expect(info.tlsCipher).not.toBeNull();
  });

  it("'verify-identity' to localhost connects", async () => {
    const server = dedicated();
    const { info } = await connectWith(
      server,
      { mode: 'verify-identity', caFile: ca.certFile },
      { endpoint: { kind: 'tcp', host: 'localhost', port: server.port } },
    );
    expect(info.tlsCipher).not.toBeNull();
  });

  it("'verify-identity' to 127.0.0.1 refuses the certificate made for localhost", async () => {
    const server = dedicated();
    const e = await apiFailure(
      openConnection(
        settingsFor(server, { tls: { mode: 'verify-identity', caFile: ca.certFile } }),
        secretsFor(server),
      ),
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      "The server certificate is for localhost, not 127.0.0.1 (TLS mode 'verify-identity' checks the host name).",
    );
  });
});
