import { dirname, join } from 'node:path';
import { findExecutable } from './find-executable';
import { logProgress } from './progress-log';
import { identifyDaemon, type ServerInstallation } from './server-installation';
import {
  EXPECTED_VERSION_PREFIX,
  KIND_NAMES,
  OPTIONAL_KINDS,
  programOf,
  type ServerKind,
} from './server-kind';

// Debian keeps daemons in /usr/sbin, which a non-root PATH often lacks.
const DAEMON_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/local/mysql/bin'];

/**
 * A server daemon already installed on this machine that can serve `kind`: `mysqld` or
 * `mariadbd` on PATH (Homebrew on macOS, a distribution package, or Debian's /usr/sbin/mariadbd,
 * which is the intended MariaDB 10.11). Each candidate is asked its `--version`, because a
 * `mysqld` is often MariaDB in disguise. For the optional kinds only their own release qualifies;
 * for the others a different release line is used with a warning (a developer's Homebrew
 * MySQL is better than none). Returns null when nothing fits.
 */
export async function findInstalledDaemon(kind: ServerKind): Promise<ServerInstallation | null> {
  const program = programOf(kind);
  const names = program === 'mysql' ? ['mysqld'] : ['mariadbd', 'mysqld'];
  const seen = new Set<string>();
  for (const name of names) {
    const path = findExecutable(name, DAEMON_DIRS);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    const identity = await identifyDaemon([path]).catch(() => null);
    if (identity?.program !== program) continue;
    const expected = EXPECTED_VERSION_PREFIX[kind];
    if (!identity.version.startsWith(`${expected}.`)) {
      if (OPTIONAL_KINDS.has(kind)) continue;
      logProgress(
        `${KIND_NAMES[kind]}: using ${path}, which is ${identity.version} (not ${expected})`,
      );
    }
    return {
      kind,
      program,
      version: identity.version,
      origin: 'path',
      daemon: [path],
      daemonOptions: [],
      installDb:
        program === 'mariadb'
          ? findSibling(path, ['mariadb-install-db', 'mysql_install_db'])
          : null,
      client: findSibling(path, program === 'mariadb' ? ['mariadb', 'mysql'] : ['mysql']),
    };
  }
  return null;
}

/** A companion program of `daemon`: next to it, in the sibling bin/ directory, or on PATH. */
function findSibling(daemon: string, names: readonly string[]): string[] | null {
  const dirs = [dirname(daemon), join(dirname(daemon), '..', 'bin'), '/usr/bin'];
  for (const name of names) {
    const found = findExecutable(name, dirs);
    if (found) return [found];
  }
  return null;
}
