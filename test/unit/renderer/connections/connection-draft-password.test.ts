import { describe, expect, it } from 'vitest';
import {
  draftFromSettings,
  draftMovesSavedPassword,
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
    expect(draftMovesSavedPassword(d, saved)).toBe(false);
    expect(draftMovesSavedPassword({ ...d, name: 'renamed' }, saved)).toBe(false);
    expect(draftMovesSavedPassword({ ...d, host: 'elsewhere.example' }, saved)).toBe(true);
    expect(draftMovesSavedPassword({ ...d, port: '3307' }, saved)).toBe(true);
    expect(draftMovesSavedPassword({ ...d, user: 'root' }, saved)).toBe(true);
    // Typed again: nothing to say.
    expect(draftMovesSavedPassword({ ...d, port: '3307', password: 'x' }, saved)).toBe(false);
    // A new connection has no saved password to move.
    expect(draftMovesSavedPassword({ ...d, port: '3307' }, null)).toBe(false);
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
