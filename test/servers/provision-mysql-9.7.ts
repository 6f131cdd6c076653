import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findExecutable } from './find-executable';
import { writeLoaderWrappers } from './loader-wrappers';
import { findInstalledDaemon } from './path-daemon';
import { identifyDaemon, type ServerInstallation } from './server-installation';
import {
  loaderCommand,
  provisionUnpackedPackages,
  type UnpackedPackages,
} from './unpacked-packages';

/**
 * MySQL 9.7: a MySQL `mysqld` already on PATH (e.g. Homebrew), else Debian sid's
 * `mysql-server-core` unpacked into the cache and run through sid's own loader (bookworm has no
 * MySQL, and sid's build needs a newer glibc). The first run downloads about 55 MB; later runs
 * reuse the cache without touching the network.
 */
export async function provisionMySql97(): Promise<ServerInstallation> {
  const installed = await findInstalledDaemon('mysql');
  if (installed) return installed;
  requireDebianTools('MySQL 9.7', 'SIGHTLINE_TEST_MYSQL_URL');

  const unpacked = await provisionUnpackedPackages({
    name: 'mysql',
    label: 'MySQL 9.7',
    suite: 'sid',
    packages: ['mysql-server-core', 'mysql-client-core'],
    skip: /^(perl|perl-base|perl-modules-.*|libperl.*)$/,
    verify: async (tree) => {
      const identity = await identifyDaemon(daemonOf(tree));
      if (identity.program !== 'mysql')
        throw new Error(`sid's mysqld says it is ${identity.version}`);
    },
  });
  const [client] = await writeLoaderWrappers(unpacked, unpacked.cacheDir, {
    'bin/mysql': 'usr/bin/mysql',
    'bin/mysqld': 'usr/sbin/mysqld',
    'bin/mysqladmin': 'usr/bin/mysqladmin',
    'bin/mysqlbinlog': 'usr/bin/mysqlbinlog',
    'bin/mysqldump': 'usr/bin/mysqldump',
  });
  const usr = join(unpacked.root, 'usr');
  const charsets = join(usr, 'share/mysql/charsets');
  return {
    kind: 'mysql',
    program: 'mysql',
    version: (await identifyDaemon(daemonOf(unpacked))).version,
    origin: 'unpacked',
    daemon: daemonOf(unpacked),
    // The compiled-in defaults point at /usr, where this machine may have MariaDB's files.
    daemonOptions: [
      `--basedir=${usr}`,
      `--lc-messages-dir=${join(usr, 'share/mysql')}`,
      `--plugin-dir=${join(usr, 'lib/mysql/plugin')}`,
      ...(existsSync(charsets) ? [`--character-sets-dir=${charsets}`] : []),
    ],
    installDb: null,
    client: client ? [client] : null,
  };
}

function daemonOf(unpacked: UnpackedPackages): string[] {
  return loaderCommand(unpacked, join(unpacked.root, 'usr/sbin/mysqld'));
}

/**
 * The unpack method needs Debian's apt and dpkg; elsewhere, say what else would work rather than
 * failing deep inside a command.
 */
export function requireDebianTools(label: string, urlVariable: string): void {
  for (const tool of ['apt-get', 'apt-cache', 'dpkg']) {
    if (!findExecutable(tool)) {
      throw new Error(
        `${label}: no server binary on PATH and no \`${tool}\` to provision one from Debian: ` +
          `install it (e.g. Homebrew) so it is on PATH, or set ${urlVariable}=mysql://user:pass@host:port`,
      );
    }
  }
}
