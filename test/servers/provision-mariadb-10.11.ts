import { cacheRootDir } from './cache-dir';
import { withDirLock } from './dir-lock';
import { findInstalledDaemon } from './path-daemon';
import { logProgress, formatDuration } from './progress-log';
import { runCommand } from './run-command';
import type { ServerInstallation } from './server-installation';

const PACKAGES = ['mariadb-server-core', 'mariadb-client-core'];

/**
 * MariaDB 10.11: the daemon already on this machine (Debian bookworm's /usr/sbin/mariadbd, or
 * one on PATH), else Debian's own `mariadb-server-core` and `mariadb-client-core` installed with
 * apt (as root). Never `mariadb-server`: its post-install starts a system service. Throws with
 * what to do when there is no daemon and no way to install one.
 */
export async function provisionMariaDb1011(): Promise<ServerInstallation> {
  const installed = await findInstalledDaemon('mariadb');
  if (installed) return installed;

  if (process.getuid?.() !== 0) {
    throw new Error(
      'MariaDB 10.11 not found (no mariadbd on PATH or in /usr/sbin) and not running as root to ' +
        `install it: run \`sudo apt-get install -y ${PACKAGES.join(' ')}\`, install MariaDB with ` +
        'your package manager, or set SIGHTLINE_TEST_MARIADB_URL=mysql://user:pass@host:port',
    );
  }
  // dpkg has its own lock, but a second process would fail on it instead of waiting.
  await withDirLock(`${cacheRootDir()}/apt-install.lock`, installWithApt, {
    waitingMessage: 'MariaDB 10.11: another process is running apt-get install; waiting',
  });
  const provisioned = await findInstalledDaemon('mariadb');
  if (!provisioned)
    throw new Error(`apt-get installed ${PACKAGES.join(' ')} but no mariadbd was found`);
  return { ...provisioned, origin: 'apt' };
}

async function installWithApt(): Promise<void> {
  if (await findInstalledDaemon('mariadb')) return; // installed while this process waited
  const started = performance.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = [
    'apt-get',
    '-o',
    'DPkg::Lock::Timeout=300',
    'install',
    '-y',
    '--no-install-recommends',
    ...PACKAGES,
  ];
  logProgress(`MariaDB 10.11: apt-get install ${PACKAGES.join(' ')}`);
  try {
    await runCommand(install, { env });
  } catch (error) {
    // A fresh machine (or container) may have no package lists yet.
    logProgress(
      `MariaDB 10.11: install failed (${firstLine(error)}); running apt-get update and retrying`,
    );
    await runCommand(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update'], { env });
    await runCommand(install, { env });
  }
  logProgress(`MariaDB 10.11: installed with apt (${formatDuration(performance.now() - started)})`);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
