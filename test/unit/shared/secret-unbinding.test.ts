import { describe, expect, it } from 'vitest';
import { TLS_MODES, type TlsSettings } from '../../../src/shared/api/connection';
import { tlsWeakening } from '../../../src/shared/api/secret-unbinding';

const PIN_1 = `SHA256:${'A'.repeat(43)}`;
const PIN_2 = `SHA256:${'B'.repeat(43)}`;

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

/** The same with pinned certificates (and one value of each file, so the chains stay few). */
function allPinSettings(): TlsSettings[] {
  const all: TlsSettings[] = [];
  for (const mode of TLS_MODES)
    for (const caFile of [undefined, '/ca-1.pem'])
      for (const serverCertSha256 of [undefined, PIN_1, PIN_2])
        for (const serverPublicKeyFile of [undefined, '/key-1.pem']) {
          const verifies = mode === 'verify-ca' || mode === 'verify-identity';
          if (verifies && caFile === undefined) continue;
          all.push({ mode, caFile, serverCertSha256, serverPublicKeyFile });
        }
  return all;
}

describe.each([
  ['files', allTlsSettings()],
  ['pinned certificates', allPinSettings()],
])('tlsWeakening over %s', (_name, all) => {
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

describe('tlsWeakening of a pinned certificate', () => {
  it('a pinned certificate may be added, not forgotten or replaced, while the mode relies on it', () => {
    const required = { mode: 'required' as const };
    expect(tlsWeakening(required, { ...required, serverCertSha256: PIN_1 })).toBeNull();
    expect(tlsWeakening({ ...required, serverCertSha256: PIN_1 }, required)).toBe(
      'pinned server certificate forgotten',
    );
    expect(
      tlsWeakening(
        { mode: 'preferred', serverCertSha256: PIN_1 },
        { mode: 'required', serverCertSha256: PIN_2 },
      ),
    ).toBe('pinned server certificate replaced');
    // A verified mode needs no pin: the CA decides.
    expect(
      tlsWeakening(
        { ...required, serverCertSha256: PIN_1 },
        { mode: 'verify-ca', caFile: '/ca-1.pem' },
      ),
    ).toBeNull();
  });
});
