import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface TargetEntry {
  target: string;
  arch?: string[];
}
interface BuilderConfig {
  electronFuses: Record<string, boolean>;
  appId: string;
  productName: string;
  asar: boolean;
  afterSign: string;
  files: string[];
  win: { target: TargetEntry[]; icon: string };
  nsis: { artifactName: string };
  portable: { artifactName: string };
  mac: {
    target: TargetEntry[];
    icon: string;
    hardenedRuntime: boolean;
    entitlements: string;
    entitlementsInherit: string;
    notarize: boolean;
  };
  linux: {
    target: TargetEntry[];
    icon: string;
    category: string;
    desktop: { entry: Record<string, string> };
  };
}

async function loadConfig(): Promise<BuilderConfig> {
  return parse(await readFile(path.join(REPO, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}

/** electron-builder's own schema, compiled with the options its validator uses. */
async function builderValidator() {
  const schemaFile = require.resolve('app-builder-lib/scheme.json');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, strict: false });
  return ajv.compile(schema);
}

function targets(list: TargetEntry[]): string[] {
  return list.flatMap((t) => (t.arch ?? ['default']).map((a) => `${t.target}/${a}`));
}

describe('electron-builder.yml', () => {
  let validate: Awaited<ReturnType<typeof builderValidator>>;
  // Compiling the schema (some 7,000 lines) takes seconds on a busy machine.
  beforeAll(async () => {
    validate = await builderValidator();
  }, 60_000);

  it("is valid against electron-builder's own JSON schema", async () => {
    const ok = validate(await loadConfig());
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("passes electron-builder's own validateConfiguration (schema plus deprecation checks)", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (config: unknown, log: object) => Promise<void>;
    };
    const log = { isEnabled: false, add: () => {} };
    await expect(validateConfiguration(await loadConfig(), log)).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...(await loadConfig()), asarUnpak: ['**/*.node'] }, log),
    ).rejects.toThrow("configuration has an unknown property 'asarUnpak'");
  }, 60_000);

  it('the schema check catches a misspelt option and a wrong architecture', async () => {
    const config = await loadConfig();
    expect(validate({ ...config, asarUnpak: ['**/*.node'] })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'asarUnpak' },
    });
    const badArch = {
      ...config,
      win: { ...config.win, target: [{ target: 'nsis', arch: 'sparc' }] },
    };
    expect(validate(badArch)).toBe(false);
  });

  it('flips the fuses that stop code injection into the packaged app', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('builds every installer the issue lists, for each architecture', async () => {
    const c = await loadConfig();
    expect(c.appId).toBe('dev.sightline.app');
    expect(c.productName).toBe('Sightline');
    expect(c.asar).toBe(true);
    expect(targets(c.win.target)).toEqual([
      'nsis/x64',
      'nsis/arm64',
      'portable/x64',
      'portable/arm64',
    ]);
    // Both Windows targets make an .exe: distinct names so one does not overwrite the other.
    expect(c.nsis.artifactName).not.toBe(c.portable.artifactName);
    expect(targets(c.mac.target)).toEqual(['dmg/x64', 'dmg/arm64', 'zip/x64', 'zip/arm64']);
    expect(targets(c.linux.target)).toEqual(['AppImage/x64', 'deb/x64', 'rpm/x64']);
  });

  it('signs macOS builds with the hardened runtime, minimal entitlements and the notarize hook', async () => {
    const c = await loadConfig();
    expect(c.mac.hardenedRuntime).toBe(true);
    expect(c.mac.entitlements).toBe('resources/entitlements.mac.plist');
    expect(c.mac.entitlementsInherit).toBe('resources/entitlements.mac.plist');
    // Only the hook notarizes, so it happens once, and only with credentials.
    expect(c.mac.notarize).toBe(false);
    expect(c.afterSign).toBe('scripts/notarize.cjs');
    const plist = await readFile(path.join(REPO, c.mac.entitlements), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('installs a Linux desktop entry in the Development category', async () => {
    const c = await loadConfig();
    expect(c.linux.category).toBe('Development');
    expect(c.linux.desktop.entry).toMatchObject({
      Name: 'Sightline',
      Categories: 'Development;Database;',
    });
    // electron-builder writes Exec itself from executableName and refuses one here.
    expect(c.linux.desktop.entry.Exec).toBeUndefined();
  });

  it('points at icons generated from resources/icon.svg in every format', async () => {
    const c = await loadConfig();
    const icns = await readFile(path.join(REPO, c.mac.icon));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const ico = await readFile(path.join(REPO, c.win.icon));
    // ICONDIR: reserved 0, type 1 (icon), then the number of images; 256 px is the largest.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5);
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = PNG.sync.read(
        await readFile(path.join(REPO, c.linux.icon, `${size}x${size}.png`)),
      );
      expect([png.width, png.height]).toEqual([size, size]);
      // The rounded corners are transparent, the middle is the opaque blue tile.
      expect(png.data[3]).toBeLessThan(8);
      const mid = (Math.floor(size / 2) * size + Math.floor(size / 4)) * 4;
      expect(png.data[mid + 3]).toBe(255);
    }
  });
});

describe('the notarization hook', () => {
  const { notarizeOptions } = require(path.join(REPO, 'scripts/notarize.cjs')) as {
    notarizeOptions: (env: Record<string, string | undefined>, appPath: string) => unknown;
  };

  it('does nothing without Apple credentials', () => {
    expect(notarizeOptions({ PATH: '/usr/bin' }, '/tmp/Sightline.app')).toBeNull();
  });

  it('prefers an App Store Connect API key, then an Apple ID, then a keychain profile', () => {
    const key = { APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'KID', APPLE_API_ISSUER: 'ISS' };
    const id = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'TEAM' };
    expect(notarizeOptions({ ...key, ...id }, '/A.app')).toEqual({
      appPath: '/A.app',
      appleApiKey: '/k.p8',
      appleApiKeyId: 'KID',
      appleApiIssuer: 'ISS',
    });
    expect(notarizeOptions(id, '/A.app')).toEqual({
      appPath: '/A.app',
      appleId: 'a@b.c',
      appleIdPassword: 'pw',
      teamId: 'TEAM',
    });
    expect(notarizeOptions({ APPLE_KEYCHAIN_PROFILE: 'p', APPLE_KEYCHAIN: 'k' }, '/A.app')).toEqual(
      { appPath: '/A.app', keychainProfile: 'p', keychain: 'k' },
    );
  });

  it('refuses a half-given set instead of shipping an unnotarized app', () => {
    expect(() => notarizeOptions({ APPLE_ID: 'a@b.c', APPLE_TEAM_ID: 'T' }, '/A.app')).toThrow(
      'notarization: APPLE_APP_SPECIFIC_PASSWORD not set (needed with APPLE_ID)',
    );
  });
});
