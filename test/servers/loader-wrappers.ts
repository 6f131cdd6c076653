import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
    const script = `#!/bin/sh\nexec ${command} "$@"\n`;
    // Another test process may be running this wrapper: an unchanged one is left alone, and a
    // changed one replaced whole (rename), never seen half-written.
    if ((await readFile(path, 'utf8').catch(() => null)) !== script) {
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, script);
      await chmod(temp, 0o755);
      await rename(temp, path);
    }
    written.push(path);
  }
  return written;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
