import type { Connection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { ApiError } from '../../../src/shared/api/errors';

/** A stand-in for mysql2's promise connection: answers the two queries readServerInfo makes. */
function fakeConn(
  vars: Record<string, unknown>,
  status: Array<Record<string, unknown>>,
): Connection {
  const query = async (options: { sql: string }) => {
    if (options.sql.startsWith('SELECT VERSION()')) return [[vars], []];
    if (options.sql.startsWith('SHOW SESSION STATUS')) return [status, []];
    throw new Error(`unexpected query ${options.sql}`);
  };
  return { query } as unknown as Connection;
}

const mariadbVars = {
  version: '10.11.19-MariaDB-0+deb12u1-log',
  versionComment: 'Debian 12',
  hostname: 'db1',
  // BIGINT UNSIGNED arrives as a string with bigNumberStrings.
  connectionId: '42',
  systemTimeZone: 'UTC',
  timeZone: 'SYSTEM',
};
const plainStatus = [
  { Variable_name: 'Ssl_cipher', Value: '' },
  { Variable_name: 'Uptime', Value: '3600' },
];

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.catch((x: unknown) => x);
  if (!(e instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(e)}`);
  return e;
}

describe('readServerInfo', () => {
  it('builds ServerInfo with flavor, capabilities and the system time zone for SYSTEM', async () => {
    const info = await readServerInfo(fakeConn(mariadbVars, plainStatus), true);
    expect(info).toMatchObject({
      flavor: 'mariadb',
      version: { major: 10, minor: 11, patch: 19 },
      versionText: '10.11.19-MariaDB-0+deb12u1-log',
      versionComment: 'Debian 12',
      hostname: 'db1',
      uptimeSeconds: 3600,
      connectionId: 42,
      timeZone: 'UTC',
      tlsCipher: null,
      viaSsh: true,
    });
    expect(info.capabilities.mariadbGtid).toBe(true);
    expect(info.capabilities.mysqlGtid).toBe(false);
  });

  it('names a session time zone and a TLS cipher when there are some', async () => {
    const info = await readServerInfo(
      fakeConn(
        {
          ...mariadbVars,
          version: '8.0.36-28',
          versionComment: 'Percona Server (GPL), Release 28',
          timeZone: '+02:00',
          connectionId: 7,
        },
        [
          { Variable_name: 'Uptime', Value: '5' },
          { Variable_name: 'Ssl_cipher', Value: 'TLS_AES_256_GCM_SHA384' },
        ],
      ),
      false,
    );
    expect(info.flavor).toBe('percona');
    expect(info.timeZone).toBe('+02:00');
    expect(info.tlsCipher).toBe('TLS_AES_256_GCM_SHA384');
    expect(info.connectionId).toBe(7);
  });

  it('a VERSION() without a version number is SERVER_ERROR naming it', async () => {
    const e = await failure(
      readServerInfo(fakeConn({ ...mariadbVars, version: 'banana' }, plainStatus), false),
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.message).toBe(
      'The server returned "banana" for VERSION(): it does not start with a version number.',
    );
  });

  it('a CONNECTION_ID() that is not a whole number is SERVER_ERROR naming it', async () => {
    const e = await failure(
      readServerInfo(fakeConn({ ...mariadbVars, connectionId: 'x1' }, plainStatus), false),
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.message).toMatch(/^The server returned "x1" for CONNECTION_ID\(\): /);
  });

  it('a missing column is SERVER_ERROR naming it', async () => {
    const { hostname: _dropped, ...withoutHostname } = mariadbVars;
    const e = await failure(readServerInfo(fakeConn(withoutHostname, plainStatus), false));
    expect(e.message).toMatch(/^The server returned nothing for @@hostname: /);
  });

  it('a missing or odd Uptime is SERVER_ERROR naming it', async () => {
    const missing = await failure(
      readServerInfo(fakeConn(mariadbVars, [{ Variable_name: 'Ssl_cipher', Value: '' }]), false),
    );
    expect(missing.message).toBe(
      "The server returned nothing for status variable 'Uptime': expected a whole number of seconds.",
    );
    const odd = await failure(
      readServerInfo(fakeConn(mariadbVars, [{ Variable_name: 'Uptime', Value: '-3' }]), false),
    );
    expect(odd.message).toBe(
      'The server returned "-3" for status variable \'Uptime\': expected a whole number of seconds.',
    );
  });

  it('a status answer without the usual columns is SERVER_ERROR', async () => {
    const e = await failure(
      readServerInfo(fakeConn(mariadbVars, [{ name: 'Uptime', value: '1' }]), false),
    );
    expect(e.code).toBe('SERVER_ERROR');
    expect(e.message).toContain('SHOW SESSION STATUS');
  });
});
