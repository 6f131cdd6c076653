import { createHash } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { RowDataPacket } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../../../src/main/db/open-connection';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { streamStatement } from '../../../src/main/db/stream-statement';
import { QueryResult } from '../../../src/main/services/query-result';
import type { ApiError } from '../../../src/shared/api/errors';
import type { ConnectionSettings, Secrets, SshSettings } from '../../../src/shared/api/connection';
import { queryRow, withConnection } from '../../servers/connect';
import { freePort } from '../../servers/free-port';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor } from './settings';
import { sshKeygenFingerprint, startSshd, type SshServer } from './sshd';

failOnUnhandledErrors();

const servers = testServers();
let sshd: SshServer;

beforeAll(async () => {
  sshd = await startSshd();
});
afterAll(async () => {
  await sshd?.stop();
});

function sshSettings(overrides: Partial<SshSettings> = {}): SshSettings {
  return {
    host: sshd.host,
    port: sshd.port,
    user: sshd.user,
    auth: 'key',
    privateKeyFile: sshd.clientKey,
    hostKeySha256: sshd.hostKeySha256,
    ...overrides,
  };
}

/** Settings for `server` reached through the test's sshd (the DB address as sshd sees it). */
function tunnelled(
  server: { host: string; port: number; user: string; password: string },
  overrides: Partial<ConnectionSettings> = {},
  ssh: Partial<SshSettings> = {},
): ConnectionSettings {
  return settingsFor(server, { ssh: sshSettings(ssh), ...overrides });
}

function secrets(server: { password: string }, extra: Secrets = {}): Secrets {
  return secretsFor(
    { host: '', port: 0, user: '', password: server.password },
    { sshPassphrase: sshd.passphrase, ...extra },
  );
}

describe('through a real OpenSSH server', () => {
  it('connects to MySQL 9.7 with a passphrase-protected key, viaSsh true', async () => {
    const server = servers.mysql;
    const db = await openConnection(tunnelled(server), secrets(server));
    try {
      expect(db.viaSsh).toBe(true);
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.viaSsh).toBe(true);
      expect(info.flavor).toBe('mysql');
      expect(info.versionText).toBe(server.version);
      // The server sees the session coming from the SSH host's side of the forward.
      const [rows] = await db.conn.query<RowDataPacket[]>(
        'SELECT HOST AS host FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()',
      );
      expect(String(rows[0]?.host)).toMatch(/^127\.0\.0\.1:\d+$/);
    } finally {
      await db.close();
    }
  });

  it("verifies MySQL's certificate through the tunnel (verify-ca with its ca.pem)", async () => {
    const server = servers.mysql;
    const row = await withConnection(server, (c) => queryRow(c, 'SELECT @@datadir AS datadir'));
    const caFile = join(String(row.datadir), 'ca.pem');
    const db = await openConnection(
      tunnelled(server, { tls: { mode: 'verify-ca', caFile } }),
      secrets(server),
    );
    try {
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.tlsCipher).not.toBeNull();
      expect(info.viaSsh).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('streams 200,000 rows through the tunnel into a result, every one exact', async () => {
    const server = servers.mysql;
    const db = await openConnection(tunnelled(server), secrets(server));
    try {
      await db.conn.query('SET SESSION cte_max_recursion_depth = 200000');
      const result = new QueryResult({ maxRows: 1_000_000, maxBytes: 512 * 1024 * 1024 });
      await new Promise<void>((resolve, reject) => {
        streamStatement(
          db.conn,
          'WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 200000) SELECT n, SHA2(n, 256) AS h FROM s',
          {
            columns: (fields) => result.setColumns(fields),
            packedRow: (packet, start, end) => void result.add(packet, start, end),
            end: () => resolve(),
            error: reject,
          },
        );
      });
      expect(result.rowCount).toBe(200_000);
      // Rows are kept in the socket reads they came in (or copied as runs): read them all back.
      for (let offset = 0; offset < 200_000; offset += 10_000) {
        const page = result.page(offset, 10_000);
        page.forEach((row, i) => {
          const n = String(offset + i + 1);
          expect(row).toEqual([n, createHash('sha256').update(n).digest('hex')]);
        });
      }
    } finally {
      await db.close();
    }
  });

  it('reaches MariaDB 10.11 by its Unix socket (OpenSSH stream-local forwarding)', async () => {
    const server = servers.mariadb;
    if (server.socket === null) return;
    const db = await openConnection(
      tunnelled(server, { endpoint: { kind: 'socket', path: server.socket } }),
      secrets(server),
    );
    try {
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.flavor).toBe('mariadb');
      expect(info.viaSsh).toBe(true);
    } finally {
      await db.close();
    }
  });

  it("'preferred' TLS to MariaDB (no TLS) falls back over a second forwarded channel", async () => {
    const server = servers.mariadb;
    const db = await openConnection(
      tunnelled(server, { tls: { mode: 'preferred' } }),
      secrets(server),
    );
    try {
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.flavor).toBe('mariadb');
      expect(info.tlsCipher).toBeNull();
      expect(info.viaSsh).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('a wrong passphrase is SSH_AUTH_FAILED', async () => {
    const server = servers.mariadb;
    const e = await apiFailure(
      openConnection(tunnelled(server), secrets(server, { sshPassphrase: 'wrong' })),
    );
    expect(e.code).toBe('SSH_AUTH_FAILED');
    expect(e.message).toBe(`The passphrase for the SSH private key ${sshd.clientKey} is wrong.`);
  });

  it('no passphrase for an encrypted key is PASSWORD_REQUIRED for sshPassphrase', async () => {
    const server = servers.mariadb;
    const e = await apiFailure(openConnection(tunnelled(server), { password: server.password }));
    expect(e.code).toBe('PASSWORD_REQUIRED');
    expect(e.field).toBe('sshPassphrase');
  });

  it('a key the server does not know is SSH_AUTH_FAILED', async () => {
    const server = servers.mariadb;
    const e = await apiFailure(
      openConnection(tunnelled(server, {}, { privateKeyFile: sshd.unknownKey }), secrets(server)),
    );
    expect(e.code).toBe('SSH_AUTH_FAILED');
    expect(e.message).toBe(
      `The SSH server 127.0.0.1:${sshd.port} rejected user '${sshd.user}': the key or password was not accepted.`,
    );
  });

  it('a rejected password is SSH_AUTH_FAILED', async () => {
    const server = servers.mariadb;
    const e = await apiFailure(
      openConnection(
        tunnelled(server, {}, { auth: 'password', privateKeyFile: undefined }),
        secrets(server, { sshPassword: 'not-the-password' }),
      ),
    );
    expect(e.code).toBe('SSH_AUTH_FAILED');
  });

  it('an SSH port nobody listens on is SSH_FAILED naming the SSH server', async () => {
    const server = servers.mariadb;
    const port = await freePort();
    const e = await apiFailure(openConnection(tunnelled(server, {}, { port }), secrets(server)));
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe(
      `Nothing is listening on the SSH server 127.0.0.1:${port} (connection refused).`,
    );
  });

  it('a database port refused behind the tunnel is CONNECTION_REFUSED, as seen from the SSH server', async () => {
    const server = servers.mariadb;
    const port = await freePort();
    const e = await apiFailure(
      openConnection(
        tunnelled(server, { endpoint: { kind: 'tcp', host: '127.0.0.1', port } }),
        secrets(server),
      ),
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe(
      `Nothing is listening on 127.0.0.1:${port} (connection refused, as seen from the SSH server 127.0.0.1:${sshd.port}).`,
    );
  });

  it("a key restricted from forwarding is SSH_FAILED with the server's reason", async () => {
    const server = servers.mariadb;
    const e = await apiFailure(
      openConnection(
        tunnelled(server, {}, { privateKeyFile: sshd.restrictedKey }),
        secrets(server),
      ),
    );
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe(
      `The SSH server 127.0.0.1:${sshd.port} does not allow forwarding to ${server.host}:${server.port} (administratively prohibited: open failed).`,
    );
  });

  it('the DB connection reports CONNECTION_LOST when the SSH session dies', async () => {
    const server = servers.mariadb;
    const db = await openConnection(tunnelled(server), secrets(server));
    const lost = new Promise<ApiError>((resolve) => db.onLost(resolve));
    await sshd.dropSessions();
    const e = await lost;
    expect(e.code).toBe('CONNECTION_LOST');
    expect(e.message).toBe(
      `The connection to ${server.host}:${server.port} was lost: the SSH connection was closed (SSH server 127.0.0.1:${sshd.port}).`,
    );
    await expect(db.conn.query('SELECT 1')).rejects.toThrow();
    await db.close();
  });
});

describe('host key verification (trust on first use)', () => {
  /**
   * What sshd logged for the one connection made after `from` (a length of its log), once it
   * has logged the end of it: sshd logs each user-auth request at DEBUG1.
   */
  async function sessionLog(from: number): Promise<string> {
    await expect
      .poll(() => sshd.log().slice(from), { timeout: 5000 })
      .toMatch(/^Disconnected from .*port \d+/m);
    const log = sshd.log().slice(from);
    expect(log.match(/^Connection from 127\.0\.0\.1 port \d+/gm)).toHaveLength(1);
    return log;
  }

  it('an unsaved host key is SSH_HOST_KEY_UNKNOWN with the presented key, and the password is never sent', async () => {
    const server = servers.mariadb;
    const from = sshd.log().length;
    const e = await apiFailure(
      openConnection(
        tunnelled(
          server,
          {},
          { auth: 'password', privateKeyFile: undefined, hostKeySha256: undefined },
        ),
        secrets(server, { sshPassword: 'never-sent-to-an-unverified-host' }),
      ),
    );
    expect(e.code).toBe('SSH_HOST_KEY_UNKNOWN');
    expect(e.sshHostKey).toEqual({
      host: '127.0.0.1',
      port: sshd.port,
      fingerprint: sshd.hostKeySha256,
      algorithm: 'ssh-ed25519',
    });
    expect(e.toShape()).toEqual({ code: e.code, message: e.message, sshHostKey: e.sshHostKey });
    expect(e.message).toBe(
      `The SSH server 127.0.0.1:${sshd.port} presented a host key that this connection does not ` +
        `trust yet (ssh-ed25519 ${sshd.hostKeySha256}), so nothing was sent to it. Open Edit → ` +
        `Test to review the key and trust it, after checking the fingerprint with the server's ` +
        `administrator (ssh-keygen -lf on the server's host key prints it).`,
    );
    const log = await sessionLog(from);
    // The key exchange ran (so the key really came from this sshd) and stopped there.
    expect(log).toContain('SSH2_MSG_KEX_ECDH_INIT received');
    expect(log).not.toContain('userauth-request');
    expect(log).not.toMatch(/Failed password|Accepted/);
    expect(log).toMatch(/^Disconnected from 127\.0\.0\.1 port \d+ \[preauth\]$/m);
  });

  it('an unsaved host key stops key authentication before the key is offered', async () => {
    const server = servers.mariadb;
    const from = sshd.log().length;
    const e = await apiFailure(
      openConnection(tunnelled(server, {}, { hostKeySha256: undefined }), secrets(server)),
    );
    expect(e.code).toBe('SSH_HOST_KEY_UNKNOWN');
    expect(e.sshHostKey?.fingerprint).toBe(sshd.hostKeySha256);
    const log = await sessionLog(from);
    expect(log).not.toContain('userauth-request');
    expect(log).not.toContain('publickey');
  });

  it('the trusted host key connects, and only then is the key used', async () => {
    const server = servers.mariadb;
    const from = sshd.log().length;
    const db = await openConnection(tunnelled(server), secrets(server));
    try {
      expect(db.viaSsh).toBe(true);
      const info = await readServerInfo(db.conn, db.viaSsh);
      expect(info.flavor).toBe('mariadb');
      expect(info.viaSsh).toBe(true);
    } finally {
      await db.close();
    }
    const log = await sessionLog(from);
    expect(log).toMatch(/^Accepted publickey for \S+ from 127\.0\.0\.1/m);
  });

  it('a different saved host key is SSH_HOST_KEY_CHANGED with both fingerprints, nothing sent', async () => {
    const server = servers.mariadb;
    const other = await sshKeygenFingerprint(`${sshd.unknownKey}.pub`);
    expect(other).not.toBe(sshd.hostKeySha256);
    const from = sshd.log().length;
    const e = await apiFailure(
      openConnection(
        tunnelled(server, {}, { hostKeySha256: other }),
        secrets(server, { sshPassword: 'unused' }),
      ),
    );
    expect(e.code).toBe('SSH_HOST_KEY_CHANGED');
    expect(e.sshHostKey).toEqual({
      host: '127.0.0.1',
      port: sshd.port,
      fingerprint: sshd.hostKeySha256,
      algorithm: 'ssh-ed25519',
      expected: other,
    });
    expect(e.message).toMatch(
      /^Danger: the SSH server 127\.0\.0\.1:\d+ presented a different host key/,
    );
    expect(e.message).toContain(`saved ${other}, presented ssh-ed25519 ${sshd.hostKeySha256}`);
    expect(e.message).toContain("Check with the server's administrator");
    expect(e.message).toContain('replace the saved key');
    const log = await sessionLog(from);
    expect(log).not.toContain('userauth-request');
  });
});

describe('an SSH server that accepts and never speaks', () => {
  let blackhole: Server;
  let port = 0;
  const accepted: Socket[] = [];
  beforeAll(async () => {
    blackhole = createServer((socket) => {
      accepted.push(socket);
      socket.on('error', () => {});
      // Read and drop what the client sends, so its closing is seen ('end', then 'close').
      socket.resume();
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    port = (blackhole.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of accepted) s.destroy();
    await new Promise((resolve) => blackhole.close(resolve));
  });

  it('is TIMEOUT within connectTimeoutMs, naming the SSH server, and closes the socket', async () => {
    const server = servers.mariadb;
    const started = performance.now();
    // A key without passphrase: decrypting one (bcrypt, ~0.5 s) happens before the clock starts.
    const e = await apiFailure(
      openConnection(
        tunnelled(server, { connectTimeoutMs: 1000 }, { port, privateKeyFile: sshd.unknownKey }),
        secrets(server),
      ),
    );
    const elapsed = performance.now() - started;
    expect(e.code).toBe('TIMEOUT');
    expect(e.message).toBe(
      `Connecting to ${server.host}:${server.port} timed out after 1 s: while connecting to the SSH server 127.0.0.1:${port}.`,
    );
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(1400);
    await expect.poll(() => accepted[0]?.closed, { timeout: 1000 }).toBe(true);
  });
});
