import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Finds a program by name on PATH, then in `extraDirs` (for /usr/sbin, which is not on a
 * normal user's PATH but is where Debian puts server daemons). Returns its path or null.
 */
export function findExecutable(name: string, extraDirs: readonly string[] = []): string | null {
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...pathDirs, ...extraDirs]) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}
