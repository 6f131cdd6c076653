import { describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import {
  draftFromSettings,
  draftWithoutSecrets,
  secretsPatchFromDraft,
  settingsFromDraft,
} from '../../../src/renderer/connections/connection-draft';

const draft = (patch: Partial<ReturnType<typeof draftFromSettings>> = {}) => ({
  ...draftFromSettings(),
  name: 'local',
  ...patch,
});

describe('settingsFromDraft', () => {
  it('round-trips the defaults', () => {
    const r = settingsFromDraft(draft());
    expect(r).toEqual({ ok: true, settings: { ...defaultConnectionSettings(), name: 'local' } });
  });

  it('converts typed numbers and seconds', () => {
    const r = settingsFromDraft(draft({ port: ' 33097 ', timeoutSeconds: '2.5' }));
    expect(r.ok && r.settings.endpoint).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 33097 });
    expect(r.ok && r.settings.connectTimeoutMs).toBe(2500);
  });

  it('names the form field that is wrong', () => {
    expect(settingsFromDraft(draft({ port: 'abc' }))).toEqual({
      ok: false,
      errors: { port: 'Must be a number' },
    });
    expect(settingsFromDraft(draft({ port: '' }))).toEqual({
      ok: false,
      errors: { port: 'Must be a number' },
    });
    expect(settingsFromDraft(draft({ name: '', host: 'two words' }))).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        host: 'Host must be a name or address without spaces or slashes',
      },
    });
    expect(settingsFromDraft(draft({ timeoutSeconds: '0.5' }))).toEqual({
      ok: false,
      errors: { timeoutSeconds: 'Connect timeout is at least 1 s' },
    });
    expect(settingsFromDraft(draft({ tlsMode: 'verify-ca' }))).toEqual({
      ok: false,
      errors: { caFile: 'A CA file is needed to verify the server certificate' },
    });
    expect(
      settingsFromDraft(
        draft({ sshEnabled: true, sshHost: 'bastion', sshUser: 'me', sshAuth: 'key' }),
      ),
    ).toEqual({
      ok: false,
      errors: { sshKeyFile: 'Choose the private key file for SSH key authentication' },
    });
  });

  it('keeps socket connections and drops SSH when disabled', () => {
    const r = settingsFromDraft(
      draft({
        endpointKind: 'socket',
        socketPath: '/run/mysqld/mysqld.sock',
        sshHost: 'left-over',
      }),
    );
    expect(r.ok && r.settings.endpoint).toEqual({
      kind: 'socket',
      path: '/run/mysqld/mysqld.sock',
    });
    expect(r.ok && r.settings.ssh).toBeNull();
  });
});

describe('secretsPatchFromDraft', () => {
  it('keeps a saved password when the field is left empty', () => {
    expect(secretsPatchFromDraft(draft())).toEqual({ sshPassword: null, sshPassphrase: null });
  });
  it('sets a typed password and clears it when the mode changes', () => {
    expect(secretsPatchFromDraft(draft({ password: 'pw' })).password).toBe('pw');
    expect(
      secretsPatchFromDraft(draft({ password: 'pw', passwordMode: 'ask' })).password,
    ).toBeNull();
  });
  it('sends only the secret of the SSH auth in use', () => {
    const d = draft({
      sshEnabled: true,
      sshAuth: 'key',
      sshPassphrase: 'pp',
      sshPassword: 'stale',
    });
    expect(secretsPatchFromDraft(d)).toEqual({ sshPassword: null, sshPassphrase: 'pp' });
  });
});

describe('draftWithoutSecrets', () => {
  it('never keeps a secret in what goes to local storage', () => {
    const d = draftWithoutSecrets(draft({ password: 'a', sshPassword: 'b', sshPassphrase: 'c' }));
    expect(JSON.stringify(d)).not.toMatch(/"(a|b|c)"/);
  });
});
