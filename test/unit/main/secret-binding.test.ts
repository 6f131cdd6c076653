import { describe, expect, it } from 'vitest';
import {
  requireRetyped,
  secretsStillBound,
  type DroppedSecret,
} from '../../../src/main/services/secret-binding';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
  type SshSettings,
  type TlsSettings,
} from '../../../src/shared/api/connection';
import { isApiError } from '../../../src/shared/api/errors';

const SSH: SshSettings = { host: 'bastion.example', port: 22, user: 'me', auth: 'password' };
const saved: ConnectionSettings = {
  ...defaultConnectionSettings(),
  name: 'prod',
  endpoint: { kind: 'tcp', host: '10.0.0.5', port: 3306 },
  user: 'app',
  ssh: SSH,
};
const stored = { password: 'db pw', sshPassword: 'ssh pw', sshPassphrase: 'key phrase' };

describe('secretsStillBound', () => {
  it('keeps every secret when only other settings change', () => {
    const now = { ...saved, name: 'renamed', readOnly: true, production: true, initSql: 'SET x=1' };
    expect(secretsStillBound(saved, now, stored)).toEqual({ secrets: stored, dropped: [] });
  });

  it.each<[string, Partial<ConnectionSettings>]>([
    ['host', { endpoint: { kind: 'tcp', host: 'evil.example', port: 3306 } }],
    ['port', { endpoint: { kind: 'tcp', host: '10.0.0.5', port: 3307 } }],
    ['socket', { endpoint: { kind: 'socket', path: '/tmp/mysql.sock' } }],
    ['user', { user: 'root' }],
  ])('drops the database password when the %s changes', (_what, change) => {
    const { secrets, dropped } = secretsStillBound(saved, { ...saved, ...change }, stored);
    expect(secrets).toEqual({ sshPassword: 'ssh pw', sshPassphrase: 'key phrase' });
    expect(dropped).toEqual([{ secret: 'password', why: { kind: 'target' } }]);
  });

  it.each<[string, SshSettings | null]>([
    ['SSH host', { ...SSH, host: 'other.example' }],
    ['SSH port', { ...SSH, port: 2222 }],
    ['SSH user', { ...SSH, user: 'root' }],
    ['SSH tunnel (removed)', null],
  ])('drops both passwords when the %s changes; keeps the key passphrase', (_what, ssh) => {
    const { secrets, dropped } = secretsStillBound(saved, { ...saved, ssh }, stored);
    expect(secrets).toEqual({ sshPassphrase: 'key phrase' });
    expect(dropped).toEqual([
      { secret: 'password', why: { kind: 'target' } },
      { secret: 'sshPassword', why: { kind: 'target' } },
    ]);
  });
});

describe('secretsStillBound: the protection a secret was saved with', () => {
  const CA = '/etc/ssl/db-ca.pem';
  const KEY = '/etc/mysql/public_key.pem';
  const FINGERPRINT = `SHA256:${'A'.repeat(43)}`;
  const OTHER_FINGERPRINT = `SHA256:${'B'.repeat(43)}`;
  const withTls = (tls: TlsSettings): ConnectionSettings => ({ ...saved, tls });
  const withHostKey = (hostKeySha256: string | undefined): ConnectionSettings => ({
    ...saved,
    ssh: hostKeySha256 === undefined ? SSH : { ...SSH, hostKeySha256 },
  });

  it.each<[string, TlsSettings, TlsSettings, string]>([
    [
      'verify-identity to off',
      { mode: 'verify-identity', caFile: CA },
      { mode: 'off' },
      'TLS mode lowered from verify-identity to off',
    ],
    [
      'verify-identity to verify-ca',
      { mode: 'verify-identity', caFile: CA },
      { mode: 'verify-ca', caFile: CA },
      'TLS mode lowered from verify-identity to verify-ca',
    ],
    [
      'verify-ca to preferred',
      { mode: 'verify-ca', caFile: CA },
      { mode: 'preferred', caFile: CA },
      'TLS mode lowered from verify-ca to preferred',
    ],
    [
      'required to preferred',
      { mode: 'required' },
      { mode: 'preferred' },
      'TLS mode lowered from required to preferred',
    ],
    [
      'preferred to off',
      { mode: 'preferred' },
      { mode: 'off' },
      'TLS mode lowered from preferred to off',
    ],
    [
      'the CA file replaced while verifying',
      { mode: 'verify-ca', caFile: CA },
      { mode: 'verify-identity', caFile: '/tmp/other-ca.pem' },
      'CA file changed',
    ],
    [
      'the pinned server key removed',
      { mode: 'off', serverPublicKeyFile: KEY },
      { mode: 'off' },
      'server public key file removed',
    ],
    [
      'the pinned server key replaced',
      { mode: 'off', serverPublicKeyFile: KEY },
      { mode: 'off', serverPublicKeyFile: '/tmp/their-key.pem' },
      'server public key file changed',
    ],
    [
      "requesting the server's key turned on",
      { mode: 'off' },
      { mode: 'off', getServerPublicKey: true },
      "requesting the server's public key turned on",
    ],
    [
      "requesting the server's key turned on next to a pinned key",
      { mode: 'preferred', serverPublicKeyFile: KEY },
      { mode: 'preferred', serverPublicKeyFile: KEY, getServerPublicKey: true },
      "requesting the server's public key turned on",
    ],
  ])('drops the database password when TLS is weakened: %s', (_what, before, after, change) => {
    const { secrets, dropped } = secretsStillBound(withTls(before), withTls(after), stored);
    expect(secrets).toEqual({ sshPassword: 'ssh pw', sshPassphrase: 'key phrase' });
    expect(dropped).toEqual([{ secret: 'password', why: { kind: 'tls', change } }]);
  });

  it.each<[string, TlsSettings, TlsSettings]>([
    ['the same settings', { mode: 'verify-ca', caFile: CA }, { mode: 'verify-ca', caFile: CA }],
    ['off to required', { mode: 'off' }, { mode: 'required' }],
    [
      'preferred to verify-identity',
      { mode: 'preferred' },
      { mode: 'verify-identity', caFile: CA },
    ],
    [
      'verify-ca to verify-identity',
      { mode: 'verify-ca', caFile: CA },
      { mode: 'verify-identity', caFile: CA },
    ],
    // Not verified before: a CA file named for the first time, or changed, weakens nothing.
    [
      'a CA file under required',
      { mode: 'required', caFile: CA },
      { mode: 'required', caFile: '/x.pem' },
    ],
    ['a server key pinned', { mode: 'off' }, { mode: 'off', serverPublicKeyFile: KEY }],
    [
      "requesting the server's key turned off",
      { mode: 'off', getServerPublicKey: true },
      { mode: 'off' },
    ],
  ])('keeps every secret when TLS is not weakened: %s', (_what, before, after) => {
    expect(secretsStillBound(withTls(before), withTls(after), stored)).toEqual({
      secrets: stored,
      dropped: [],
    });
  });

  it.each<[string, string | undefined]>([
    ['replaced by another', OTHER_FINGERPRINT],
    ['forgotten (trusting another later would replace it in two edits)', undefined],
  ])('drops both passwords when the trusted SSH host key is %s', (_what, after) => {
    const { secrets, dropped } = secretsStillBound(
      withHostKey(FINGERPRINT),
      withHostKey(after),
      stored,
    );
    expect(secrets).toEqual({ sshPassphrase: 'key phrase' });
    expect(dropped).toEqual([
      { secret: 'password', why: { kind: 'host-key' } },
      { secret: 'sshPassword', why: { kind: 'host-key' } },
    ]);
  });

  it('keeps every secret when a host key is trusted on first use, or stays the same', () => {
    const firstUse = secretsStillBound(withHostKey(undefined), withHostKey(FINGERPRINT), stored);
    expect(firstUse).toEqual({ secrets: stored, dropped: [] });
    const same = secretsStillBound(withHostKey(FINGERPRINT), withHostKey(FINGERPRINT), stored);
    expect(same).toEqual({ secrets: stored, dropped: [] });
  });

  it('weakening TLS leaves the SSH password alone: it does not travel over TLS', () => {
    const before = withTls({ mode: 'verify-identity', caFile: CA });
    const { secrets } = secretsStillBound(before, withTls({ mode: 'off' }), {
      sshPassword: 'ssh pw',
    });
    expect(secrets).toEqual({ sshPassword: 'ssh pw' });
  });
});

describe('requireRetyped', () => {
  it('asks for the password in words, naming why', () => {
    let error: unknown;
    try {
      requireRetyped([{ secret: 'password', why: { kind: 'target' } }], {}, saved);
    } catch (e) {
      error = e;
    }
    expect(isApiError(error, 'PASSWORD_REQUIRED')).toBe(true);
    expect((error as Error).message).toBe(
      'The password must be typed again: the saved one is only sent to the server it was saved ' +
        "for, and this connection's host, port, user or SSH server changed.",
    );
  });

  it('is satisfied by a typed password, or by settings that need none', () => {
    const dropped = [{ secret: 'password' as const, why: { kind: 'target' as const } }];
    expect(() => requireRetyped(dropped, { password: 'new' }, saved)).not.toThrow();
    expect(() => requireRetyped(dropped, {}, { ...saved, passwordMode: 'none' })).not.toThrow();
  });

  it.each<[string, DroppedSecret, string]>([
    [
      'weakened TLS',
      {
        secret: 'password',
        why: { kind: 'tls', change: 'TLS mode lowered from verify-ca to off' },
      },
      'The password must be typed again: the saved one is only sent as protected as when it was ' +
        "saved, and this connection's TLS settings are weaker (TLS mode lowered from verify-ca to off).",
    ],
    [
      'a replaced host key',
      { secret: 'sshPassword', why: { kind: 'host-key' } },
      'The SSH password must be typed again: the saved one is only sent to the server it was ' +
        "saved for, and this connection's trusted SSH host key was forgotten or replaced.",
    ],
  ])('names %s as the reason', (_what, dropped, message) => {
    expect(() => requireRetyped([dropped], {}, saved)).toThrow(message);
  });
});
