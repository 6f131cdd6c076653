import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  type ConnectionSettings,
} from '../../../src/shared/api/connection';
import { ConnectionStore } from '../../../src/main/store/connection-store';
import { keySecretBox } from '../../../src/main/store/key-secret-box';
import { useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();
const PIN = `SHA256:${'A'.repeat(43)}`;
const OTHER = `SHA256:${'B'.repeat(43)}`;

const base: ConnectionSettings = {
  ...defaultConnectionSettings(),
  name: 'prod',
  endpoint: { kind: 'tcp', host: 'db-1', port: 3306 },
  tls: { mode: 'required' },
};

async function storeWith(settings: ConnectionSettings) {
  const dir = await makeTempDir();
  const store = await ConnectionStore.open(dir, keySecretBox(randomBytes(32), 'key-file', 'k'));
  const saved = await store.save(undefined, settings, { password: 'hunter2' });
  return { store, id: saved.id, dir };
}

describe('ConnectionStore.pinTlsCertificate (trust on first use)', () => {
  it('pins the certificate of a connection without one, keeping its secrets', async () => {
    const { store, id, dir } = await storeWith(base);
    expect(await store.pinTlsCertificate(id, base, PIN)).toBe(true);
    expect(store.get(id).tls).toEqual({ mode: 'required', serverCertSha256: PIN });
    expect(store.secretsOf(id)).toEqual({ password: 'hunter2' });
    // Written, not only in memory.
    const reopened = await ConnectionStore.open(
      dir,
      keySecretBox(randomBytes(32), 'key-file', 'k'),
    );
    expect(reopened.get(id).tls.serverCertSha256).toBe(PIN);
  });

  it('never replaces a pin, nor pins settings edited since the connect', async () => {
    const { store, id } = await storeWith({
      ...base,
      tls: { mode: 'required', serverCertSha256: PIN },
    });
    expect(await store.pinTlsCertificate(id, base, OTHER)).toBe(false);
    expect(store.get(id).tls.serverCertSha256).toBe(PIN);

    const moved = await storeWith(base);
    const elsewhere = { ...base, endpoint: { kind: 'tcp' as const, host: 'db-2', port: 3306 } };
    expect(await moved.store.pinTlsCertificate(moved.id, elsewhere, OTHER)).toBe(false);
    const otherMode = { ...base, tls: { mode: 'preferred' as const } };
    expect(await moved.store.pinTlsCertificate(moved.id, otherMode, OTHER)).toBe(false);
    expect(moved.store.get(moved.id).tls).toEqual({ mode: 'required' });
  });
});
