import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The root of everything provisioned for test servers: `${XDG_CACHE_HOME:-~/.cache}/sightline/servers`.
 * Outside the repo on purpose, so that every clone and worktree on a machine shares one download.
 */
export function cacheRootDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'sightline', 'servers');
}

/** The cache directory of one provisioned item, e.g. `.../sightline/servers/mysql`. */
export function serverCacheDir(name: string): string {
  return join(cacheRootDir(), name);
}
