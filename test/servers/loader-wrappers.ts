import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loaderCommand, type UnpackedPackages } from './unpacked-packages';

/**
 * Writes small `sh` scripts that run unpacked binaries through their suite's loader, so they can
 * be called like ordinary programs: by people (the sandbox prints `.../bin/mysql -h ...`) and by
 * scripts that exec a fixed path (`mariadb-install-db` runs `$basedir/sbin/mariadbd`).
 * `binaries` maps a wrapper path relative to `dir` to a binary path relative to the root.
 * Returns the absolute wrapper paths in the same order.
 */
export async function writeLoaderWrappers(
  unpacked: UnpackedPackages,
  dir: string,
  binaries: Record<string, string>,
): Promise<string[]> {
  const written: string[] = [];
  for (const [wrapper, binary] of Object.entries(binaries)) {
    const path = join(dir, wrapper);
    const command = loaderCommand(unpacked, join(unpacked.root, binary)).map(shellQuote).join(' ');
    await mkdir(join(path, '..'), { recursive: true });
    // exec keeps the pid: whoever started the wrapper can signal the real program.
    await writeFile(path, `#!/bin/sh\nexec ${command} "$@"\n`);
    await chmod(path, 0o755);
    written.push(path);
  }
  return written;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
