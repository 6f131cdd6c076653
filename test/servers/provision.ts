import { provisionMariaDb1011 } from './provision-mariadb-10.11';
import { provisionUnpackedMariaDb } from './provision-unpacked-mariadb';
import { provisionMySql97 } from './provision-mysql-9.7';
import type { ServerInstallation } from './server-installation';
import type { ServerKind } from './server-kind';

const provisioning = new Map<ServerKind, Promise<ServerInstallation>>();

/**
 * The binaries for `kind`, provisioned on first use (see the provision-* modules). Memoised per
 * process so servers started in parallel share one provisioning and one `--version` probe; a
 * failure is not memoised, so a later call tries again. Throws with the reason when the kind
 * cannot be provisioned (callers of the optional kinds treat that as "skip").
 */
export function provisionServer(kind: ServerKind): Promise<ServerInstallation> {
  let pending = provisioning.get(kind);
  if (!pending) {
    pending = PROVISIONERS[kind]();
    provisioning.set(kind, pending);
    pending.catch(() => provisioning.delete(kind));
  }
  return pending;
}

const PROVISIONERS: Record<ServerKind, () => Promise<ServerInstallation>> = {
  mysql: provisionMySql97,
  mariadb: provisionMariaDb1011,
  'mariadb-11.8': () =>
    provisionUnpackedMariaDb({
      kind: 'mariadb-11.8',
      suite: 'trixie',
      packages: ['mariadb-server-core', 'mariadb-client-core'],
    }),
  // The older LTS, whose instant-ALTER rules differ. Bullseye names its packages by release, and
  // its libsystemd0 pulls these libraries in as Pre-Depends, which the closure leaves out.
  'mariadb-10.5': () =>
    provisionUnpackedMariaDb({
      kind: 'mariadb-10.5',
      suite: 'bullseye',
      packages: [
        'mariadb-server-core-10.5',
        'mariadb-client-core-10.5',
        'libgcrypt20',
        'liblzma5',
        'libzstd1',
      ],
    }),
};
