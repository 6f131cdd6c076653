import os from 'node:os';
import path from 'node:path';

/**
 * Where browser mode and the CLI keep saved connections: SIGHTLINE_DATA_DIR, else the XDG
 * config folder (the desktop app uses Electron's userData folder instead).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SIGHTLINE_DATA_DIR) return path.resolve(env.SIGHTLINE_DATA_DIR);
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'Sightline');
  if (process.platform === 'darwin') {
    return path.join(os.homedir(), 'Library', 'Application Support', 'Sightline');
  }
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'sightline');
}
