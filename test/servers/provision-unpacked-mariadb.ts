import { existsSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeLoaderWrappers } from './loader-wrappers';
import { findInstalledDaemon } from './path-daemon';
import { requireDebianTools } from './provision-mysql-9.7';
import { identifyDaemon, type ServerInstallation } from './server-installation';
import { EXPECTED_VERSION_PREFIX, KIND_NAMES, type ServerKind } from './server-kind';
import { ENDPOINT_URL_VARIABLES } from './endpoint';
import {
  loaderCommand,
  provisionUnpackedPackages,
  type UnpackedPackages,
} from './unpacked-packages';

/** A MariaDB release taken from another Debian suite than this machine's. */
export interface UnpackedMariaDb {
  kind: ServerKind;
  /** The Debian suite that ships it, e.g. `trixie` (11.8) or `bullseye` (10.5). */
  suite: string;
  /** Its server and client packages in that suite. */
  packages: readonly string[];
}

/**
 * An optional MariaDB release: a daemon of its release line on PATH, else the suite's
 * `mariadb-server-core` unpacked and run through that suite's own loader. Throws with the
 * reason when it cannot be provisioned (callers skip that release's tests).
 */
export async function provisionUnpackedMariaDb(spec: UnpackedMariaDb): Promise<ServerInstallation> {
  const label = KIND_NAMES[spec.kind];
  const line = EXPECTED_VERSION_PREFIX[spec.kind];
  const installed = await findInstalledDaemon(spec.kind);
  if (installed) return installed;
  requireDebianTools(label, ENDPOINT_URL_VARIABLES[spec.kind]);

  const unpacked = await provisionUnpackedPackages({
    name: spec.kind,
    label,
    suite: spec.suite,
    packages: [...spec.packages],
    skip: /^(perl|perl-base|perl-modules-.*|libperl.*|debconf|cdebconf|dpkg|passwd|adduser)$/,
    verify: async (tree) => {
      const identity = await identifyDaemon(daemonOf(tree));
      if (!identity.version.startsWith(`${line}.`)) {
        throw new Error(`${spec.suite}'s mariadbd is ${identity.version}, not ${line}`);
      }
    },
  });
  const basedir = await writeBasedir(unpacked);
  return {
    kind: spec.kind,
    program: 'mariadb',
    version: (await identifyDaemon(daemonOf(unpacked))).version,
    origin: 'unpacked',
    daemon: daemonOf(unpacked),
    daemonOptions: [
      `--basedir=${basedir}`,
      `--lc-messages-dir=${join(unpacked.root, 'usr/share/mariadb')}`,
    ],
    installDb: [join(unpacked.root, 'usr/bin/mariadb-install-db'), `--basedir=${basedir}`],
    client: [join(basedir, 'bin/mariadb')],
  };
}

function daemonOf(unpacked: UnpackedPackages): string[] {
  return loaderCommand(unpacked, join(unpacked.root, 'usr/sbin/mariadbd'));
}

/**
 * `mariadb-install-db` is a shell script that runs `$basedir/sbin/mariadbd` and friends, so its
 * basedir is a directory of loader wrappers next to the unpacked `share`.
 */
async function writeBasedir(unpacked: UnpackedPackages): Promise<string> {
  const basedir = join(unpacked.cacheDir, 'base');
  await mkdir(basedir, { recursive: true });
  const share = join(basedir, 'share');
  if (!existsSync(share)) {
    await rm(share, { force: true });
    await symlink(join(unpacked.root, 'usr/share'), share);
  }
  await writeLoaderWrappers(unpacked, basedir, {
    'sbin/mariadbd': 'usr/sbin/mariadbd',
    // 10.5's mariadb-install-db still looks for the daemon by its old name.
    'sbin/mysqld': 'usr/sbin/mariadbd',
    'bin/mariadbd': 'usr/sbin/mariadbd',
    'bin/my_print_defaults': 'usr/bin/my_print_defaults',
    'bin/mariadb': 'usr/bin/mariadb',
    'bin/resolveip': 'usr/bin/resolveip',
    'bin/mariadb-admin': 'usr/bin/mariadb-admin',
    'bin/mariadb-binlog': 'usr/bin/mariadb-binlog',
  });
  return basedir;
}
