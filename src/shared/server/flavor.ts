import { z } from 'zod';
import { parseServerVersion, type ServerVersion } from './version';

export const SERVER_FLAVORS = ['mysql', 'percona', 'mariadb'] as const;
export const ServerFlavorSchema = z.enum(SERVER_FLAVORS);
export type ServerFlavor = z.infer<typeof ServerFlavorSchema>;

/** Names as users know them. */
export const FLAVOR_NAMES: Record<ServerFlavor, string> = {
  mysql: 'MySQL',
  percona: 'Percona Server',
  mariadb: 'MariaDB',
};

export interface DetectedFlavor {
  flavor: ServerFlavor;
  version: ServerVersion;
}

/**
 * Tells MySQL, Percona Server and MariaDB apart from `SELECT VERSION()` and `@@version_comment`.
 * MariaDB always says so in VERSION(); Percona says so in the comment (its VERSION() looks like
 * MySQL's with a release suffix, `8.0.35-27`). Anything else that speaks the protocol is MySQL.
 * Returns null when VERSION() does not start with a version number.
 */
export function detectFlavor(versionText: string, versionComment: string): DetectedFlavor | null {
  const version = parseServerVersion(versionText);
  if (!version) return null;
  if (/mariadb/i.test(versionText) || /mariadb/i.test(versionComment)) {
    return { flavor: 'mariadb', version };
  }
  if (/percona/i.test(versionComment) || /percona/i.test(versionText)) {
    return { flavor: 'percona', version };
  }
  return { flavor: 'mysql', version };
}
