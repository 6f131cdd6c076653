import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
} from '../../../src/shared/api/connection';
import { hostLinker } from '../../../src/main/services/replication/node-links';

/** A port nothing listens on: a server's, just closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function codeReaching(base: ConnectionSettings, password: string | undefined, port: number) {
  const linkTo = hostLinker({
    base,
    baseSecrets: password === undefined ? {} : { password },
    saved: [],
    secretsOf: () => ({}),
    logins: new Map(),
  });
  const error = await linkTo('127.0.0.1', port)
    .run(async () => 'read')
    .then(
      () => null,
      (e: unknown) => (e as { code?: string }).code,
    );
  return error;
}

describe('links to servers found through replication', () => {
  const base: ConnectionSettings = {
    ...defaultConnectionSettings(),
    name: 'prod',
    endpoint: { kind: 'tcp', host: 'db-1', port: 3306 },
    user: 'dba',
    passwordMode: 'saved',
    connectTimeoutMs: 2000,
  };

  it('do not carry the session password unless TLS verifies the server', async () => {
    const port = await closedPort();
    // Refused before any connection is tried.
    for (const mode of ['off', 'preferred', 'required'] as const) {
      expect(await codeReaching({ ...base, tls: { mode } }, 'pw', port), mode).toBe(
        'PASSWORD_REQUIRED',
      );
    }
    // Tried (and refused by the closed port, not by the rule): a verified link, or nothing secret.
    expect(
      await codeReaching(
        { ...base, tls: { mode: 'verify-ca', caFile: '/nonexistent-ca.pem' } },
        'pw',
        port,
      ),
    ).toBe('FILE_ERROR');
    expect(
      await codeReaching(
        { ...base, tls: { mode: 'preferred' }, passwordMode: 'none' },
        undefined,
        port,
      ),
    ).toBe('CONNECTION_REFUSED');
  });
});
