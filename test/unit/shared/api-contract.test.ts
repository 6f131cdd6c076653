import { describe, expect, it } from 'vitest';
import { createApiClient, type ClientTransport } from '../../../src/shared/api/client';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import { contract } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import { MAX_MESSAGE_BYTES, messageTooLargeError } from '../../../src/shared/api/message-limits';
import type { ClientMessage } from '../../../src/shared/api/wire';

const settings = () => ({ ...defaultConnectionSettings(), name: 'prod' });

describe('contract schemas', () => {
  it('accepts a complete connection save', () => {
    const r = contract['connections.save'].params.safeParse({
      settings: settings(),
      secrets: { password: 'x' },
    });
    expect(r.success).toBe(true);
  });

  it.each([
    [
      { endpoint: { kind: 'tcp', host: '127.0.0.1', port: 70000 } },
      'settings.endpoint.port',
      'Port must be between 1 and 65535',
    ],
    [
      { endpoint: { kind: 'tcp', host: 'a host', port: 3306 } },
      'settings.endpoint.host',
      'Host must be a name or address',
    ],
    [{ name: '   ' }, 'settings.name', 'Name is required'],
    [{ tls: { mode: 'verify-ca' } }, 'settings.tls.caFile', 'A CA file is needed'],
    [{ tls: { mode: 'required', certFile: '/c.pem' } }, 'settings.tls.keyFile', 'go together'],
    [
      { ssh: { host: 'bastion', port: 22, user: 'me', auth: 'key' } },
      'settings.ssh.privateKeyFile',
      'private key file',
    ],
    [{ connectTimeoutMs: 10 }, 'settings.connectTimeoutMs', 'at least 1 s'],
  ])('rejects %j at %s', (patch, path, message) => {
    const r = contract['connections.save'].params.safeParse({
      settings: { ...settings(), ...patch },
      secrets: {},
    });
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(['settings', ...issue.path.slice(1)].join('.')).toBe(path);
    expect(issue.message).toContain(message);
  });

  it('rejects unknown keys on parameterless methods', () => {
    expect(contract['app.info'].params.safeParse({ evil: 1 }).success).toBe(false);
  });
});

function fakeTransport() {
  const sent: ClientMessage[] = [];
  let receive: (m: unknown) => void = () => {};
  const transport: ClientTransport = {
    send: (m) => sent.push(m),
    onMessage: (r) => (receive = r),
  };
  return { transport, sent, receive: (m: unknown) => receive(m) };
}

describe('api client', () => {
  it('resolves results as the backend sent them: it checked them before sending (router.ts)', async () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const p = client.call('connections.delete', { id: 'a' });
    expect(t.sent).toEqual([
      { t: 'call', id: 1, method: 'connections.delete', params: { id: 'a' } },
    ]);
    t.receive({ t: 'result', id: 1, ok: true, value: { deleted: true } });
    await expect(p).resolves.toEqual({ deleted: true });
  });

  it('rebuilds server errors with their codes', async () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const p = client.call('connections.list', {});
    t.receive({
      t: 'result',
      id: 1,
      ok: false,
      error: { code: 'AUTH_FAILED', message: 'no', serverCode: 1045, sqlState: '28000' },
    });
    const e = await p.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 'AUTH_FAILED', serverCode: 1045, sqlState: '28000' });
  });

  it('rebuilds a refused SSH host key with the key that was presented', async () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const p = client.call('connections.list', {});
    const sshHostKey = {
      host: 'bastion',
      port: 22,
      fingerprint: 'SHA256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLeY',
      algorithm: 'ssh-ed25519',
      expected: `SHA256:${'A'.repeat(43)}`,
    };
    t.receive({
      t: 'result',
      id: 1,
      ok: false,
      error: { code: 'SSH_HOST_KEY_CHANGED', message: 'Danger', sshHostKey },
    });
    const e = await p.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).toShape()).toEqual({
      code: 'SSH_HOST_KEY_CHANGED',
      message: 'Danger',
      sshHostKey,
    });
  });

  it('rebuilds a refused TLS certificate with both fingerprints', async () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const p = client.call('connections.list', {});
    const tlsCert = {
      server: 'db:3306',
      expected: `SHA256:${'A'.repeat(43)}`,
      fingerprint: `SHA256:${'B'.repeat(43)}`,
      subject: 'CN=db',
      issuer: 'CN=ca',
      validFrom: 'Nov 27 18:00:00 2026 GMT',
      validTo: 'Nov 29 18:00:00 2026 GMT',
    };
    t.receive({
      t: 'result',
      id: 1,
      ok: false,
      error: { code: 'TLS_CERT_CHANGED', message: 'Danger', tlsCert },
    });
    const e = await p.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).toShape()).toEqual({
      code: 'TLS_CERT_CHANGED',
      message: 'Danger',
      tlsCert,
    });
  });

  it('fails pending calls when the backend goes down and tells listeners', async () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const states: string[] = [];
    client.onBackendState((s) => states.push(s));
    const p = client.call('connections.list', {});
    t.receive({ t: 'backend', state: 'down', reason: 'crash' });
    await expect(p).rejects.toMatchObject({ code: 'BACKEND_DIED' });
    t.receive({ t: 'backend', state: 'up' });
    expect(states).toEqual(['down', 'up']);
  });

  it('tells a listener that starts while the backend is down at once, and not once it is up', () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    t.receive({ t: 'backend', state: 'down', reason: 'no token' });
    const late: Array<[string, string | undefined]> = [];
    client.onBackendState((s, reason) => late.push([s, reason]));
    expect(late).toEqual([['down', 'no token']]);
    t.receive({ t: 'backend', state: 'up' });
    const later: string[] = [];
    client.onBackendState((s) => later.push(s));
    expect(later).toEqual([]);
    expect(late).toEqual([
      ['down', 'no token'],
      ['up', undefined],
    ]);
  });

  it('passes on what a transport refused to carry, and says the backend is unreachable otherwise', async () => {
    const refusing = (e: unknown): ClientTransport => ({
      send() {
        throw e;
      },
      onMessage() {},
    });
    const tooLarge = messageTooLargeError(500 * 1024 * 1024, MAX_MESSAGE_BYTES);
    await expect(createApiClient(refusing(tooLarge)).call('connections.list', {})).rejects.toBe(
      tooLarge,
    );
    expect(tooLarge).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining('500 MiB (524,288,000 bytes) as sent, more than the 384'),
    });
    await expect(
      createApiClient(refusing(new Error('the backend is restarting'))).call(
        'connections.list',
        {},
      ),
    ).rejects.toMatchObject({
      code: 'BACKEND_DIED',
      message: 'Could not reach the backend: the backend is restarting',
    });
  });

  it('delivers only events the contract names, as the backend checked them', () => {
    const t = fakeTransport();
    const client = createApiClient(t.transport);
    const got: unknown[] = [];
    client.on('session.lost', (p) => got.push(p));
    const ok = {
      sessionId: 's',
      connectionId: 'c',
      error: { code: 'CONNECTION_LOST', message: 'gone' },
    };
    t.receive({ t: 'event', name: 'session.lost', payload: ok });
    t.receive({ t: 'event', name: 'toString', payload: ok });
    t.receive({ t: 'event', name: 'no.such.event', payload: ok });
    expect(got).toEqual([ok]);
  });
});
