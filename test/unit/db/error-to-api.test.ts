import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/errors';
import type { ConnectTarget } from '../../../src/main/db/connect-target';
import {
  connectTimeoutError,
  errorToApi,
  lostError,
  serverErrorText,
  tunnelLostError,
} from '../../../src/main/db/error-to-api';

// Error objects are built with exactly the own properties mysql2 3.24, ssh2 1.17 and Node 20
// put on them (captured from real failures against MySQL 9.7, MariaDB 10.11 and OpenSSH 9.2).

function err(message: string, props: Record<string, unknown>): Error {
  return Object.assign(new Error(message), props);
}

const target: ConnectTarget = {
  server: 'db.example.com:3306',
  host: 'db.example.com',
  user: 'app',
  defaultSchema: 'shop',
  tlsMode: 'verify-ca',
  caFile: '/etc/ssl/our-ca.pem',
  sshServer: 'bastion.example.com:22',
  sshHost: 'bastion.example.com',
  sshUser: 'deploy',
  timeoutMs: 10_000,
};

function serverErr(errno: number, code: string, sqlState: string, message: string): Error {
  return err(message, { code, errno, sqlState, sqlMessage: message });
}

describe('errorToApi: errors the server sent', () => {
  it('1045 is AUTH_FAILED naming the user, with server code and SQLSTATE', () => {
    const e = errorToApi(
      serverErr(
        1045,
        'ER_ACCESS_DENIED_ERROR',
        '28000',
        "Access denied for user 'app'@'10.0.0.7' (using password: YES)",
      ),
      target,
    );
    expect(e.code).toBe('AUTH_FAILED');
    expect(e.message).toBe(
      "The server rejected user 'app' — wrong password, or the user may not connect from this host (1045).",
    );
    expect(e.serverCode).toBe(1045);
    expect(e.sqlState).toBe('28000');
  });

  it('1045 says when no password was sent, as the server tells', () => {
    const e = errorToApi(
      serverErr(
        1045,
        'ER_ACCESS_DENIED_ERROR',
        '28000',
        "Access denied for user 'app'@'10.0.0.7' (using password: NO)",
      ),
      target,
    );
    expect(e.code).toBe('AUTH_FAILED');
    expect(e.message).toBe(
      "The server rejected user 'app' — no password was sent (none is set or saved for this connection), or the user may not connect from this host (1045).",
    );
  });

  it('1045 without a target names the user from the server message', () => {
    const e = errorToApi(
      serverErr(
        1045,
        'ER_ACCESS_DENIED_ERROR',
        '28000',
        "Access denied for user 'root'@'localhost' (using password: YES)",
      ),
    );
    expect(e.message).toContain("user 'root'@'localhost'");
  });

  it('1049 for the default schema says so in plain words and points at the setting', () => {
    const e = errorToApi(
      serverErr(1049, 'ER_BAD_DB_ERROR', '42000', "Unknown database 'shop'"),
      target,
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.serverCode).toBe(1049);
    expect(e.sqlState).toBe('42000');
    expect(e.message).toBe(
      "The database 'shop' does not exist on the server (1049). Check the default schema in the connection settings.",
    );
  });

  it('1049 from a query on another schema does not blame the settings', () => {
    const e = errorToApi(
      serverErr(1049, 'ER_BAD_DB_ERROR', '42000', "Unknown database 'nope'"),
      target,
    );
    expect(e.message).toBe("The database 'nope' does not exist on the server (1049).");
  });

  it('other server errors keep the message, number and SQLSTATE', () => {
    const e = errorToApi(
      serverErr(1146, 'ER_NO_SUCH_TABLE', '42S02', "Table 'shop.nope' doesn't exist"),
      target,
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.message).toBe(
      "The server reported an error: Table 'shop.nope' doesn't exist (1146, SQLSTATE 42S02).",
    );
    expect(e.toShape()).toEqual({
      code: 'SERVER_ERROR',
      message:
        "The server reported an error: Table 'shop.nope' doesn't exist (1146, SQLSTATE 42S02).",
      serverCode: 1146,
      sqlState: '42S02',
    });
  });

  it('an error sent before the handshake has no SQLSTATE and none is invented', () => {
    const e = errorToApi(serverErr(1040, 'ER_CON_COUNT_ERROR', '', 'Too many connections'), target);
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.message).toBe('The server reported an error: Too many connections (1040).');
    expect(e.sqlState).toBeUndefined();
  });

  it('3159 (require_secure_transport) is TLS_FAILED', () => {
    const e = errorToApi(
      serverErr(
        3159,
        'ER_SECURE_TRANSPORT_REQUIRED',
        'HY000',
        'Connections using insecure transport are prohibited while --require_secure_transport=ON.',
      ),
      target,
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toContain('requires TLS');
  });

  it.each([
    [1053, 'ER_SERVER_SHUTDOWN', '08S01', 'Server shutdown in progress'],
    [
      4031,
      'ER_CLIENT_INTERACTION_TIMEOUT',
      'HY000',
      'The client was disconnected by the server because of inactivity.',
    ],
    [1927, 'ER_CONNECTION_KILLED', '70100', 'Connection was killed'],
  ])('%i ends the session: CONNECTION_LOST', (errno, code, sqlState, message) => {
    const e = errorToApi(serverErr(errno, code, sqlState, message), target);
    expect(e.code).toBe('CONNECTION_LOST');
    expect(e.serverCode).toBe(errno);
    expect(e.message).toContain(message);
  });

  it('an error packet on an idle connection (mysql2 gives only the code name) is CONNECTION_LOST', () => {
    // mysql2 `protocolError`: new Error(message) with `code` set to the name, fatal, no errno.
    const e = errorToApi(
      err('The client was disconnected by the server because of inactivity.', {
        code: 'ER_CLIENT_INTERACTION_TIMEOUT',
        fatal: true,
      }),
      target,
    );
    expect(e.code).toBe('CONNECTION_LOST');
    expect(e.serverCode).toBe(4031);
  });
});

describe('errorToApi: network and DNS', () => {
  it('ECONNREFUSED names host:port and says nothing is listening', () => {
    const e = errorToApi(
      err('connect ECONNREFUSED 127.0.0.1:1', {
        errno: -111,
        code: 'ECONNREFUSED',
        syscall: 'connect',
        address: '127.0.0.1',
        port: 1,
        fatal: true,
      }),
      { ...target, server: '127.0.0.1:1', host: '127.0.0.1' },
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe(
      'Nothing is listening on 127.0.0.1:1 (connection refused). Is the server running, and is the port right?',
    );
    expect(e.serverCode).toBeUndefined();
  });

  it('a refused socket asks about the socket file, not a port', () => {
    const e = errorToApi(
      err('connect ECONNREFUSED /tmp/data', {
        errno: -111,
        code: 'ECONNREFUSED',
        syscall: 'connect',
        address: '/tmp/data',
      }),
      { server: 'socket /tmp/data', user: 'app', tlsMode: 'preferred', timeoutMs: 10_000 },
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe(
      'Nothing is listening on socket /tmp/data (connection refused). Is the server running, and is this path its socket file?',
    );
  });

  it('ENOTFOUND and EAI_AGAIN are HOST_NOT_FOUND naming the host', () => {
    const notFound = errorToApi(
      err('getaddrinfo ENOTFOUND nonexistent.invalid', {
        errno: -3008,
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
        hostname: 'nonexistent.invalid',
        fatal: true,
      }),
      { ...target, host: 'nonexistent.invalid', server: 'nonexistent.invalid:3306' },
    );
    expect(notFound.code).toBe('HOST_NOT_FOUND');
    expect(notFound.message).toBe(
      "The host name 'nonexistent.invalid' could not be found (DNS lookup failed).",
    );
    const again = errorToApi(
      err('getaddrinfo EAI_AGAIN db.example.com', {
        errno: -3001,
        code: 'EAI_AGAIN',
        syscall: 'getaddrinfo',
        hostname: 'db.example.com',
      }),
    );
    expect(again.code).toBe('HOST_NOT_FOUND');
    expect(again.message).toContain("'db.example.com'");
    expect(again.message).toContain('temporary DNS failure');
  });

  it("mysql2's connect ETIMEDOUT is TIMEOUT naming the timeout", () => {
    // mysql2 _handleTimeoutError: errorno (sic), code, syscall, then fatal.
    const e = errorToApi(
      err('connect ETIMEDOUT', {
        errorno: 'ETIMEDOUT',
        code: 'ETIMEDOUT',
        syscall: 'connect',
        fatal: true,
      }),
      target,
    );
    expect(e.code).toBe('TIMEOUT');
    expect(e.message).toBe('No answer from db.example.com:3306 within 10 s (the connect timeout).');
  });

  it('a missing Unix socket is CONNECTION_REFUSED naming the path', () => {
    const e = errorToApi(
      err('connect ENOENT /run/mysqld/mysqld.sock', {
        errno: -2,
        code: 'ENOENT',
        syscall: 'connect',
        address: '/run/mysqld/mysqld.sock',
        fatal: true,
      }),
      { ...target, server: 'socket /run/mysqld/mysqld.sock' },
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe('There is no server socket /run/mysqld/mysqld.sock (no such file).');
  });

  it.each([
    [
      'PROTOCOL_CONNECTION_LOST',
      'Connection lost: The server closed the connection.',
      'the server closed it',
    ],
    ['ECONNRESET', 'read ECONNRESET', 'was reset'],
    ['EPIPE', 'write EPIPE', 'closed while sending'],
  ])('%s is CONNECTION_LOST', (code, message, words) => {
    const e = errorToApi(err(message, { code, fatal: true }), target);
    expect(e.code).toBe('CONNECTION_LOST');
    expect(e.message).toContain('db.example.com:3306');
    expect(e.message).toContain(words);
  });

  it.each([2006, 2013])('client error %i is CONNECTION_LOST', (errno) => {
    const e = errorToApi(
      err('MySQL server has gone away', { errno, code: 'CR_SERVER_GONE_ERROR' }),
      target,
    );
    expect(e.code).toBe('CONNECTION_LOST');
  });

  it('an unknown error is INTERNAL with its first line only (no stack)', () => {
    const e = errorToApi(new Error('something odd\n    at foo (bar.js:1:1)'), target);
    expect(e.code).toBe('INTERNAL');
    expect(e.message).toBe('Unexpected error talking to db.example.com:3306: something odd');
    expect(e.message).not.toContain('bar.js');
  });

  it('an ApiError passes through unchanged', () => {
    const original = new ApiError({ code: 'FILE_ERROR', message: 'x' });
    expect(errorToApi(original, target)).toBe(original);
  });
});

describe('errorToApi: TLS', () => {
  it('HANDSHAKE_NO_SSL_SUPPORT says the server has no TLS but it is required', () => {
    const e = errorToApi(
      err('Server does not support secure connection', {
        code: 'HANDSHAKE_NO_SSL_SUPPORT',
        fatal: true,
      }),
      { ...target, tlsMode: 'required' },
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      "The server db.example.com:3306 does not support TLS but the connection requires it (TLS mode 'required').",
    );
  });

  it('a certificate not signed by the given CA names the CA file', () => {
    // mysql2 overwrites Node's SELF_SIGNED_CERT_IN_CHAIN code with HANDSHAKE_SSL_ERROR.
    const e = errorToApi(
      err('self-signed certificate in certificate chain', {
        code: 'HANDSHAKE_SSL_ERROR',
        fatal: true,
      }),
      target,
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      'The server certificate is not signed by the CA in /etc/ssl/our-ca.pem (self-signed certificate in certificate chain).',
    );
  });

  it.each([
    'unable to verify the first certificate',
    'unable to get local issuer certificate',
    'self-signed certificate',
  ])('"%s" is a CA failure', (message) => {
    const e = errorToApi(err(message, { code: 'HANDSHAKE_SSL_ERROR', fatal: true }), target);
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toContain('not signed by the CA in /etc/ssl/our-ca.pem');
  });

  it('a raw Node verification code (no mysql2 in between) is also TLS_FAILED', () => {
    const e = errorToApi(
      err('unable to verify the first certificate', { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      { ...target, caFile: undefined } as ConnectTarget,
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      'The server certificate could not be verified (unable to verify the first certificate).',
    );
  });

  it('a host name mismatch says which name the certificate is for (CN only)', () => {
    const e = errorToApi(
      err(
        "Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list: ",
        {
          code: 'HANDSHAKE_SSL_ERROR',
          reason: "IP: 127.0.0.1 is not in the cert's list: ",
          host: '127.0.0.1',
          fatal: true,
          cert: { subject: { CN: 'MySQL_Server_9.7.4_Auto_Generated_Server_Certificate' } },
        },
      ),
      { ...target, tlsMode: 'verify-identity' },
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      "The server certificate is for MySQL_Server_9.7.4_Auto_Generated_Server_Certificate, not 127.0.0.1 (TLS mode 'verify-identity' checks the host name).",
    );
  });

  it('a host name mismatch lists the subjectAltName entries when there are some', () => {
    const e = errorToApi(
      err(
        "Hostname/IP does not match certificate's altnames: Host: db.example.com. is not in the cert's altnames: DNS:localhost, IP Address:127.0.0.1",
        {
          code: 'ERR_TLS_CERT_ALTNAME_INVALID',
          reason:
            "Host: db.example.com. is not in the cert's altnames: DNS:localhost, IP Address:127.0.0.1",
          host: 'db.example.com',
          cert: {
            subject: { CN: 'localhost' },
            subjectaltname: 'DNS:localhost, IP Address:127.0.0.1',
          },
        },
      ),
      { ...target, tlsMode: 'verify-identity' },
    );
    expect(e.message).toContain(
      'The server certificate is for localhost, 127.0.0.1, not db.example.com',
    );
  });

  it('a reset during the TLS handshake is TLS_FAILED, not CONNECTION_LOST', () => {
    const e = errorToApi(
      err('Client network socket disconnected before secure TLS connection was established', {
        code: 'HANDSHAKE_SSL_ERROR',
        host: 'db.example.com',
        port: 3306,
        fatal: true,
      }),
      target,
    );
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toBe(
      'The server db.example.com:3306 closed the connection during the TLS handshake.',
    );
  });

  it('an expired certificate says so', () => {
    const e = errorToApi(err('certificate has expired', { code: 'HANDSHAKE_SSL_ERROR' }), target);
    expect(e.code).toBe('TLS_FAILED');
    expect(e.message).toContain('has expired');
  });
});

describe('errorToApi: authentication plugins we do not use', () => {
  it("mysql_clear_password is AUTH_FAILED saying it was not sent, not mysql2's option names", () => {
    const e = errorToApi(
      err(
        'Server requested authentication using mysql_clear_password, which sends the password ' +
          'in plaintext over the network and is disabled by default. To enable it, set the ' +
          '`enableCleartextPlugin` option to `true` in your connection configuration, or ' +
          'provide a custom `mysql_clear_password` auth plugin via the `authPlugins` option. ' +
          'Only use this over a secure connection (TLS/SSL).',
        { code: 'MYSQL_CLEAR_PASSWORD_NOT_ENABLED', fatal: true },
      ),
      target,
    );
    expect(e.code).toBe('AUTH_FAILED');
    expect(e.message).toBe(
      "The server db.example.com:3306 asked for the password of user 'app' in clear text " +
        '(mysql_clear_password, as LDAP and PAM accounts use). Sightline never sends a password ' +
        'that way, so it was not sent. Log in as an account that uses caching_sha2_password or ' +
        'mysql_native_password.',
    );
  });

  it.each(['client_ed25519', 'parsec', 'dialog', 'auth_gssapi_client'])(
    'an unknown plugin (%s) is AUTH_FAILED naming it, without "TODO" from mysql2',
    (plugin) => {
      const e = errorToApi(
        err(
          `Server requests authentication using unknown plugin ${plugin}. See TODO: add ` +
            'plugins doco here on how to configure or author authentication plugins.',
          { code: 'AUTH_SWITCH_PLUGIN_ERROR', fatal: true },
        ),
        target,
      );
      expect(e.code).toBe('AUTH_FAILED');
      expect(e.message).toBe(
        `The server db.example.com:3306 asked user 'app' to log in with the authentication ` +
          `plugin '${plugin}', which Sightline does not support; nothing secret was sent. ` +
          'Sightline logs in with caching_sha2_password, sha256_password and ' +
          'mysql_native_password accounts.',
      );
    },
  );

  it('other plugin errors keep their own words', () => {
    const e = errorToApi(
      err('The server sent an unexpected authentication packet.', {
        code: 'AUTH_SWITCH_PLUGIN_ERROR',
      }),
      target,
    );
    expect(e.message).toBe(
      'Logging in to db.example.com:3306 failed: The server sent an unexpected authentication packet.',
    );
  });
});

describe('errorToApi: SSH', () => {
  it("ssh2's client-authentication level is SSH_AUTH_FAILED naming the SSH server and user", () => {
    const e = errorToApi(
      err('All configured authentication methods failed', { level: 'client-authentication' }),
      target,
    );
    expect(e.code).toBe('SSH_AUTH_FAILED');
    expect(e.message).toBe(
      "The SSH server bastion.example.com:22 rejected user 'deploy': the key or password was not accepted.",
    );
  });

  it('a refused SSH port is SSH_FAILED naming the SSH server, not the database', () => {
    const e = errorToApi(
      err('connect ECONNREFUSED 127.0.0.1:1', {
        errno: -111,
        code: 'ECONNREFUSED',
        syscall: 'connect',
        address: '127.0.0.1',
        port: 1,
        level: 'client-socket',
      }),
      target,
    );
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe(
      'Nothing is listening on the SSH server bastion.example.com:22 (connection refused).',
    );
  });

  it('an unknown SSH host is SSH_FAILED naming it', () => {
    const e = errorToApi(
      err('getaddrinfo ENOTFOUND bastion.example.com', {
        errno: -3008,
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
        hostname: 'bastion.example.com',
        level: 'client-socket',
      }),
      target,
    );
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe("The SSH server's host name 'bastion.example.com' could not be found.");
  });

  it('the layer decides: a plain ECONNREFUSED from the SSH step is about the SSH server', () => {
    const e = errorToApi(err('connect ECONNREFUSED', { code: 'ECONNREFUSED' }), target, 'ssh');
    expect(e.code).toBe('SSH_FAILED');
  });

  it('ssh2 handshake timeout is TIMEOUT naming the SSH server', () => {
    const e = errorToApi(
      err('Timed out while waiting for handshake', { level: 'client-timeout' }),
      target,
    );
    expect(e.code).toBe('TIMEOUT');
    expect(e.message).toBe('The SSH server bastion.example.com:22 did not answer within 10 s.');
  });

  it('a forward the database refused is CONNECTION_REFUSED, as seen from the SSH server', () => {
    const e = errorToApi(
      err('(SSH) Channel open failure: Connection refused', { reason: 2 }),
      target,
      'ssh',
    );
    expect(e.code).toBe('CONNECTION_REFUSED');
    expect(e.message).toBe(
      'Nothing is listening on db.example.com:3306 (connection refused, as seen from the SSH server bastion.example.com:22).',
    );
  });

  it('a database host the SSH server cannot resolve is HOST_NOT_FOUND', () => {
    const e = errorToApi(
      err('(SSH) Channel open failure: Name or service not known', { reason: 2 }),
      target,
      'ssh',
    );
    expect(e.code).toBe('HOST_NOT_FOUND');
    expect(e.message).toBe(
      "The host name 'db.example.com' could not be found by the SSH server bastion.example.com:22.",
    );
  });

  it('a forward the SSH server prohibits is SSH_FAILED saying so', () => {
    // OpenSSH sends reason 1 (administratively prohibited) with the description "open failed".
    const e = errorToApi(
      err('(SSH) Channel open failure: open failed', { reason: 1 }),
      target,
      'ssh',
    );
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe(
      'The SSH server bastion.example.com:22 does not allow forwarding to db.example.com:3306 (administratively prohibited: open failed).',
    );
  });

  it("any other channel-open failure is SSH_FAILED with the server's words", () => {
    const e = errorToApi(
      err('(SSH) Channel open failure: open failed', { reason: 2 }),
      target,
      'ssh',
    );
    expect(e.code).toBe('SSH_FAILED');
    expect(e.message).toBe(
      'The SSH server bastion.example.com:22 could not open a connection to db.example.com:3306: open failed.',
    );
  });

  it('a tunnel that broke under a working session is CONNECTION_LOST naming both ends', () => {
    expect(tunnelLostError(undefined, target).message).toBe(
      'The connection to db.example.com:3306 was lost: the SSH connection was closed (SSH server bastion.example.com:22).',
    );
    const keepalive = tunnelLostError(
      err('Keepalive timeout', { level: 'client-timeout' }),
      target,
    );
    expect(keepalive.code).toBe('CONNECTION_LOST');
    expect(keepalive.message).toBe(
      'The connection to db.example.com:3306 was lost: the SSH connection failed (Keepalive timeout) (SSH server bastion.example.com:22).',
    );
  });
});

describe('lostError, connectTimeoutError, serverErrorText', () => {
  it('lostError keeps CONNECTION_LOST and wraps anything else as CONNECTION_LOST', () => {
    expect(lostError(err('x', { code: 'PROTOCOL_CONNECTION_LOST' }), target).code).toBe(
      'CONNECTION_LOST',
    );
    const wrapped = lostError(err('Keepalive timeout', { level: 'client-timeout' }), target);
    expect(wrapped.code).toBe('CONNECTION_LOST');
    expect(wrapped.message).toBe(
      'The connection to db.example.com:3306 was lost: The SSH server bastion.example.com:22 did not answer within 10 s.',
    );
  });

  it('connectTimeoutError says where the attempt stopped', () => {
    const e = connectTimeoutError({ ...target, timeoutMs: 1500 }, 'greeting');
    expect(e.code).toBe('TIMEOUT');
    expect(e.message).toBe(
      'Connecting to db.example.com:3306 timed out after 1.5 s: the server accepted the connection but never sent its greeting.',
    );
    expect(connectTimeoutError(target, 'ssh').message).toContain(
      'while connecting to the SSH server bastion.example.com:22',
    );
  });

  it('serverErrorText is the server message with its codes, only for server errors', () => {
    expect(serverErrorText(serverErr(1064, 'ER_PARSE_ERROR', '42000', 'You have an error'))).toBe(
      'You have an error (1064, SQLSTATE 42000)',
    );
    expect(
      serverErrorText(err('read ECONNRESET', { code: 'ECONNRESET', errno: -104 })),
    ).toBeUndefined();
  });
});

describe('errorToApi never leaks secrets', () => {
  it('builds messages from known fields, not from the whole error object', () => {
    const e = errorToApi(
      err('boom', { code: 'SOMETHING', config: { password: 'hunter2' }, password: 'hunter2' }),
      target,
    );
    expect(JSON.stringify(e.toShape())).not.toContain('hunter2');
  });
});
