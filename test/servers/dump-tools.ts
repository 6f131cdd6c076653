import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { serverCacheDir } from './cache-dir';
import { withDirLock } from './dir-lock';
import { findExecutable } from './find-executable';
import { logProgress } from './progress-log';
import { runCommand } from './run-command';
import { loaderCommand, provisionUnpackedPackages } from './unpacked-packages';

/**
 * `mysqldump` of MySQL 9.7: the loader wrapper the MySQL 9.7 provisioning writes next to its
 * unpacked packages (it unpacks `mysql-client-core`), else one on PATH (a MySQL install; on a
 * machine with MariaDB's client, `mysqldump` on PATH is MariaDB's, hence the wrapper first).
 */
export function mysqldumpCommand(): string {
  const wrapper = join(serverCacheDir('mysql'), 'bin', 'mysqldump');
  const found = existsSync(wrapper) ? wrapper : findExecutable('mysqldump');
  if (!found)
    throw new Error(`no mysqldump on PATH and none at ${wrapper}: provision MySQL 9.7 first`);
  return found;
}

/**
 * `mariadb-dump`: one on PATH, else Debian bookworm's `mariadb-client` (10.11) downloaded with
 * `apt-get download` and unpacked into the cache with `dpkg -x`, without installing it (its
 * dependencies, perl among them, are not needed by the dump program). The test servers'
 * `mariadb-client-core` has no dump program.
 */
export async function mariadbDumpCommand(): Promise<string> {
  const onPath = findExecutable('mariadb-dump');
  if (onPath) return onPath;
  const dir = serverCacheDir('mariadb-client');
  const binary = join(dir, 'root', 'usr', 'bin', 'mariadb-dump');
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  await withDirLock(`${dir}.lock`, async () => {
    if (existsSync(binary)) return;
    logProgress('mariadb-dump: apt-get download mariadb-client');
    const debs = join(dir, 'debs');
    await rm(debs, { recursive: true, force: true });
    await mkdir(debs, { recursive: true });
    const download = ['apt-get', 'download', 'mariadb-client'];
    try {
      await runCommand(download, { cwd: debs });
    } catch {
      await runCommand(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update']);
      await runCommand(download, { cwd: debs });
    }
    const deb = readdirSync(debs).find((f) => f.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download mariadb-client left no .deb');
    await runCommand(['dpkg', '-x', join(debs, deb), join(dir, 'root')]);
  });
  return binary;
}

/**
 * MariaDB 11.8's `mariadb-dump`: Debian trixie's `mariadb-client` unpacked next to the 11.8
 * server's packages (its own cache) and run through trixie's loader, like the server.
 */
export async function mariadbDump118Command(): Promise<string[]> {
  const unpacked = await provisionUnpackedPackages({
    name: 'mariadb-11.8-client',
    label: 'mariadb-dump 11.8',
    suite: 'trixie',
    packages: ['mariadb-client'],
    skip: /^(perl|perl-base|perl-modules-.*|libperl.*|lib.*-perl|debconf|cdebconf|dpkg|passwd|adduser|debianutils)$/,
    verify: async (tree) => {
      const { stdout } = await runCommand([
        ...loaderCommand(tree, join(tree.root, 'usr/bin/mariadb-dump')),
        '--version',
      ]);
      if (!/\b11\.8\./.test(stdout)) throw new Error(`trixie's mariadb-dump says ${stdout.trim()}`);
    },
  });
  return loaderCommand(unpacked, join(unpacked.root, 'usr/bin/mariadb-dump'));
}
