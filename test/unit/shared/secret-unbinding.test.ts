import { describe, expect, it } from 'vitest';
import { TLS_MODES, type TlsSettings } from '../../../src/shared/api/connection';
import { tlsWeakening } from '../../../src/shared/api/secret-unbinding';

/** Every combination of the settings that protect a password, two values of each file. */
function allTlsSettings(): TlsSettings[] {
  const all: TlsSettings[] = [];
  for (const mode of TLS_MODES)
    for (const caFile of [undefined, '/ca-1.pem', '/ca-2.pem'])
      for (const serverPublicKeyFile of [undefined, '/key-1.pem', '/key-2.pem'])
        for (const getServerPublicKey of [undefined, true]) {
          const verifies = mode === 'verify-ca' || mode === 'verify-identity';
          if (verifies && caFile === undefined) continue; // the schema refuses it
          all.push({ mode, caFile, serverPublicKeyFile, getServerPublicKey });
        }
  return all;
}

describe('tlsWeakening', () => {
  const all = allTlsSettings();

  it('never weakens settings compared with themselves', () => {
    for (const tls of all) expect(tlsWeakening(tls, tls)).toBeNull();
  });

  it('adds up: edits that each weaken nothing never weaken in sum', () => {
    // Otherwise a saved password could be walked to a weak connection one allowed edit at a time.
    const notWeaker = (a: TlsSettings, b: TlsSettings) => tlsWeakening(a, b) === null;
    let chains = 0;
    for (const a of all)
      for (const b of all) {
        if (!notWeaker(a, b)) continue;
        for (const c of all) {
          if (!notWeaker(b, c)) continue;
          chains++;
          expect(tlsWeakening(a, c), `${JSON.stringify([a, b, c])}`).toBeNull();
        }
      }
    // The check ran over many real chains, not an empty set.
    expect(chains).toBeGreaterThan(1000);
  });
});
