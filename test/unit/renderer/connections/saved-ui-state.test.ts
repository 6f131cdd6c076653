import { describe, expect, it } from 'vitest';
import { useFakeLocalStorage } from '../fake-local-storage';
import {
  draftFromSettings,
  type ConnectionDraft,
} from '../../../../src/renderer/connections/connection-draft';
import {
  forgetDraft,
  keepDraft,
  parseKeptDraft,
  recoverDraft,
} from '../../../../src/renderer/connections/draft-store';
import { knownFlavor, rememberFlavor } from '../../../../src/renderer/connections/known-flavors';

const KEY = 'sightline.ui-state';

describe('what the connections feature saves goes through the UI state store', () => {
  const stored = useFakeLocalStorage();

  const values = () => (JSON.parse(stored.get(KEY)!) as { values: Record<string, unknown> }).values;

  it('moves a dialog draft kept under its old key into the store, without secrets', () => {
    const old: ConnectionDraft = {
      ...draftFromSettings(),
      name: 'Half typed',
      host: 'db.example',
      tlsMode: 'verify-ca',
    };
    // An older build kept the draft under its own key; a damaged one might hold a password.
    stored.set('sightline.connection-draft.c1', JSON.stringify({ ...old, password: 'hunter2' }));
    const recovered = recoverDraft('c1');
    expect(recovered).toMatchObject({
      name: 'Half typed',
      host: 'db.example',
      tlsMode: 'verify-ca',
    });
    expect(recovered).not.toHaveProperty('password');
    expect(stored.has('sightline.connection-draft.c1')).toBe(false);
    expect(values()['connection-draft.c1']).toMatchObject({ name: 'Half typed' });
    expect(JSON.stringify(values())).not.toContain('hunter2');
    // Read again, it comes from the store.
    expect(recoverDraft('c1')).toEqual(recovered);
  });

  it('keeps the draft of a new connection without its secrets, and forgets it', () => {
    expect(recoverDraft(undefined)).toBeUndefined();
    keepDraft(undefined, {
      ...draftFromSettings(),
      name: 'New one',
      password: 'p',
      sshPassword: 's',
      sshPassphrase: 'k',
    });
    expect(stored.get(KEY)).not.toMatch(/"p"|"s"|"k"/);
    const kept = recoverDraft(undefined);
    expect(kept).toMatchObject({ name: 'New one' });
    expect(kept).not.toHaveProperty('password');
    forgetDraft(undefined);
    expect(recoverDraft(undefined)).toBeUndefined();
    expect(values()).not.toHaveProperty(['connection-draft.new']);
  });

  it('reads back only the fields that still fit the form', () => {
    expect(parseKeptDraft('text')).toBeUndefined();
    expect(parseKeptDraft([1])).toBeUndefined();
    expect(
      parseKeptDraft({
        name: 'ok',
        port: 3306,
        color: 'ultraviolet',
        tlsMode: 'required',
        sshEnabled: 'yes',
        sshPassphrase: 'x',
        removedField: 'y',
      }),
    ).toEqual({ name: 'ok', tlsMode: 'required' });
  });

  it("moves a connection's last seen flavor from its old key into the store", () => {
    // The old key held the bare word, not JSON.
    stored.set('sightline.flavor.c1', 'mariadb');
    expect(knownFlavor('c1')).toBe('mariadb');
    expect(stored.has('sightline.flavor.c1')).toBe(false);
    expect(values()).toEqual({ 'flavor.c1': 'mariadb' });
    rememberFlavor('c1', 'mysql');
    rememberFlavor('c2', 'percona');
    expect(knownFlavor('c1')).toBe('mysql');
    expect(values()).toEqual({ 'flavor.c1': 'mysql', 'flavor.c2': 'percona' });
    stored.set('sightline.flavor.c3', 'oracle');
    expect(knownFlavor('c3')).toBeNull();
  });
});
