import { provisionMariaDb1011 } from './provision-mariadb-10.11';
import { provisionMariaDb118OrThrow } from './provision-mariadb-11.8';
import { provisionMySql97 } from './provision-mysql-9.7';
import type { ServerInstallation } from './server-installation';
import type { ServerKind } from './server-kind';

const provisioning = new Map<ServerKind, Promise<ServerInstallation>>();

/**
 * The binaries for `kind`, provisioned on first use (see the provision-* modules). Memoised per
 * process so servers started in parallel share one provisioning and one `--version` probe; a
 * failure is not memoised, so a later call tries again. Throws with the reason when the kind
 * cannot be provisioned (MariaDB 11.8 callers treat that as "skip").
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
  'mariadb-11.8': provisionMariaDb118OrThrow,
};
