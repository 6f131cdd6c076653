import type { ServerKind, ServerProgram } from './server-kind';
import { runCommand } from './run-command';

/** Where a server's binaries came from. */
export type InstallationOrigin = 'path' | 'apt' | 'unpacked';

/**
 * Everything needed to initialise and run one kind of server, whatever its origin. Commands are
 * argv prefixes because unpacked binaries run through a loader (`[ld.so, ..., mysqld]`).
 */
export interface ServerInstallation {
  kind: ServerKind;
  program: ServerProgram;
  /** The daemon's own version, e.g. `9.7.0` or `10.11.19-MariaDB-0+deb12u1`. */
  version: string;
  origin: InstallationOrigin;
  /** Runs the daemon (`mysqld` / `mariadbd`). */
  daemon: string[];
  /** Options every daemon run needs right after `--no-defaults` (basedir, message files). */
  daemonOptions: string[];
  /** MariaDB: runs `mariadb-install-db` (with its basedir option). MySQL initialises via the daemon. */
  installDb: string[] | null;
  /** Runs the command-line client (`mysql` / `mariadb`), when one is available. */
  client: string[] | null;
}

/** What a daemon says about itself when run with `--version`. */
export interface DaemonIdentity {
  program: ServerProgram;
  version: string;
}

/**
 * Runs `<daemon> --version` and tells MySQL from MariaDB. Needed because the names lie:
 * on Debian `mysqld` is a symlink to MariaDB's `mariadbd`.
 */
export async function identifyDaemon(daemon: readonly string[]): Promise<DaemonIdentity> {
  const { stdout, stderr } = await runCommand([...daemon, '--version'], { timeoutMs: 30_000 });
  const text = `${stdout}${stderr}`;
  // `mysqld  Ver 9.7.0 for Linux on x86_64 (Debian)` / `mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 ...`
  const version = /\bVer\s+(\S+)/.exec(text)?.[1];
  if (!version)
    throw new Error(`cannot read a version from \`${daemon.join(' ')} --version\`: ${text.trim()}`);
  return { program: /mariadb/i.test(text) ? 'mariadb' : 'mysql', version };
}
