import { describe, expect, it } from 'vitest';
import {
  draftFromSettings,
  draftSavedPasswordUnbound,
  draftSavedSshPasswordUnbound,
  draftTrustingHostKey,
  draftWithEndpointKind,
  settingsFromDraft,
} from '../../../../src/renderer/connections/connection-draft';
import {
  defaultConnectionSettings,
  type SavedConnection,
} from '../../../../src/shared/api/connection';

const saved: SavedConnection = {
  ...defaultConnectionSettings(),
  name: 'prod',
  endpoint: { kind: 'tcp', host: 'db.example', port: 3306 },
  user: 'app',
  id: 'c1',
  createdAt: '',
  updatedAt: '',
  secrets: { password: true, sshPassword: false, sshPassphrase: false },
};

describe('the connection draft and the saved password', () => {
  it('says the password must be typed again once host, port or user change', () => {
    const d = draftFromSettings(saved);
    const moved =
      "The saved password is only sent to the server it was saved for: this connection's " +
      'host, port, user or SSH server changed, so type it again.';
    expect(draftSavedPasswordUnbound(d, saved)).toBeNull();
    expect(draftSavedPasswordUnbound({ ...d, name: 'renamed' }, saved)).toBeNull();
    expect(draftSavedPasswordUnbound({ ...d, host: 'elsewhere.example' }, saved)).toBe(moved);
    expect(draftSavedPasswordUnbound({ ...d, port: '3307' }, saved)).toBe(moved);
    expect(draftSavedPasswordUnbound({ ...d, user: 'root' }, saved)).toBe(moved);
    // Typed again: nothing to say.
    expect(draftSavedPasswordUnbound({ ...d, port: '3307', password: 'x' }, saved)).toBeNull();
    // A new connection has no saved password to move.
    expect(draftSavedPasswordUnbound({ ...d, port: '3307' }, null)).toBeNull();
  });

  it('says so when TLS is weakened, and not when it is raised', () => {
    const d = draftFromSettings(saved);
    expect(draftSavedPasswordUnbound({ ...d, tlsMode: 'off' }, saved)).toBe(
      "The saved password is only sent as protected as when it was saved: this connection's TLS " +
        'settings are weaker (TLS mode lowered from required to off), so type it again.',
    );
    expect(
      draftSavedPasswordUnbound({ ...d, tlsMode: 'required', getServerPublicKey: true }, saved),
    ).toBe(
      "The saved password is only sent as protected as when it was saved: this connection's TLS " +
        "settings are weaker (requesting the server's public key turned on), so type it again.",
    );
    expect(
      draftSavedPasswordUnbound({ ...d, tlsMode: 'verify-identity', caFile: '/ca.pem' }, saved),
    ).toBeNull();
  });

  it('says both passwords must be typed again once the trusted SSH host key is replaced', () => {
    const ssh = { host: 'bastion.example', port: 22, user: 'me', auth: 'password' as const };
    const viaSsh: SavedConnection = {
      ...saved,
      ssh: { ...ssh, hostKeySha256: `SHA256:${'A'.repeat(43)}` },
      secrets: { password: true, sshPassword: true, sshPassphrase: false },
    };
    const d = draftFromSettings(viaSsh);
    expect(draftSavedPasswordUnbound(d, viaSsh)).toBeNull();
    expect(draftSavedSshPasswordUnbound(d, viaSsh)).toBeNull();
    const replaced = draftTrustingHostKey(d, {
      host: 'bastion.example',
      port: 22,
      fingerprint: `SHA256:${'B'.repeat(43)}`,
    });
    expect(draftSavedPasswordUnbound(replaced, viaSsh)).toBe(
      "The saved password is only sent to the server it was saved for: this connection's " +
        'trusted SSH host key was forgotten or replaced, so type it again.',
    );
    expect(draftSavedSshPasswordUnbound(replaced, viaSsh)).toBe(
      "The saved SSH password is only sent to the server it was saved for: this connection's " +
        'trusted SSH host key was forgotten or replaced, so type it again.',
    );
    // Typed again, the SSH password field has nothing to say.
    expect(draftSavedSshPasswordUnbound({ ...replaced, sshPassword: 'x' }, viaSsh)).toBeNull();
    // The first key trusted for a connection saved without one keeps both.
    const firstUse: SavedConnection = { ...viaSsh, ssh };
    const trusted = draftTrustingHostKey(draftFromSettings(firstUse), {
      host: 'bastion.example',
      port: 22,
      fingerprint: `SHA256:${'B'.repeat(43)}`,
    });
    expect(draftSavedPasswordUnbound(trusted, firstUse)).toBeNull();
    expect(draftSavedSshPasswordUnbound(trusted, firstUse)).toBeNull();
  });

  it('carries the pinned key file and the opt-in into the settings', () => {
    const d = { ...draftFromSettings(), name: 'n', tlsMode: 'off' as const };
    const pinned = settingsFromDraft({ ...d, serverPublicKeyFile: ' /k.pem ' });
    expect(pinned.ok && pinned.settings.tls).toEqual({
      mode: 'off',
      serverPublicKeyFile: '/k.pem',
    });
    const optIn = settingsFromDraft({ ...d, getServerPublicKey: true });
    expect(optIn.ok && optIn.settings.tls).toEqual({ mode: 'off', getServerPublicKey: true });
  });

  it("a new connection's TLS mode follows its endpoint kind until the user picks one", () => {
    const d = draftFromSettings();
    expect(d.tlsMode).toBe('required');
    const socket = draftWithEndpointKind(d, 'socket', true);
    expect(socket.tlsMode).toBe('preferred');
    expect(draftWithEndpointKind(socket, 'tcp', true).tlsMode).toBe('required');
    // A mode chosen by the user, or a saved connection's mode, is left alone.
    expect(draftWithEndpointKind({ ...d, tlsMode: 'verify-ca' }, 'socket', true).tlsMode).toBe(
      'verify-ca',
    );
    expect(draftWithEndpointKind(d, 'socket', false).tlsMode).toBe('required');
  });
});
