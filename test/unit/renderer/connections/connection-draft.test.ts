import { describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
} from '../../../../src/shared/api/connection';
import {
  draftFromSettings,
  draftHostKey,
  draftPinningTlsCert,
  draftTlsCert,
  draftTrustingHostKey,
  draftWithoutSecrets,
  secretsPatchFromDraft,
  settingsFromDraft,
} from '../../../../src/renderer/connections/connection-draft';

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

describe('SSH host key in the draft', () => {
  const fingerprint = 'SHA256:xuzsKjT+/wnaqK1DGAWSXLaYF/hQjEKMB5UMOrpVLeY';
  const withSsh = (hostKeySha256?: string): ConnectionSettings => ({
    ...defaultConnectionSettings(),
    name: 'behind a bastion',
    ssh: {
      host: 'bastion.example.com',
      port: 2222,
      user: 'me',
      auth: 'key',
      privateKeyFile: '/home/me/.ssh/id_ed25519',
      ...(hostKeySha256 !== undefined ? { hostKeySha256 } : {}),
    },
  });

  it('round-trips a trusted fingerprint, and its absence', () => {
    const d = draftFromSettings(withSsh(fingerprint));
    expect(d.sshHostKeySha256).toBe(fingerprint);
    expect(d.sshHostKeyFor).toBe('bastion.example.com:2222');
    expect(settingsFromDraft(d)).toEqual({ ok: true, settings: withSsh(fingerprint) });

    const none = draftFromSettings(withSsh());
    expect(none.sshHostKeySha256).toBe('');
    const r = settingsFromDraft(none);
    expect(r).toEqual({ ok: true, settings: withSsh() });
    expect(r.ok && r.settings.ssh?.hostKeySha256).toBeUndefined();
  });

  it('trusts a presented key for the server that presented it', () => {
    const d = draftTrustingHostKey(draftFromSettings(withSsh()), {
      host: 'bastion.example.com',
      port: 2222,
      fingerprint,
    });
    expect(draftHostKey(d)).toBe(fingerprint);
    const r = settingsFromDraft(d);
    expect(r.ok && r.settings.ssh?.hostKeySha256).toBe(fingerprint);
  });

  it('sends the key only for the SSH host and port it was trusted for', () => {
    const d = draftFromSettings(withSsh(fingerprint));
    const moved = { ...d, sshHost: 'other-bastion' };
    expect(draftHostKey(moved)).toBeUndefined();
    const r = settingsFromDraft(moved);
    expect(r.ok && r.settings.ssh?.hostKeySha256).toBeUndefined();
    // Typed back (spaces and all), it applies again.
    expect(draftHostKey({ ...moved, sshHost: ' bastion.example.com ', sshPort: '2222 ' })).toBe(
      fingerprint,
    );
    expect(draftHostKey({ ...d, sshPort: '22' })).toBeUndefined();
  });

  it('drops the key with SSH turned off, and forgets it when emptied', () => {
    const d = draftFromSettings(withSsh(fingerprint));
    expect(settingsFromDraft({ ...d, sshEnabled: false })).toMatchObject({
      ok: true,
      settings: { ssh: null },
    });
    const r = settingsFromDraft({ ...d, sshHostKeySha256: '' });
    expect(r.ok && r.settings.ssh?.hostKeySha256).toBeUndefined();
  });

  it('names the host key field when a stored value is malformed', () => {
    const d = { ...draftFromSettings(withSsh(fingerprint)), sshHostKeySha256: 'MD5:ab:cd' };
    expect(settingsFromDraft(d)).toEqual({
      ok: false,
      errors: {
        sshHostKeySha256:
          'The SSH host key fingerprint must be SHA256: followed by 43 base64 characters',
      },
    });
  });
});

describe('pinned TLS certificate in the draft', () => {
  const pin = `SHA256:${'D'.repeat(43)}`;
  const pinned = (serverCertSha256?: string): ConnectionSettings => ({
    ...defaultConnectionSettings(),
    name: 'pinned',
    endpoint: { kind: 'tcp', host: 'db.example.com', port: 3306 },
    tls: { mode: 'required', ...(serverCertSha256 !== undefined ? { serverCertSha256 } : {}) },
  });

  it('round-trips a pin, for the server it was pinned for', () => {
    const d = draftFromSettings(pinned(pin));
    expect(d.tlsCertSha256).toBe(pin);
    expect(d.tlsCertFor).toBe('db.example.com:3306');
    expect(settingsFromDraft(d)).toEqual({ ok: true, settings: pinned(pin) });
    expect(settingsFromDraft(draftFromSettings(pinned()))).toEqual({
      ok: true,
      settings: pinned(),
    });
  });

  it('drops the pin for another server, and applies again typed back', () => {
    const d = draftFromSettings(pinned(pin));
    expect(draftTlsCert({ ...d, host: 'db-2.example.com' })).toBeUndefined();
    expect(draftTlsCert({ ...d, port: '3307' })).toBeUndefined();
    expect(draftTlsCert({ ...d, host: ' db.example.com ' })).toBe(pin);
  });

  it('pins a presented fingerprint for the server now typed, or forgets it (no TLS)', () => {
    const d = draftPinningTlsCert(draftFromSettings(pinned()), pin);
    expect(settingsFromDraft(d)).toEqual({ ok: true, settings: pinned(pin) });
    expect(settingsFromDraft(draftPinningTlsCert(d, undefined))).toEqual({
      ok: true,
      settings: pinned(),
    });
  });

  it('names the field when a stored value is malformed', () => {
    const d = { ...draftFromSettings(pinned(pin)), tlsCertSha256: 'AB:CD' };
    expect(settingsFromDraft(d)).toEqual({
      ok: false,
      errors: {
        tlsCertSha256:
          'The certificate fingerprint must be SHA256: followed by 43 base64 characters',
      },
    });
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
