import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultConnectionSettings,
  defaultTlsModeFor,
  TlsSettingsSchema,
} from '../../../src/shared/api/connection';
import { ConnectionStore } from '../../../src/main/store/connection-store';
import { keySecretBox } from '../../../src/main/store/key-secret-box';
import { useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

describe('TLS defaults', () => {
  it("new connections start with TLS 'required'; a local socket with 'preferred'", () => {
    expect(defaultConnectionSettings().tls).toEqual({ mode: 'required' });
    expect(defaultTlsModeFor('tcp')).toBe('required');
    expect(defaultTlsModeFor('socket')).toBe('preferred');
  });

  it('the password options are optional, so files written before them still read', () => {
    expect(TlsSettingsSchema.parse({ mode: 'off' })).toEqual({ mode: 'off' });
    expect(
      TlsSettingsSchema.parse({
        mode: 'off',
        serverPublicKeyFile: '/k.pem',
        getServerPublicKey: true,
      }),
    ).toEqual({ mode: 'off', serverPublicKeyFile: '/k.pem', getServerPublicKey: true });
  });

  it("a connection saved as 'preferred' keeps its mode: saved settings are not rewritten", async () => {
    const dataDir = await makeTempDir();
    const { tls: _ignored, ...rest } = defaultConnectionSettings();
    await writeFile(
      join(dataDir, 'connections.json'),
      JSON.stringify({
        format: 'sightline-connections',
        version: 1,
        connections: [
          {
            ...rest,
            name: 'old',
            tls: { mode: 'preferred' },
            id: 'old-id',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
            sealedSecrets: {},
          },
        ],
      }),
    );
    const store = await ConnectionStore.open(
      dataDir,
      keySecretBox(randomBytes(32), 'key-file', 'k'),
    );
    expect(store.get('old-id').tls).toEqual({ mode: 'preferred' });
  });
});
