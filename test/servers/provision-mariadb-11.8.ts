import { existsSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeLoaderWrappers } from './loader-wrappers';
import { findInstalledDaemon } from './path-daemon';
import { logProgress } from './progress-log';
import { requireDebianTools } from './provision-mysql-9.7';
import { identifyDaemon, type ServerInstallation } from './server-installation';
import {
  loaderCommand,
  provisionUnpackedPackages,
  type UnpackedPackages,
} from './unpacked-packages';

/**
 * MariaDB 11.8, the optional third server: an 11.8 `mariadbd` on PATH, else Debian trixie's
 * `mariadb-server-core` unpacked and run through trixie's loader. Resolves to null, after
 * printing why, when it cannot be provisioned: callers skip 11.8 then instead of failing.
 */
export async function provisionMariaDb118(): Promise<ServerInstallation | null> {
  try {
    return await provisionMariaDb118OrThrow();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logProgress(`MariaDB 11.8 unavailable, tests for it are skipped: ${reason}`);
    return null;
  }
}

/** Like `provisionMariaDb118`, but throws with the reason instead of resolving to null. */
export async function provisionMariaDb118OrThrow(): Promise<ServerInstallation> {
  const installed = await findInstalledDaemon('mariadb-11.8');
  if (installed) return installed;
  requireDebianTools('MariaDB 11.8', 'SIGHTLINE_TEST_MARIADB118_URL');

  const unpacked = await provisionUnpackedPackages({
    name: 'mariadb-11.8',
    label: 'MariaDB 11.8',
    suite: 'trixie',
    packages: ['mariadb-server-core', 'mariadb-client-core'],
    skip: /^(perl|perl-base|perl-modules-.*|libperl.*|debconf|cdebconf|dpkg|passwd|adduser)$/,
    verify: async (tree) => {
      const identity = await identifyDaemon(daemonOf(tree));
      if (!identity.version.startsWith('11.8.')) {
        throw new Error(`trixie's mariadbd is ${identity.version}, not 11.8`);
      }
    },
  });
  const basedir = await writeBasedir(unpacked);
  return {
    kind: 'mariadb-11.8',
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
    'bin/mariadbd': 'usr/sbin/mariadbd',
    'bin/my_print_defaults': 'usr/bin/my_print_defaults',
    'bin/mariadb': 'usr/bin/mariadb',
    'bin/resolveip': 'usr/bin/resolveip',
    'bin/mariadb-admin': 'usr/bin/mariadb-admin',
    'bin/mariadb-binlog': 'usr/bin/mariadb-binlog',
  });
  return basedir;
}
