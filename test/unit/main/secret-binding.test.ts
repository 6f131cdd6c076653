import { describe, expect, it } from 'vitest';
import { requireRetyped, secretsStillBound } from '../../../src/main/services/secret-binding';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
  type SshSettings,
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
    const now = { ...saved, name: 'renamed', readOnly: true, tls: { mode: 'off' as const } };
    expect(secretsStillBound(saved, now, stored)).toEqual({ secrets: stored, dropped: [] });
  });

  it.each<[string, Partial<ConnectionSettings>]>([
    ['host', { endpoint: { kind: 'tcp', host: 'evil.example', port: 3306 } }],
    ['port', { endpoint: { kind: 'tcp', host: '10.0.0.5', port: 3307 } }],
    ['socket', { endpoint: { kind: 'socket', path: '/tmp/mysql.sock' } }],
    ['user', { user: 'root' }],
  ])('drops the database password when the %s changes', (_what, change) => {
    const { secrets, dropped } = secretsStillBound(saved, { ...saved, ...change }, stored);
    expect(dropped).toEqual(['password']);
    expect(secrets).toEqual({ sshPassword: 'ssh pw', sshPassphrase: 'key phrase' });
  });

  it.each<[string, SshSettings | null]>([
    ['SSH host', { ...SSH, host: 'other.example' }],
    ['SSH port', { ...SSH, port: 2222 }],
    ['SSH user', { ...SSH, user: 'root' }],
    ['SSH tunnel (removed)', null],
  ])('drops both passwords when the %s changes; keeps the key passphrase', (_what, ssh) => {
    const { secrets, dropped } = secretsStillBound(saved, { ...saved, ssh }, stored);
    expect(dropped).toEqual(['password', 'sshPassword']);
    expect(secrets).toEqual({ sshPassphrase: 'key phrase' });
  });
});

describe('requireRetyped', () => {
  it('asks for the password in words, naming why', () => {
    let error: unknown;
    try {
      requireRetyped(['password'], {}, saved);
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
    expect(() => requireRetyped(['password'], { password: 'new' }, saved)).not.toThrow();
    expect(() =>
      requireRetyped(['password'], {}, { ...saved, passwordMode: 'none' }),
    ).not.toThrow();
  });
});
